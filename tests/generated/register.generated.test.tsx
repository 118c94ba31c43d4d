/** Every transition of the register machine through the real "Register Your Business" page. */
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import {
  type FieldErrors,
  REGISTER_FIELDS,
  type RegisterFields,
  registerMessages,
} from '#machines/register.machine.ts';
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
const input = (name: keyof RegisterFields) => screen.getByLabelText(labels[name]) as HTMLInputElement;
const typed = (flow: Flow) => flow.memo.typed as RegisterFields | undefined;

function expectForm(error: string | null) {
  expect(alertText()).toBe(error);
  expect(within(form()).getByRole('status').textContent).toBe('');
  expect(submitButton().disabled).toBe(false);
}

/** Each field is marked exactly when the machine holds a message for it, and shows that message. */
function expectFieldMarks(flow: Flow) {
  const errors = flow.live().context.fieldErrors as FieldErrors;
  for (const name of REGISTER_FIELDS) {
    const field = input(name);
    const message = errors[name];
    expect(field.getAttribute('aria-invalid'), name).toBe(message ? 'true' : null);
    const described = (field.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
    const texts = described.map((id) => document.getElementById(id)?.textContent);
    if (message) expect(texts).toContain(message);
  }
}

describeFlow(registerEntry, {
  url: '/register',
  render: (hooks) => <RegisterPage {...hooks} />,
  perform: {
    'register.submit': ({ type: _type, ...fields }, flow) => {
      for (const name of REGISTER_FIELDS) fireEvent.change(input(name), { target: { value: fields[name] } });
      flow.memo.typed = fields;
      flow.memo.justSubmitted = true;
      fireEvent.click(submitButton());
    },
    'register.edit': (e: { field: keyof RegisterFields }, flow) => {
      fireEvent.change(input(e.field), { target: { value: `${input(e.field).value}x` } });
      flow.memo.justSubmitted = false;
    },
  },
  expectUi: {
    'form.editing': (_s, flow) => {
      expectForm(null);
      expectFieldMarks(flow);
    },
    'form.invalid': (s, flow) => {
      // Every invalid field at once, each with its own message; no alert.
      expectForm(null);
      expectFieldMarks(flow);
      if (flow.memo.justSubmitted) {
        const invalid = REGISTER_FIELDS.filter((name) => s.context.fieldErrors[name]);
        expect(invalid.length).toBeGreaterThan(0);
        expect(document.activeElement, 'the first invalid field has the focus').toBe(input(invalid[0]!));
      }
    },
    'form.failed': (s, flow) => {
      expectForm(s.context.error);
      expectFieldMarks(flow);
      // What was typed stays, so the owner only fixes what the server refused.
      expect(input('email').value).toBe(typed(flow)?.email);
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
