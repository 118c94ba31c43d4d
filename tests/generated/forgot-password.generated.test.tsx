/** Every transition of the Forgot Password modal, opened from the real Login page. */
import { fireEvent, screen, within } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { forgotPasswordMessages as text } from '#machines/forgot-password.machine.ts';
import { forgotPasswordEntry } from '#machines/samples/account.samples.ts';
import { LoginPage, SignInFlowProvider } from '#src/features/auth/index.ts';
import { describeFlow } from '#tests/generated/harness.tsx';

const dialog = () => screen.getByRole('dialog');
const alertText = () => within(dialog()).queryByRole('alert')?.textContent ?? null;
const sendButton = () => within(dialog()).getByRole('button', { name: 'Send Reset Link' }) as HTMLButtonElement;

function expectForm(error: string | null) {
  within(dialog()).getByRole('heading', { name: text.title });
  expect(alertText()).toBe(error);
  expect(sendButton().disabled).toBe(false);
}

describeFlow(forgotPasswordEntry, {
  url: '/login',
  // The Login page around it runs its own sign-in machine, which these paths never start.
  render: (hooks) => (
    <SignInFlowProvider onSignedIn={vi.fn()}>
      <LoginPage forgotPassword={hooks} />
    </SignInFlowProvider>
  ),
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
    'forgotPassword.submit': (e, flow) => {
      fireEvent.change(within(dialog()).getByLabelText('Email'), { target: { value: e.email } });
      flow.memo.typed = e.email;
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
    'open.sending': (_s, flow) => {
      expect(within(dialog()).getByRole('status').textContent).toBe('Sending…');
      expect(sendButton().disabled).toBe(true);
      expect(flow.fakes.requestPasswordReset!.inputs.at(-1)).toEqual({ email: flow.memo.typed });
    },
    'open.sent': () => {
      within(dialog()).getByRole('heading', { name: text.sentTitle });
      within(dialog()).getByText(text.sent);
      expect(within(dialog()).queryByLabelText('Email')).toBeNull();
    },
  },
});
