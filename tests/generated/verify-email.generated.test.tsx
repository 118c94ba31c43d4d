/** Every transition of the verify-email machine through the real /verify-email page. */
import { render, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { SimulatedClock } from 'xstate';
import { resendVerificationMachine } from '#machines/resend-verification.machine.ts';
import { verifyEmailEntry } from '#machines/samples/account.samples.ts';
import {
  verifyEmailMessages as text,
  type VerifyEmailInput,
  verifyEmailMachine,
} from '#machines/verify-email.machine.ts';
import { VerifyEmailPage } from '#src/features/auth/index.ts';
import { controllable, describeMachinePaths, type Mounted, recorder } from '#tests/generated/harness.tsx';

function mount(path: { input?: unknown }) {
  const { token } = path.input as VerifyEmailInput;
  const verifyEmail = controllable<void, { token: string }>();
  const resend = controllable<void, { email: string }>();
  const clock = new SimulatedClock();
  const rec = recorder();
  const memory = memoryLocation({ path: token ? `/verify-email?token=${token}` : '/verify-email', record: true });
  render(
    <Router hook={memory.hook}>
      <VerifyEmailPage
        logic={verifyEmailMachine.provide({ actors: { verifyEmail: verifyEmail.logic } })}
        options={{ clock, inspect: rec.inspect }}
        resendVerification={{
          logic: resendVerificationMachine.provide({ actors: { resendVerification: resend.logic } }),
        }}
      />
    </Router>,
  );
  const m = { fakes: { verifyEmail }, clock, recorder: rec, memory, token, resend };
  return m satisfies Mounted;
}
type M = ReturnType<typeof mount>;

const expectTokenHidden = (m: M) => {
  if (m.token) expect(document.body.textContent).not.toContain(m.token);
};

/** A failed link is no dead end: a form sends a new link (its own flow: resend-verification.generated). */
function expectResendOffer(m: M) {
  const offer = screen.getByRole('form', { name: 'Get a new verification link' });
  expect((within(offer).getByLabelText('Email') as HTMLInputElement).value).toBe('');
  expect((within(offer).getByRole('button', { name: 'Resend verification email' }) as HTMLButtonElement).disabled).toBe(
    false,
  );
  expect(m.resend.calls).toBe(0);
}

describeMachinePaths(verifyEmailEntry, {
  mount,
  perform: {},
  expectUi: {
    missingToken: (_s, m: M) => {
      screen.getByRole('heading', { name: text.failedTitle });
      expect(screen.getByRole('alert').textContent).toBe(text.missingToken);
      expect(m.fakes.verifyEmail.calls).toBe(0);
      expectResendOffer(m);
    },
    verifying: (_s, m: M) => {
      expect(screen.getByRole('status').textContent).toBe('Verifying your email…');
      expect(m.fakes.verifyEmail.inputs).toEqual([{ token: m.token }]);
      expectTokenHidden(m);
    },
    succeeded: (_s, m: M) => {
      screen.getByRole('heading', { name: text.success });
      expect(screen.getByRole('status').textContent).toBe('Taking you to the login page in 5 seconds…');
      expect(m.memory.history.at(-1)).not.toBe('/login');
      expectTokenHidden(m);
    },
    failed: (s, m: M) => {
      screen.getByRole('heading', { name: text.failedTitle });
      expect(screen.getByRole('alert').textContent).toBe(s.context.error);
      expectTokenHidden(m);
      expectResendOffer(m);
    },
    redirected: (_s, m: M) => expect(m.memory.history.at(-1)).toBe('/login'),
  },
});
