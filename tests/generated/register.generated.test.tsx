/** Every transition of the register machine through the real "Register Your Business" page. */
import { fireEvent, render, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { SimulatedClock } from 'xstate';
import { type RegisterFields, registerMachine, registerMessages } from '#machines/register.machine.ts';
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
  const m = { fakes: { register }, clock, recorder: rec, typed: null as RegisterFields | null };
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

function expectForm(error: string | null) {
  expect(alertText()).toBe(error);
  expect(within(form()).getByRole('status').textContent).toBe('');
  expect(submitButton().disabled).toBe(false);
}

describeMachinePaths(registerEntry, {
  mount,
  perform: {
    'register.submit': ({ type: _type, ...fields }, m: M) => {
      for (const [name, label] of Object.entries(labels)) {
        fireEvent.change(screen.getByLabelText(label), { target: { value: fields[name] } });
      }
      m.typed = fields;
      fireEvent.click(submitButton());
    },
  },
  expectUi: {
    'form.editing': () => expectForm(null),
    'form.invalid': (s) => expectForm(s.context.error),
    'form.failed': (s, m: M) => {
      expectForm(s.context.error);
      // What was typed stays, so the owner only fixes what the server refused.
      expect((screen.getByLabelText('Email Address') as HTMLInputElement).value).toBe(m.typed?.email);
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
