/**
 * Every transition of "Resend verification email" through the real component with its Email field (as on
 * a failed verification link). Its button-only form on the Login page is played by the signIn paths and
 * tests/unit/auth-flows.test.tsx.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { expect } from 'vitest';
import { SimulatedClock } from 'xstate';
import {
  type ResendVerificationInput,
  resendVerificationMachine,
  resendVerificationMessages as text,
} from '#machines/resend-verification.machine.ts';
import { resendVerificationEntry } from '#machines/samples/account.samples.ts';
import { ResendVerification } from '#src/features/auth/resend-verification.tsx';
import {
  controllable,
  describeMachinePaths,
  type MachinePath,
  type Mounted,
  recorder,
} from '#tests/generated/harness.tsx';

function mount(path: MachinePath) {
  const { email } = path.input as ResendVerificationInput;
  const resend = controllable<void, { email: string }>();
  const clock = new SimulatedClock();
  const rec = recorder();
  render(
    <ResendVerification
      email={email}
      askEmail
      logic={resendVerificationMachine.provide({ actors: { resendVerification: resend.logic } })}
      options={{ clock, inspect: rec.inspect }}
    />,
  );
  const m = { fakes: { resendVerification: resend }, clock, recorder: rec, typed: '' };
  return m satisfies Mounted;
}
type M = ReturnType<typeof mount>;

const button = () => screen.getByRole('button', { name: 'Resend verification email' }) as HTMLButtonElement;
const alertText = () => screen.queryByRole('alert')?.textContent ?? null;
const statusText = () => screen.getByRole('status').textContent;

function expectReady(error: string | null, status: string) {
  expect(alertText()).toBe(error);
  expect(statusText()).toBe(status);
  expect(button().disabled).toBe(false);
}

describeMachinePaths(resendVerificationEntry, {
  mount,
  perform: {
    'resendVerification.submit': (e: { email: string }, m: M) => {
      fireEvent.change(screen.getByLabelText('Email'), { target: { value: e.email } });
      m.typed = e.email;
      fireEvent.click(button());
    },
  },
  expectUi: {
    'ready.idle': () => {
      expectReady(null, '');
      expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('');
      screen.getByRole('form', { name: 'Get a new verification link' });
    },
    'ready.invalid': (s) => expectReady(s.context.error, ''),
    'ready.failed': (s) => expectReady(s.context.error, ''),
    // The same words whether or not the account exists.
    'ready.sent': () => expectReady(null, text.sent),
    sending: (_s, m: M) => {
      expect(statusText()).toBe('Sending…');
      expect(button().disabled).toBe(true);
      expect(m.fakes.resendVerification.inputs.at(-1)).toEqual({ email: m.typed.trim() });
    },
  },
});
