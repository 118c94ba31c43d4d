/**
 * The /accept-invite?token=… page (issue 25, decision 026): the link is checked as the page opens
 * (never spending it), then the invited person sees the business, their e-mail (read only) and role,
 * chooses their name and a password (registration's rule), and joins; they then sign in as owners do.
 * A used, revoked or expired link says so with a way forward, before anything is typed.
 */
import * as v from 'valibot';
import { assertEvent, assign, setup } from 'xstate';
import { passwordProblem } from '#contracts/password.ts';
import { InvitationAccept, type InvitationCheckResponse, TEAM_TEXTS } from '#contracts/team.ts';
import { type Failure, failureText, notProvided } from './lib/effects.ts';
import type { ViewTag } from './lib/tags.ts';

export const ACCEPT_INVITE_TEXTS = {
  checking: 'Checking your invitation…',
  joining: 'Joining…',
  unreachable: 'Could not check your invitation. Please check your connection and try again.',
  failed: 'Could not join the team. Please try again.',
  network: 'An unknown network error occurred.',
} as const;

export type AcceptField = 'firstName' | 'lastName' | 'password';
export const ACCEPT_FIELDS: readonly AcceptField[] = ['firstName', 'lastName', 'password'];

export interface AcceptInviteInput {
  token: string | null;
}

export interface AcceptInviteContext {
  token: string | null;
  /** What the link invites to: the business, the address and the role (from the check). */
  invitation: InvitationCheckResponse | null;
  fieldErrors: Partial<Record<AcceptField, string>>;
  error: string | null;
}

export type AcceptInviteEvent =
  | { type: 'acceptInvite.submit'; firstName: string; lastName: string; password: string }
  | { type: 'acceptInvite.retry' };

/** Every field's first problem, in form order (the password rule knows the invited address). */
export function acceptProblems(
  fields: { firstName: string; lastName: string; password: string },
  email: string,
): Partial<Record<AcceptField, string>> {
  const errors: Partial<Record<AcceptField, string>> = {};
  const result = v.safeParse(InvitationAccept, { token: 'x', ...fields });
  if (!result.success) {
    const nested = v.flatten<typeof InvitationAccept>(result.issues).nested ?? {};
    for (const name of ACCEPT_FIELDS) {
      const message = nested[name]?.[0];
      if (message) errors[name] = message;
    }
  }
  const password = passwordProblem(fields.password ?? '', email);
  if (password && !errors.password) errors.password = password;
  return errors;
}

/** The server refused the link itself: its answer is the invalid-invitation text. */
const linkRefused = (error: unknown) => {
  const e = error as Partial<Failure> | null;
  return e?.message === TEAM_TEXTS.invalidInvitation;
};
/** A 4xx answer other than "too many requests" about the check: the link cannot be used. */
const checkRefused = (error: unknown) => {
  const status = (error as Partial<Failure> | null)?.status;
  return linkRefused(error) || (typeof status === 'number' && status >= 400 && status < 500 && status !== 429);
};

export const acceptInviteMachine = setup({
  types: {
    input: {} as AcceptInviteInput,
    context: {} as AcceptInviteContext,
    events: {} as AcceptInviteEvent,
    tags: {} as ViewTag,
  },
  actors: {
    checkInvitation: notProvided<InvitationCheckResponse, { token: string }>('checkInvitation'),
    acceptInvitation: notProvided<void, { token: string; firstName: string; lastName: string; password: string }>(
      'acceptInvitation',
    ),
  },
  guards: {
    hasToken: ({ context }) => !!context.token,
    checkRefused: ({ event }) => checkRefused((event as { error?: unknown }).error),
    linkRefused: ({ event }) => linkRefused((event as { error?: unknown }).error),
    formInvalid: ({ context, event }) =>
      event.type === 'acceptInvite.submit' &&
      Object.keys(acceptProblems(event, context.invitation?.email ?? '')).length > 0,
  },
}).createMachine({
  id: 'acceptInvite',
  context: ({ input }) => ({ token: input.token?.trim() || null, invitation: null, fieldErrors: {}, error: null }),
  initial: 'start',
  states: {
    start: {
      description: 'The page reads the token from the link (never shown on screen)',
      always: [
        { guard: 'hasToken', target: 'checking', description: 'Open the invitation link from the mail' },
        {
          target: 'failed',
          actions: assign({ error: TEAM_TEXTS.invalidInvitation }),
          description: 'Open /accept-invite without a token',
        },
      ],
    },
    checking: {
      description: `"${ACCEPT_INVITE_TEXTS.checking}" shows while the server looks at the link; no form yet`,
      tags: ['loading', 'busy'],
      invoke: {
        id: 'checkInvitation',
        src: 'checkInvitation',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: {
          target: 'form',
          actions: assign({ invitation: ({ event }) => event.output }),
          description: 'The link can be used: the form shows the business name, the e-mail (read only) and the role',
        },
        onError: [
          {
            guard: 'checkRefused',
            target: 'failed',
            actions: assign({ error: TEAM_TEXTS.invalidInvitation }),
            description: 'The server says the link is unknown, used, revoked or expired',
          },
          {
            target: 'unreachable',
            actions: assign({ error: ACCEPT_INVITE_TEXTS.unreachable }),
            description: 'The check gets no answer (no connection or a server error)',
          },
        ],
      },
    },
    unreachable: {
      description: `"${ACCEPT_INVITE_TEXTS.unreachable}" with "Try again"; no form`,
      tags: ['error'],
      on: { 'acceptInvite.retry': { target: 'checking', description: 'Press "Try again"' } },
    },
    form: {
      description:
        'The "Join the team" form: the business, the e-mail (read only) and the role, then First Name, Last Name and Password',
      tags: ['ready'],
      initial: 'editing',
      on: {
        'acceptInvite.submit': [
          {
            guard: 'formInvalid',
            target: '.invalid',
            actions: assign({
              fieldErrors: ({ context, event }) => acceptProblems(event, context.invitation?.email ?? ''),
              error: null,
            }),
            description: 'Press "Join the team" with a field empty or a password the rule refuses: each field says why',
          },
          {
            target: '#acceptInvite.submitting',
            actions: assign({ fieldErrors: {}, error: null }),
            description: 'Fill in both names and a good password and press "Join the team"',
          },
        ],
      },
      states: {
        editing: { description: 'The form shows no message' },
        invalid: { description: 'Each field that needs it shows its message under it' },
        refused: { description: 'An alert over the button says why the server refused', tags: ['error'] },
      },
    },
    submitting: {
      description: `"Join the team" waits and "${ACCEPT_INVITE_TEXTS.joining}" shows`,
      tags: ['busy'],
      invoke: {
        id: 'acceptInvitation',
        src: 'acceptInvitation',
        input: ({ context, event }) => {
          assertEvent(event, 'acceptInvite.submit');
          return {
            token: context.token ?? '',
            firstName: event.firstName.trim(),
            lastName: event.lastName.trim(),
            password: event.password,
          };
        },
        onDone: { target: 'succeeded', description: 'The account is made and joins the business' },
        onError: [
          {
            guard: 'linkRefused',
            target: 'failed',
            actions: assign({ error: TEAM_TEXTS.invalidInvitation }),
            description: 'The link stopped working meanwhile (revoked, used, expired)',
          },
          {
            target: 'form.refused',
            actions: assign({
              error: ({ event }) => failureText(event.error, ACCEPT_INVITE_TEXTS.failed, ACCEPT_INVITE_TEXTS.network),
            }),
            description: 'The server refuses a field (its message shows) or cannot be reached',
          },
        ],
      },
    },
    succeeded: {
      description: `"${TEAM_TEXTS.accepted}" and a "Go to Login" link`,
      type: 'final',
    },
    failed: {
      description: `"${TEAM_TEXTS.invalidInvitation}" with a "Go to Login" link; no form`,
      tags: ['error'],
      type: 'final',
    },
  },
});
