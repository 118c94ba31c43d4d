/**
 * Every transition of the sign-in machine, played through the real Login and Set New Password pages
 * (one SignInFlowProvider, wouter in memory), with the identity effects faked.
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { Route, Router, Switch } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { SimulatedClock } from 'xstate';
import { forgotPasswordMachine } from '#machines/forgot-password.machine.ts';
import { resendVerificationMachine } from '#machines/resend-verification.machine.ts';
import { signInEntry } from '#machines/samples/sign-in.samples.ts';
import { type SignInOutcome, signInMachine, signInMessages } from '#machines/sign-in.machine.ts';
import { LoginPage, NewPasswordPage, SignInFlowProvider } from '#src/features/auth/index.ts';
import { controllable, describeMachinePaths, type Mounted, recorder } from '#tests/generated/harness.tsx';

function mount() {
  const signIn = controllable<SignInOutcome, { email: string; password: string }>();
  const confirmNewPassword = controllable<SignInOutcome, { newPassword: string }>();
  const signOut = controllable<void, void>();
  const clock = new SimulatedClock();
  const rec = recorder();
  const onSignedIn = vi.fn();
  const memory = memoryLocation({ path: '/login', record: true });
  const logic = signInMachine.provide({
    actors: { signIn: signIn.logic, confirmNewPassword: confirmNewPassword.logic, signOut: signOut.logic },
  });
  const forgotPassword = {
    logic: forgotPasswordMachine.provide({
      actors: { requestPasswordReset: controllable<void, { email: string }>().logic },
    }),
  };
  const resend = controllable<void, { email: string }>();
  const resendVerification = {
    logic: resendVerificationMachine.provide({ actors: { resendVerification: resend.logic } }),
  };
  render(
    <Router hook={memory.hook}>
      <SignInFlowProvider logic={logic} options={{ clock, inspect: rec.inspect }} onSignedIn={onSignedIn}>
        <Switch>
          <Route path="/login">
            <LoginPage forgotPassword={forgotPassword} resendVerification={resendVerification} />
          </Route>
          <Route path="/new-password-required" component={NewPasswordPage} />
        </Switch>
      </SignInFlowProvider>
    </Router>,
  );
  const m = {
    fakes: { signIn, confirmNewPassword, signOutDenied: signOut },
    resend,
    clock,
    recorder: rec,
    onSignedIn,
    memory,
    typed: { newPassword: '' },
    path: () => memory.history.at(-1),
  };
  return m satisfies Mounted;
}
type M = ReturnType<typeof mount>;

const form = (name: string) => screen.getByRole('form', { name });
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
// The form's own status is its last one (an offer to resend a verification mail has its own above it).
const status = (name: string) => within(form(name)).getAllByRole('status').at(-1)?.textContent;
const alertText = () => screen.queryByRole('alert')?.textContent ?? null;

/** Login page: form without error, nothing in progress. */
function expectLoginReady() {
  expect(alertText()).toBeNull();
  expect(status('Sign in')).toBe('');
  expect((screen.getByRole('button', { name: 'Sign in' }) as HTMLButtonElement).disabled).toBe(false);
}

function expectOnNewPasswordPage(m: M) {
  expect(m.path()).toBe('/new-password-required');
  screen.getByRole('heading', { name: 'Set a new password' });
}

describeMachinePaths(signInEntry, {
  mount,
  perform: {
    'signIn.submit': (e, m: M) => {
      // From the new-password page the owner goes back with the page's own link.
      if (m.path() !== '/login') fireEvent.click(screen.getByRole('link', { name: 'Back to sign in' }));
      type('Email', e.email);
      type('Password', e.password);
      fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    },
    'signIn.restart': () => fireEvent.click(screen.getByRole('button', { name: 'Sign in again' })),
    'signIn.submitNewPassword': (e, m: M) => {
      // Without a challenge the owner can still open the page by its address.
      if (m.path() !== '/new-password-required') act(() => m.memory.navigate('/new-password-required'));
      type('New Password', e.newPassword);
      type('Confirm New Password', e.confirmPassword);
      m.typed.newPassword = e.newPassword;
      fireEvent.click(screen.getByRole('button', { name: 'Set New Password and Sign In' }));
    },
  },
  expectUi: {
    'ready.idle': (_s, m: M) => {
      if (m.path() === '/login') expectLoginReady();
      else expect(alertText()).toBeNull();
    },
    'ready.failed': (s) => expect(alertText()).toBe(s.context.error),
    'ready.unconfirmed': (_s, m: M) => {
      expect(m.path()).toBe('/login');
      expect(alertText()).toBe(signInMessages.unconfirmed);
      // The offer sends a new link to the address just typed, and nothing happens before it is pressed.
      const resend = screen.getByRole('button', { name: 'Resend verification email' }) as HTMLButtonElement;
      expect(resend.disabled).toBe(false);
      const before = m.resend.calls;
      fireEvent.click(resend);
      expect(m.resend.calls).toBe(before + 1);
      expect(m.resend.inputs.at(-1)).toEqual({ email: m.fakes.signIn.inputs.at(-1)?.email });
      expect(resend.disabled).toBe(true);
    },
    'ready.expired': (_s, m: M) => {
      expect(m.path()).toBe('/new-password-required');
      screen.getByRole('heading', { name: 'Sign-in expired' });
      expect(alertText()).toBe(signInMessages.challengeExpired);
      expect(screen.queryByRole('form', { name: 'Set a new password' })).toBeNull();
      expect((screen.getByRole('button', { name: 'Sign in again' }) as HTMLButtonElement).disabled).toBe(false);
    },
    'ready.resetRequired': (_s, m: M) => {
      expect(m.path()).toBe('/login');
      expect(alertText()).toBe(signInMessages.resetRequired);
      screen.getByRole('button', { name: 'Reset password' });
    },
    signedIn: (_s, m: M) => {
      expect(m.onSignedIn).toHaveBeenCalled();
      expect(screen.getAllByRole('status').map((n) => n.textContent)).toContain('Signed in. Opening your portal…');
      expect(alertText()).toBeNull();
    },
    'ready.awaitingNewPassword.editing': (_s, m: M) => {
      expectOnNewPasswordPage(m);
      expect(alertText()).toBeNull();
    },
    'ready.awaitingNewPassword.invalid': (s, m: M) => {
      expectOnNewPasswordPage(m);
      expect(alertText()).toBe(s.context.error);
    },
    'ready.awaitingNewPassword.rejected': (s, m: M) => {
      expectOnNewPasswordPage(m);
      expect(alertText()).toBe(s.context.error);
    },
    'ready.awaitingNewPassword.confirming': (_s, m: M) => {
      expectOnNewPasswordPage(m);
      expect(status('Set a new password')).toBe('Setting your new password…');
      const button = screen.getByRole('button', { name: 'Set New Password and Sign In' }) as HTMLButtonElement;
      expect(button.disabled).toBe(true);
      // The typed password reaches the provider, and nothing else does.
      expect(m.fakes.confirmNewPassword.inputs.at(-1)).toEqual({ newPassword: m.typed.newPassword });
    },
    submitting: (s, m: M) => {
      expect(status('Sign in')).toBe('Signing in…');
      expect((screen.getByRole('button', { name: 'Sign in' }) as HTMLButtonElement).disabled).toBe(true);
      expect(alertText()).toBeNull();
      expect(m.fakes.signIn.inputs.at(-1)).toEqual({ email: s.context.email, password: 'DemoOwner#2026' });
    },
    denying: (_s, m: M) => {
      expect(m.fakes.signOutDenied.calls).toBeGreaterThan(0);
      expect(screen.getAllByRole('status').map((n) => n.textContent)).toEqual(
        expect.arrayContaining([expect.stringMatching(/…$/)]),
      );
      expect(m.onSignedIn).not.toHaveBeenCalled();
    },
  },
});
