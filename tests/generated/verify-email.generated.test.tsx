/** Every transition of the verify-email machine through the real /verify-email page. */
import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { resendVerificationMachine } from '#machines/resend-verification.machine.ts';
import { verifyEmailEntry } from '#machines/samples/account.samples.ts';
import { verifyEmailMessages as text, type VerifyEmailInput } from '#machines/verify-email.machine.ts';
import { VerifyEmailPage } from '#src/features/auth/index.ts';
import { type Controllable, controllable, describeFlow, type Flow } from '#tests/generated/harness.tsx';

const tokenOf = (flow: Flow) => (flow.path.input as VerifyEmailInput).token;
const expectTokenHidden = (flow: Flow) => {
  const token = tokenOf(flow);
  if (token) expect(document.body.textContent).not.toContain(token);
};

/** A failed link is no dead end: a form sends a new link (its own flow: resend-verification.generated). */
function expectResendOffer(flow: Flow) {
  const offer = screen.getByRole('form', { name: 'Get a new verification link' });
  expect((within(offer).getByLabelText('Email') as HTMLInputElement).value).toBe('');
  expect((within(offer).getByRole('button', { name: 'Resend verification email' }) as HTMLButtonElement).disabled).toBe(
    false,
  );
  expect((flow.memo.resend as Controllable<void, { email: string }>).calls).toBe(0);
}

describeFlow(verifyEmailEntry, {
  url: (path) => {
    const { token } = path.input as VerifyEmailInput;
    return token ? `/verify-email?token=${token}` : '/verify-email';
  },
  render: (hooks, flow) => {
    const resend = controllable<void, { email: string }>();
    flow.memo.resend = resend;
    const logic = resendVerificationMachine.provide({ actors: { resendVerification: resend.logic } });
    return <VerifyEmailPage {...hooks} resendVerification={{ logic }} />;
  },
  expectUi: {
    missingToken: (_s, flow) => {
      screen.getByRole('heading', { name: text.failedTitle });
      expect(screen.getByRole('alert').textContent).toBe(text.missingToken);
      expect(flow.fakes.verifyEmail!.calls).toBe(0);
      expectResendOffer(flow);
    },
    verifying: (_s, flow) => {
      expect(screen.getByRole('status').textContent).toBe('Verifying your email…');
      expect(flow.fakes.verifyEmail!.inputs).toEqual([{ token: tokenOf(flow) }]);
      expectTokenHidden(flow);
    },
    succeeded: (_s, flow) => {
      screen.getByRole('heading', { name: text.success });
      expect(screen.getByRole('status').textContent).toBe('Taking you to the login page in 5 seconds…');
      expect(flow.location()).not.toBe('/login');
      expectTokenHidden(flow);
    },
    failed: (s, flow) => {
      screen.getByRole('heading', { name: text.failedTitle });
      expect(screen.getByRole('alert').textContent).toBe(s.context.error);
      expectTokenHidden(flow);
      expectResendOffer(flow);
    },
    redirected: (_s, flow) => expect(flow.location()).toBe('/login'),
  },
});
