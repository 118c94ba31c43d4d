/** Behaviour the generated paths do not reach: wiring of real errors, hand-over between machines, logging. */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createActor, fromPromise } from 'xstate';
import type { UserProfile } from '#contracts/users.ts';
import { forgotPasswordMachine, forgotPasswordMessages } from '#machines/forgot-password.machine.ts';
import { sessionMachine } from '#machines/session.machine.ts';
import { type SignInOutcome, signInMachine, signInMessages } from '#machines/sign-in.machine.ts';
import { ApiError } from '#src/api/errors.ts';
import { LoginPage, SignInFlowProvider } from '#src/features/auth/index.ts';
import { controllable } from '#tests/generated/harness.tsx';

const api = vi.hoisted(() => ({ requestPasswordReset: vi.fn() }));
vi.mock('#src/api/account.ts', () => ({
  register: vi.fn(),
  verifyEmail: vi.fn(),
  resendVerification: vi.fn(),
  checkResetToken: vi.fn(),
  resetPassword: vi.fn(),
  requestPasswordReset: api.requestPasswordReset,
}));
const { liveForgotPasswordLogic } = await import('#src/features/auth/account.wiring.ts');

async function forgotPasswordError(error: unknown) {
  api.requestPasswordReset.mockRejectedValueOnce(error);
  const actor = createActor(liveForgotPasswordLogic).start();
  actor.send({ type: 'forgotPassword.open' });
  actor.send({ type: 'forgotPassword.submit', email: 'owner@demo.local' });
  await vi.waitFor(() => expect(actor.getSnapshot().matches({ open: { form: 'failed' } })).toBe(true));
  return actor.getSnapshot().context.error;
}

describe('account wiring: API errors become the spec texts', () => {
  it('no connection → "Network error. Please try again."', async () => {
    expect(await forgotPasswordError(new ApiError('network', 'Failed to fetch'))).toBe(forgotPasswordMessages.network);
  });
  it('an error body → its message', async () => {
    const error = new ApiError('http', '429 Too Many Requests', 429, 'Too many requests. Please try again later.');
    expect(await forgotPasswordError(error)).toBe('Too many requests. Please try again later.');
  });
  it('a bare HTTP error → the fallback', async () => {
    expect(await forgotPasswordError(new ApiError('http', '500 Internal Server Error', 500))).toBe(
      forgotPasswordMessages.failed,
    );
  });
});

describe('password reset required at sign-in', () => {
  it('"Reset password" opens Forgot Password with the typed email filled in', async () => {
    const signIn = controllable<SignInOutcome, { email: string; password: string }>();
    const requestPasswordReset = controllable<void, { email: string }>();
    render(
      <Router hook={memoryLocation({ path: '/login' }).hook}>
        <SignInFlowProvider logic={signInMachine.provide({ actors: { signIn: signIn.logic } })} onSignedIn={vi.fn()}>
          <LoginPage
            forgotPassword={{
              logic: forgotPasswordMachine.provide({ actors: { requestPasswordReset: requestPasswordReset.logic } }),
            }}
          />
        </SignInFlowProvider>
      </Router>,
    );
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: ' owner@demo.local ' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'OldPassword#1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await act(async () => signIn.resolve({ kind: 'resetPassword' }));
    expect(screen.getByRole('alert').textContent).toBe(signInMessages.resetRequired);

    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    const dialog = screen.getByRole('dialog', { name: 'Forgot Password' });
    expect((within(dialog).getByLabelText('Email') as HTMLInputElement).value).toBe('owner@demo.local');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Reset Link' }));
    expect(requestPasswordReset.inputs).toEqual([{ email: 'owner@demo.local' }]);
  });
});

describe('session logging', () => {
  it('logs a failed business fetch and stays signed in with an empty profile', async () => {
    const logError = vi.fn();
    const failure = new Error('An unknown network error occurred.');
    const actor = createActor(
      sessionMachine.provide({
        actors: {
          checkSession: fromPromise(async () => ({ signedIn: true as boolean })),
          fetchUser: fromPromise(
            async (): Promise<UserProfile> => ({
              userid: 'u',
              firstname: 'Ada',
              lastname: null,
              email: 'a@b.c',
              role: 'owner',
            }),
          ),
          fetchBusiness: fromPromise(async () => Promise.reject(failure)),
        },
        actions: { logError: (_, params) => logError(params) },
      }),
    ).start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches('authenticated')).toBe(true));
    expect(actor.getSnapshot().context.business).toBeNull();
    expect(logError).toHaveBeenCalledWith({ what: 'Loading the business failed', error: failure });
  });

  it('ignores a failed sign-out after logging it, and forgets the owner', async () => {
    const logError = vi.fn();
    const actor = createActor(
      sessionMachine.provide({
        actors: {
          checkSession: fromPromise(async () =>
            Promise.reject(new Error('Unable to proceed due to invalid sign in state.')),
          ),
          signOut: fromPromise(async () => Promise.reject(new Error('offline'))),
        },
        actions: { logError: (_, params) => logError(params) },
      }),
    ).start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches('unauthenticated')).toBe(true));
    expect(logError).toHaveBeenCalledWith(expect.objectContaining({ what: 'Sign-out failed' }));
    expect(actor.getSnapshot().context).toEqual({ user: null, business: null, role: null });
  });
});
