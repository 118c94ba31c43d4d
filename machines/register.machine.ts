/**
 * "Register Your Business": form, then the success screen; the owner signs in after verifying the email
 * address (spec §2 Register, §4 Registration). Validation uses the same contract the server applies.
 */
import * as v from 'valibot';
import { assertEvent, assign, setup } from 'xstate';
import { RegisterRequest } from '#contracts/account.ts';
import { failureText, notProvided } from './lib/effects.ts';

export const registerMessages = {
  success: 'Registration Successful!',
  failed: 'Registration failed. Please try again.',
} as const;

export type RegisterFields = v.InferOutput<typeof RegisterRequest>;

export interface RegisterContext {
  /** Where the verification mail went, for the success note. */
  email: string;
  error: string | null;
}

export type RegisterEvent = { type: 'register.submit' } & RegisterFields;

const fieldsOf = ({ type: _type, ...fields }: RegisterEvent) => fields;
const firstIssue = (event: RegisterEvent) => {
  const result = v.safeParse(RegisterRequest, fieldsOf(event));
  return result.success ? null : (result.issues[0]?.message ?? registerMessages.failed);
};

export const registerMachine = setup({
  types: { context: {} as RegisterContext, events: {} as RegisterEvent },
  actors: { register: notProvided<void, RegisterFields>('register') },
  actions: {
    setError: assign((_, params: { message: string }) => ({ error: params.message })),
    clearError: assign({ error: null }),
  },
  guards: { formIsValid: ({ event }) => firstIssue(event) === null },
}).createMachine({
  id: 'register',
  context: { email: '', error: null },
  initial: 'form',
  states: {
    form: {
      description: 'The "Register Your Business" form (First Name, Last Name, Email Address, Password, Business Name)',
      initial: 'editing',
      on: {
        'register.submit': [
          {
            guard: 'formIsValid',
            target: 'submitting',
            actions: assign({ email: ({ event }) => event.email.trim() }),
            description: 'Fill in all five fields and press "Register"',
          },
          {
            target: '.invalid',
            actions: { type: 'setError', params: ({ event }) => ({ message: firstIssue(event) ?? '' }) },
            description: 'Press "Register" with a field empty, an invalid email or a password under 8 characters',
          },
        ],
      },
      states: {
        editing: { description: 'The form shows no error', entry: 'clearError' },
        invalid: { description: 'The form shows an alert naming the first field to fix', tags: ['error'] },
        failed: {
          description: "The form keeps what was typed and shows the server's reason in an alert",
          tags: ['error'],
        },
      },
    },
    submitting: {
      description: 'A "Registering…" status is shown and the "Register" button is disabled',
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'register',
        src: 'register',
        input: ({ event }) => {
          assertEvent(event, 'register.submit');
          return v.parse(RegisterRequest, fieldsOf(event));
        },
        onDone: {
          target: 'succeeded',
          description: 'The server creates the account and the business',
        },
        onError: {
          target: 'form.failed',
          actions: {
            type: 'setError',
            params: ({ event }) => ({ message: failureText(event.error, registerMessages.failed) }),
          },
          description: 'The server refuses the registration (e.g. the email is already registered)',
        },
      },
    },
    succeeded: {
      description: '"Registration Successful!", a note that a verification email was sent, and a "Go to Login" link',
      type: 'final',
    },
  },
});
