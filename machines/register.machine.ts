/**
 * "Register Your Business": form, then the success screen; the owner signs in after verifying the email
 * address (spec §2 Register, §4 Registration). Every field is checked at once with the same contract the
 * server applies; each invalid field gets its own message and the first one gets the focus.
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
export type RegisterField = keyof RegisterFields;
export type FieldErrors = Partial<Record<RegisterField, string>>;

/** The form's fields, top to bottom: the first invalid one in this order gets the focus. */
export const REGISTER_FIELDS = Object.keys(RegisterRequest.entries) as RegisterField[];

export interface RegisterContext {
  /** Where the verification mail went, for the success note. */
  email: string;
  /** One message per invalid field, shown under it. */
  fieldErrors: FieldErrors;
  /** The server's refusal, shown in an alert above the button. */
  error: string | null;
}

export type RegisterEvent =
  | ({ type: 'register.submit' } & RegisterFields)
  | { type: 'register.edit'; field: RegisterField };

const fieldsOf = (event: RegisterEvent) => {
  const fields: Record<string, unknown> = {};
  for (const name of REGISTER_FIELDS) fields[name] = (event as Partial<RegisterFields>)[name];
  return fields;
};

/** Every field's first issue, in form order; empty when the form is valid. */
export function fieldIssues(event: RegisterEvent): FieldErrors {
  const result = v.safeParse(RegisterRequest, fieldsOf(event));
  if (result.success) return {};
  const nested = v.flatten<typeof RegisterRequest>(result.issues).nested ?? {};
  const errors: FieldErrors = {};
  for (const name of REGISTER_FIELDS) {
    const message = nested[name]?.[0];
    if (message) errors[name] = message;
  }
  return errors;
}

export const registerMachine = setup({
  types: {
    context: {} as RegisterContext,
    events: {} as RegisterEvent,
    tags: {} as 'busy' | 'error',
  },
  actors: { register: notProvided<void, RegisterFields>('register') },
  actions: {
    // Provided by the page: move the keyboard focus to this field.
    focusField: (_, _params: { field: RegisterField }) => {},
    setError: assign((_, params: { message: string }) => ({ error: params.message })),
    clearError: assign({ error: null }),
  },
  guards: {
    formIsValid: ({ event }) => Object.keys(fieldIssues(event)).length === 0,
    fieldHasError: ({ context, event }) => event.type === 'register.edit' && !!context.fieldErrors[event.field],
  },
}).createMachine({
  id: 'register',
  context: { email: '', fieldErrors: {}, error: null },
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
            actions: assign({ email: ({ event }) => event.email.trim(), fieldErrors: {} }),
            description: 'Fill in all five fields and press "Register"',
          },
          {
            target: '.invalid',
            actions: [
              assign({ fieldErrors: ({ event }) => fieldIssues(event), error: null }),
              {
                type: 'focusField',
                params: ({ event }) => ({ field: Object.keys(fieldIssues(event))[0] as RegisterField }),
              },
            ],
            description:
              'Press "Register" with fields empty, an invalid email or a short password; every such field is marked with its message and the first one gets the focus',
          },
        ],
        'register.edit': {
          guard: 'fieldHasError',
          actions: assign({
            fieldErrors: ({ context, event }) => {
              const { [event.field]: _fixed, ...rest } = context.fieldErrors;
              return rest;
            },
          }),
          description: 'Type in a field marked invalid; its message goes away',
        },
      },
      states: {
        editing: { description: 'The form shows no error', entry: 'clearError' },
        invalid: {
          description: 'Each invalid field is marked and shows its message under it; no alert',
          tags: ['error'],
        },
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
          description:
            'The server accepts the registration: a new e-mail gets its account, business and verification mail; an e-mail that already has an account gets the same answer, and its owner a mail instead',
        },
        onError: {
          target: 'form.failed',
          actions: {
            type: 'setError',
            params: ({ event }) => ({ message: failureText(event.error, registerMessages.failed) }),
          },
          description: 'The server refuses the registration (e.g. too many attempts)',
        },
      },
    },
    succeeded: {
      description: '"Registration Successful!", a note that a verification email was sent, and a "Go to Login" link',
      type: 'final',
    },
  },
});
