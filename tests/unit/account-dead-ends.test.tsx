/**
 * Issue 7 item 3, "account flows without dead ends", from the owner's side: the real pages and wiring,
 * with only `fetch` (or the identity effects) faked.
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Router, Switch } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { PASSWORD_MESSAGES } from '#contracts/password.ts';
import { resendVerificationMessages } from '#machines/resend-verification.machine.ts';
import {
  passwordPolicyTexts,
  plainPasswordText,
  type SignInOutcome,
  signInMachine,
  signInMessages,
} from '#machines/sign-in.machine.ts';
import { configureApi } from '#src/api/client.ts';
import { liveResetPasswordLogic } from '#src/features/auth/account.wiring.ts';
import { LoginPage, NewPasswordPage, RegisterPage, SignInFlowProvider } from '#src/features/auth/index.ts';
import { controllable } from '#tests/generated/harness.tsx';

afterEach(() => configureApi({ fetch: undefined }));

type Answer = { status: number; body: unknown } | 'offline';
/** A fake server: answers by path, records what was asked. */
function fakeFetch(answers: Record<string, Answer>) {
  const calls: Array<{ path: string; body: unknown }> = [];
  configureApi({
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://portal.test');
      const request = input instanceof Request ? input : new Request(url, init);
      const text = await request.text();
      calls.push({ path: url.pathname, body: text ? JSON.parse(text) : undefined });
      const answer = answers[url.pathname];
      if (!answer || answer === 'offline') throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    }) as typeof fetch,
  });
  return calls;
}

describe('plain words for the provider’s password policy', () => {
  it.each([
    ['Password did not conform with policy: Password not long enough', 'Use at least 8 characters.'],
    ['Password does not conform to policy: Password not long enough', 'Use at least 8 characters.'],
    [
      "1 validation error detected: Value at 'password' failed to satisfy constraint: Member must have length greater than or equal to 6",
      'Use at least 8 characters.',
    ],
    ['Password did not conform with policy: Password must have uppercase characters', 'Add a capital letter (A–Z).'],
    ['Password did not conform with policy: Password must have lowercase characters', 'Add a small letter (a–z).'],
    ['Password did not conform with policy: Password must have numeric characters', 'Add a number (0–9).'],
    ['Password does not conform to policy: Password must have symbol characters', 'Add a symbol, such as ! or #.'],
    ['Provided password cannot be used for security reasons.', passwordPolicyTexts.tooCommon],
  ])('"%s" → "%s"', (provider, plain) => {
    expect(plainPasswordText(provider)).toBe(plain);
  });

  it('passes plain words through unchanged (our provider already speaks them)', () => {
    for (const plain of Object.values(passwordPolicyTexts)) expect(plainPasswordText(plain)).toBe(plain);
    expect(plainPasswordText('Passwords do not match')).toBe('Passwords do not match');
  });

  it('the new-password page shows the refusal in plain words', async () => {
    const actor = createActor(
      signInMachine.provide({
        actors: {
          signIn: fromPromise(async (): Promise<SignInOutcome> => ({ kind: 'newPasswordRequired' })),
          confirmNewPassword: fromPromise(async (): Promise<SignInOutcome> => {
            throw Object.assign(new Error('Password did not conform with policy: Password not long enough'), {
              name: 'InvalidPasswordException',
            });
          }),
        },
      }),
    ).start();
    actor.send({ type: 'signIn.submit', email: 'temp@demo.local', password: 'Temp#2026pass' });
    await waitFor(actor, (s) => s.matches({ ready: 'awaitingNewPassword' }));
    actor.send({ type: 'signIn.submitNewPassword', newPassword: 'short1', confirmPassword: 'short1' });
    const rejected = await waitFor(actor, (s) => s.matches({ ready: { awaitingNewPassword: 'rejected' } }));
    expect(rejected.context.error).toBe('Use at least 8 characters.');
  });
});

function renderLogin(logic = signInMachine) {
  render(
    <Router hook={memoryLocation({ path: '/login' }).hook}>
      <SignInFlowProvider logic={logic} onSignedIn={vi.fn()}>
        <LoginPage />
      </SignInFlowProvider>
    </Router>,
  );
}

describe('the "not confirmed" sign-in error offers a new verification link', () => {
  it('sends it to the address typed, and says so without saying whether the account exists', async () => {
    const calls = fakeFetch({
      '/api/public/resend-verification': { status: 200, body: { message: 'whatever the server says' } },
    });
    const signIn = controllable<SignInOutcome, { email: string; password: string }>();
    renderLogin(signInMachine.provide({ actors: { signIn: signIn.logic } }));
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: ' new.owner@example.com ' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Fresh#Owner2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await act(async () => signIn.resolve({ kind: 'confirmSignUp' }));
    expect(screen.getByRole('alert').textContent).toBe(signInMessages.unconfirmed);

    fireEvent.click(screen.getByRole('button', { name: 'Resend verification email' }));
    await screen.findByText(resendVerificationMessages.sent);
    expect(calls).toEqual([{ path: '/api/public/resend-verification', body: { email: 'new.owner@example.com' } }]);
  });

  it('shows the server’s refusal (too many requests) and a lost connection in words', async () => {
    fakeFetch({
      '/api/public/resend-verification': {
        status: 429,
        body: { message: 'Too many requests. Please try again in 15 minutes.' },
      },
    });
    const signIn = controllable<SignInOutcome, { email: string; password: string }>();
    renderLogin(signInMachine.provide({ actors: { signIn: signIn.logic } }));
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'new.owner@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Fresh#Owner2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await act(async () =>
      signIn.reject(Object.assign(new Error('User is not confirmed.'), { name: 'UserNotConfirmedException' })),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Resend verification email' }));
    await screen.findByText('Too many requests. Please try again in 15 minutes.');

    fakeFetch({ '/api/public/resend-verification': 'offline' });
    fireEvent.click(screen.getByRole('button', { name: 'Resend verification email' }));
    await screen.findByText(resendVerificationMessages.network);
  });
});

describe('Forgot password carries the e-mail typed on Login', () => {
  it('opens with the typed address, even before any sign-in attempt', () => {
    renderLogin();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'owner@demo.local' } });
    fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    const dialog = screen.getByRole('dialog', { name: 'Forgot Password' });
    expect((within(dialog).getByLabelText('Email') as HTMLInputElement).value).toBe('owner@demo.local');
  });
});

describe('a reset link is recognised when the page opens', () => {
  const start = () => createActor(liveResetPasswordLogic, { input: { token: 'tok-1' } }).start();

  it('a used or expired link: the server’s reason, no form', async () => {
    const calls = fakeFetch({
      '/api/password-reset/check': {
        status: 400,
        body: { message: 'This password reset link has already been used. Please request a new one.' },
      },
    });
    const done = await waitFor(start(), (s) => !s.matches('checking'));
    expect(done.value).toBe('unusable');
    expect(done.context.error).toBe('This password reset link has already been used. Please request a new one.');
    expect(calls).toEqual([{ path: '/api/password-reset/check', body: { token: 'tok-1' } }]);
  });

  it.each([
    ['no connection', 'offline' as const],
    ['a server error', { status: 500, body: {} }],
    ['too many requests', { status: 429, body: { message: 'Too many requests. Please try again in 1 minute.' } }],
  ])('%s: the form is shown anyway (the reset itself will say)', async (_what, answer) => {
    fakeFetch({ '/api/password-reset/check': answer });
    const done = await waitFor(start(), (s) => !s.matches('checking'));
    expect(done.value).toEqual({ form: 'editing' });
  });
});

describe('the 3-minute expiry of a pending sign-in', () => {
  it('the new-password page says it expired and "Sign in again" goes back to Login', async () => {
    const clock = new SimulatedClock();
    const signIn = controllable<SignInOutcome, { email: string; password: string }>();
    const memory = memoryLocation({ path: '/login', record: true });
    const logic = signInMachine.provide({ actors: { signIn: signIn.logic } });
    render(
      <Router hook={memory.hook}>
        <SignInFlowProvider logic={logic} options={{ clock }} onSignedIn={vi.fn()}>
          <Switch>
            <Route path="/login" component={LoginPage} />
            <Route path="/new-password-required" component={NewPasswordPage} />
          </Switch>
        </SignInFlowProvider>
      </Router>,
    );
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'temp@demo.local' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Temp#2026pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await act(async () => signIn.resolve({ kind: 'newPasswordRequired' }));
    expect(memory.history.at(-1)).toBe('/new-password-required');
    screen.getByRole('heading', { name: 'Set a new password' });

    act(() => clock.increment(179_000));
    screen.getByRole('heading', { name: 'Set a new password' });
    act(() => clock.increment(1_000));
    screen.getByRole('heading', { name: 'Sign-in expired' });
    expect(screen.getByRole('alert').textContent).toBe(signInMessages.challengeExpired);
    expect(screen.queryByLabelText('New Password')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Sign in again' }));
    expect(memory.history.at(-1)).toBe('/login');
  });
});

describe('Register checks every field at once', () => {
  it('marks each invalid field with its message, focuses the first, and unmarks a field once it is edited', () => {
    render(
      <Router hook={memoryLocation({ path: '/register' }).hook}>
        <RegisterPage />
      </Router>,
    );
    fireEvent.change(screen.getByLabelText('Email Address'), { target: { value: 'not-an-email' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));

    const expected: Array<[string, string]> = [
      ['First Name', 'First name is required.'],
      ['Last Name', 'Last name is required.'],
      ['Email Address', 'Please enter a valid email address.'],
      ['Password', PASSWORD_MESSAGES.tooShort],
      ['Business Name', 'Business name is required.'],
    ];
    for (const [label, message] of expected) {
      const field = screen.getByLabelText(label);
      expect(field.getAttribute('aria-invalid'), label).toBe('true');
      const described = (field.getAttribute('aria-describedby') ?? '').split(' ');
      expect(described.map((id) => document.getElementById(id)?.textContent)).toContain(message);
    }
    expect(document.activeElement).toBe(screen.getByLabelText('First Name'));
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.change(screen.getByLabelText('First Name'), { target: { value: 'Ada' } });
    expect(screen.getByLabelText('First Name').getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('First name is required.')).toBeNull();
    expect(screen.getByLabelText('Last Name').getAttribute('aria-invalid')).toBe('true');
  });
});
