/** Every transition of the register machine through the real "Register Your Business" page. */
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { type RegisterFields, registerMessages } from '#machines/register.machine.ts';
import { registerEntry } from '#machines/samples/account.samples.ts';
import { RegisterPage } from '#src/features/auth/index.ts';
import { describeFlow, type Flow } from '#tests/generated/harness.tsx';

const labels: Record<keyof RegisterFields, string> = {
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email Address',
  password: 'Password',
  businessName: 'Business Name',
};
const form = () => screen.getByRole('form', { name: 'Register Your Business' });
const alertText = () => screen.queryByRole('alert')?.textContent ?? null;
const submitButton = () => screen.getByRole('button', { name: 'Register' }) as HTMLButtonElement;
const typed = (flow: Flow) => flow.memo.typed as RegisterFields | undefined;

function expectForm(error: string | null) {
  expect(alertText()).toBe(error);
  expect(within(form()).getByRole('status').textContent).toBe('');
  expect(submitButton().disabled).toBe(false);
}

describeFlow(registerEntry, {
  url: '/register',
  render: (hooks) => <RegisterPage {...hooks} />,
  perform: {
    'register.submit': ({ type: _type, ...fields }, flow) => {
      for (const [name, label] of Object.entries(labels)) {
        fireEvent.change(screen.getByLabelText(label), { target: { value: fields[name] } });
      }
      flow.memo.typed = fields;
      fireEvent.click(submitButton());
    },
  },
  expectUi: {
    'form.editing': () => expectForm(null),
    'form.invalid': (s) => expectForm(s.context.error),
    'form.failed': (s, flow) => {
      expectForm(s.context.error);
      // What was typed stays, so the owner only fixes what the server refused.
      expect((screen.getByLabelText('Email Address') as HTMLInputElement).value).toBe(typed(flow)?.email);
    },
    submitting: (_s, flow) => {
      expect(within(form()).getByRole('status').textContent).toBe('Registering…');
      expect(submitButton().disabled).toBe(true);
      expect(flow.fakes.register!.inputs.at(-1)).toEqual(typed(flow));
    },
    succeeded: (_s, flow) => {
      screen.getByRole('heading', { name: registerMessages.success });
      expect(screen.getByText(/We've sent a verification email to/).textContent).toContain(typed(flow)?.email);
      expect(screen.getByRole('link', { name: 'Go to Login' }).getAttribute('href')).toBe('/login');
    },
  },
});
