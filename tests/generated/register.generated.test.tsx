/** Every transition of the register machine through the real "Register Your Business" page. */
import { fireEvent, render, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { SimulatedClock } from 'xstate';
import {
  type FieldErrors,
  REGISTER_FIELDS,
  type RegisterFields,
  registerMachine,
  registerMessages,
} from '#machines/register.machine.ts';
import { registerEntry } from '#machines/samples/account.samples.ts';
import { RegisterPage } from '#src/features/auth/index.ts';
import { controllable, describeMachinePaths, type Mounted, recorder } from '#tests/generated/harness.tsx';

function mount() {
  const register = controllable<void, RegisterFields>();
  const clock = new SimulatedClock();
  const rec = recorder();
  const memory = memoryLocation({ path: '/register', record: true });
  render(
    <Router hook={memory.hook}>
      <RegisterPage
        logic={registerMachine.provide({ actors: { register: register.logic } })}
        options={{ clock, inspect: rec.inspect }}
      />
    </Router>,
  );
  const m = { fakes: { register }, clock, recorder: rec, typed: null as RegisterFields | null, justSubmitted: false };
  return m satisfies Mounted;
}
type M = ReturnType<typeof mount>;

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
const liveErrors = (m: M) => (m.recorder.latest('register')?.context.fieldErrors ?? {}) as FieldErrors;

function expectForm(error: string | null) {
  expect(alertText()).toBe(error);
  expect(within(form()).getByRole('status').textContent).toBe('');
  expect(submitButton().disabled).toBe(false);
}

/** Each field is marked exactly when the machine holds a message for it, and shows that message. */
function expectFieldMarks(m: M) {
  const errors = liveErrors(m);
  for (const name of REGISTER_FIELDS) {
    const field = input(name);
    const message = errors[name];
    expect(field.getAttribute('aria-invalid'), name).toBe(message ? 'true' : null);
    const described = (field.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
    const texts = described.map((id) => document.getElementById(id)?.textContent);
    if (message) expect(texts).toContain(message);
  }
}

describeMachinePaths(registerEntry, {
  mount,
  perform: {
    'register.submit': ({ type: _type, ...fields }, m: M) => {
      for (const name of REGISTER_FIELDS) fireEvent.change(input(name), { target: { value: fields[name] } });
      m.typed = fields;
      m.justSubmitted = true;
      fireEvent.click(submitButton());
    },
    'register.edit': (e: { field: keyof RegisterFields }, m: M) => {
      fireEvent.change(input(e.field), { target: { value: `${input(e.field).value}x` } });
      m.justSubmitted = false;
    },
  },
  expectUi: {
    'form.editing': (_s, m: M) => {
      expectForm(null);
      expectFieldMarks(m);
    },
    'form.invalid': (s, m: M) => {
      // Every invalid field at once, each with its own message; no alert.
      expectForm(null);
      expectFieldMarks(m);
      if (m.justSubmitted) {
        const invalid = REGISTER_FIELDS.filter((name) => s.context.fieldErrors[name]);
        expect(invalid.length).toBeGreaterThan(0);
        expect(document.activeElement, 'the first invalid field has the focus').toBe(input(invalid[0]!));
      }
    },
    'form.failed': (s, m: M) => {
      expectForm(s.context.error);
      expectFieldMarks(m);
      // What was typed stays, so the owner only fixes what the server refused.
      expect(input('email').value).toBe(m.typed?.email);
    },
    submitting: (_s, m: M) => {
      expect(within(form()).getByRole('status').textContent).toBe('Registering…');
      expect(submitButton().disabled).toBe(true);
      expect(m.fakes.register.inputs.at(-1)).toEqual(m.typed);
    },
    succeeded: (_s, m: M) => {
      screen.getByRole('heading', { name: registerMessages.success });
      expect(screen.getByText(/We've sent a verification email to/).textContent).toContain(m.typed?.email);
      expect(screen.getByRole('link', { name: 'Go to Login' }).getAttribute('href')).toBe('/login');
    },
  },
});
