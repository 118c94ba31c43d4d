/** Every transition of the Forgot Password modal, opened from the real Login page. */
import { fireEvent, render, screen, within } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { SimulatedClock } from 'xstate';
import { forgotPasswordMachine, forgotPasswordMessages as text } from '#machines/forgot-password.machine.ts';
import { forgotPasswordEntry } from '#machines/samples/account.samples.ts';
import { type SignInOutcome, signInMachine } from '#machines/sign-in.machine.ts';
import { LoginPage, SignInFlowProvider } from '#src/features/auth/index.ts';
import { controllable, describeMachinePaths, type Mounted, recorder } from '#tests/generated/harness.tsx';

function mount() {
  const requestPasswordReset = controllable<void, { email: string }>();
  const signIn = controllable<SignInOutcome, { email: string; password: string }>();
  const clock = new SimulatedClock();
  const rec = recorder();
  const memory = memoryLocation({ path: '/login' });
  render(
    <Router hook={memory.hook}>
      <SignInFlowProvider logic={signInMachine.provide({ actors: { signIn: signIn.logic } })} onSignedIn={vi.fn()}>
        <LoginPage
          forgotPassword={{
            logic: forgotPasswordMachine.provide({ actors: { requestPasswordReset: requestPasswordReset.logic } }),
            options: { clock, inspect: rec.inspect },
          }}
        />
      </SignInFlowProvider>
    </Router>,
  );
  const m = { fakes: { requestPasswordReset }, clock, recorder: rec, typed: '' };
  return m satisfies Mounted;
}
type M = ReturnType<typeof mount>;

const dialog = () => screen.getByRole('dialog');
const alertText = () => within(dialog()).queryByRole('alert')?.textContent ?? null;
const sendButton = () => within(dialog()).getByRole('button', { name: 'Send Reset Link' }) as HTMLButtonElement;

function expectForm(error: string | null) {
  within(dialog()).getByRole('heading', { name: text.title });
  expect(alertText()).toBe(error);
  expect(sendButton().disabled).toBe(false);
}

describeMachinePaths(forgotPasswordEntry, {
  mount,
  perform: {
    // What is typed on the Login form (or nothing) travels into the dialog.
    'forgotPassword.open': (e: { email?: string }) => {
      fireEvent.change(within(screen.getByRole('form', { name: 'Sign in' })).getByLabelText('Email'), {
        target: { value: e.email ?? '' },
      });
      fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    },
    'forgotPassword.close': () => {
      const dlg = dialog();
      const cancel = within(dlg).queryByRole('button', { name: 'Cancel' });
      fireEvent.click(cancel ?? within(dlg).getByRole('button', { name: 'Done' }));
    },
    'forgotPassword.submit': (e, m: M) => {
      fireEvent.change(within(dialog()).getByLabelText('Email'), { target: { value: e.email } });
      m.typed = e.email;
      fireEvent.click(sendButton());
    },
  },
  expectUi: {
    closed: () => {
      expect(screen.queryByRole('dialog')).toBeNull();
      screen.getByRole('form', { name: 'Sign in' });
    },
    'open.form.editing': (s) => {
      expectForm(null);
      expect((within(dialog()).getByLabelText('Email') as HTMLInputElement).value).toBe(s.context.email);
    },
    'open.form.invalid': (s) => expectForm(s.context.error),
    'open.form.failed': (s) => expectForm(s.context.error),
    'open.sending': (_s, m: M) => {
      expect(within(dialog()).getByRole('status').textContent).toBe('Sending…');
      expect(sendButton().disabled).toBe(true);
      expect(m.fakes.requestPasswordReset.inputs.at(-1)).toEqual({ email: m.typed });
    },
    'open.sent': () => {
      within(dialog()).getByRole('heading', { name: text.sentTitle });
      within(dialog()).getByText(text.sent);
      expect(within(dialog()).queryByLabelText('Email')).toBeNull();
    },
  },
});
