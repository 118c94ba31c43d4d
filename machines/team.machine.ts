/**
 * The Team page (/team, owner only; issue 25, decision 026): the members and the invitations waiting,
 * an invitation form (e-mail and role), a member's role changed, an invitation sent again or revoked, a
 * member removed after a question. One actor for the page: one thing happens at a time and each change
 * reloads the list. Effects are actors: loadTeam, invite, resend, revoke, changeRole, removeMember.
 */

import * as v from 'valibot';
import { assertEvent, assign, setup } from 'xstate';
import { InvitationRequest, ROLE_LABELS, type Role, TEAM_TEXTS, type TeamMember } from '#contracts/team.ts';
import { confirmThenRun } from './lib/confirm.ts';
import { failureText, notProvided } from './lib/effects.ts';
import type { ViewTag } from './lib/tags.ts';

/** The page's own texts (the server's answers and refusals are TEAM_TEXTS in contracts/team.ts). */
export const TEAM_PAGE_TEXTS = {
  loadFailed: 'Could not load your team.',
  onlyYou: 'Only you so far. Invite the people who work with you: they sign in with their own password.',
  noInvitations: 'No invitations waiting.',
  inviteFailed: 'Could not send the invitation. Please try again.',
  actionFailed: 'That did not work. Please try again.',
  reloadFailed: 'The change was made, but the list could not be reloaded. Reload the page to see it.',
  removeTitle: 'Remove team member',
  removeQuestion: (name: string) =>
    `${name} will no longer be able to sign in to this business. What they did stays, with their name.`,
  network: 'An unknown network error occurred.',
} as const;

export type InviteField = 'email' | 'role';

export interface TeamContext {
  team: TeamMember[] | null;
  /** The failure on show: in the list's place (load), over the list (an action), in the question (remove). */
  error: string | null;
  /** The last confirmation ("Invitation sent to …", "Role changed."), shown in the page's status line. */
  notice: string | null;
  /** The invitation form's messages, per field. */
  inviteErrors: Partial<Record<InviteField, string>>;
  /** How many invitations this page has sent: the form starts empty again after each. */
  sent: number;
  /** The member (userid) or invitation (invitationid) being acted on. */
  selected: string | null;
}

export type TeamEvent =
  | { type: 'team.retry' }
  | { type: 'team.invite'; email: string; role: string }
  | { type: 'team.resend'; invitationid: string }
  | { type: 'team.revoke'; invitationid: string }
  | { type: 'team.changeRole'; userid: string; role: Role }
  | { type: 'team.remove'; userid: string }
  | { type: 'team.confirmRemove' }
  | { type: 'team.cancel' };

/** The form's messages for a typed invitation, by field (empty when it can be sent). */
export function inviteProblems(email: string, role: string): Partial<Record<InviteField, string>> {
  const result = v.safeParse(InvitationRequest, { email, role });
  if (result.success) return {};
  const errors: Partial<Record<InviteField, string>> = {};
  for (const issue of result.issues) {
    const key = issue.path?.[0]?.key as InviteField | undefined;
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return errors;
}

/** A member's name as the page shows it: first and last name, or the e-mail when there is none. */
export const memberName = (m: Pick<TeamMember, 'firstname' | 'lastname' | 'email'>) =>
  [m.firstname, m.lastname]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ') || m.email;

const message = (output: unknown, fallback: string) => {
  const text = (output as { message?: unknown } | null)?.message;
  return typeof text === 'string' && text.trim() ? text : fallback;
};

const team = setup({
  types: {
    context: {} as TeamContext,
    events: {} as TeamEvent,
    tags: {} as ViewTag,
  },
  actors: {
    loadTeam: notProvided<TeamMember[]>('loadTeam'),
    invite: notProvided<{ message: string }, { email: string; role: Role }>('invite'),
    resend: notProvided<void, { invitationid: string }>('resend'),
    revoke: notProvided<void, { invitationid: string }>('revoke'),
    changeRole: notProvided<void, { userid: string; role: Role }>('changeRole'),
    removeMember: notProvided<void, { userid: string }>('removeMember'),
  },
  guards: {
    inviteInvalid: ({ event }) =>
      event.type === 'team.invite' && Object.keys(inviteProblems(event.email, event.role)).length > 0,
    listedInvitation: ({ context, event }) =>
      (event.type === 'team.resend' || event.type === 'team.revoke') &&
      !!context.team?.some((m) => m.status === 'invited' && m.invitationid === event.invitationid),
    listedMember: ({ context, event }) =>
      (event.type === 'team.changeRole' || event.type === 'team.remove') &&
      !!context.team?.some((m) => m.status === 'active' && m.userid === event.userid),
  },
  actions: {
    startAction: assign({ error: null, notice: null }),
  },
});

export const teamMachine = team.createMachine({
  id: 'team',
  context: { team: null, error: null, notice: null, inviteErrors: {}, sent: 0, selected: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'Placeholder rows show while the team loads',
      tags: ['loading', 'busy'],
      entry: assign({ error: null }),
      invoke: {
        id: 'loadTeam',
        src: 'loadTeam',
        onDone: {
          target: 'ready',
          actions: assign({ team: ({ event }) => event.output }),
          description: `The members (name, e-mail, role, joined) and the invitations waiting (e-mail, role, invited at) show, or "${TEAM_PAGE_TEXTS.onlyYou}"`,
        },
        onError: {
          target: 'failed',
          actions: assign({ error: TEAM_PAGE_TEXTS.loadFailed }),
          description: `The server cannot be reached or refuses: "${TEAM_PAGE_TEXTS.loadFailed}" with Try again`,
        },
      },
    },
    failed: {
      description: `"${TEAM_PAGE_TEXTS.loadFailed}" and a "Try again" button stand in place of the team`,
      tags: ['error'],
      on: { 'team.retry': { target: 'loading', description: 'Press "Try again"' } },
    },
    ready: {
      description: 'The team and the invitation form are on screen',
      tags: ['ready'],
      initial: 'idle',
      states: {
        idle: {
          description: 'Every control waits for a press; a confirmation or a refusal from the last action shows',
          on: {
            'team.invite': [
              {
                guard: 'inviteInvalid',
                actions: [
                  'startAction',
                  assign({
                    inviteErrors: ({ event }) => {
                      assertEvent(event, 'team.invite');
                      return inviteProblems(event.email, event.role);
                    },
                  }),
                ],
                description: 'Press "Send Invitation" with an e-mail that is not one: the field says why',
              },
              {
                target: 'inviting',
                actions: ['startAction', assign({ inviteErrors: {} })],
                description: 'Type an e-mail, pick a role and press "Send Invitation"',
              },
            ],
            'team.resend': {
              guard: 'listedInvitation',
              target: 'resending',
              actions: ['startAction', assign({ selected: ({ event }) => event.invitationid })],
              description: 'Press "Resend" on an invitation waiting',
            },
            'team.revoke': {
              guard: 'listedInvitation',
              target: 'revoking',
              actions: ['startAction', assign({ selected: ({ event }) => event.invitationid })],
              description: 'Press "Revoke" on an invitation waiting',
            },
            'team.changeRole': {
              guard: 'listedMember',
              target: 'changingRole',
              actions: ['startAction', assign({ selected: ({ event }) => event.userid })],
              description: 'Pick another role for a member and press "Change role"',
            },
            'team.remove': {
              guard: 'listedMember',
              target: 'confirmRemove',
              actions: ['startAction', assign({ selected: ({ event }) => event.userid })],
              description: 'Press "Remove" on a member',
            },
          },
        },
        inviting: {
          description: '"Send Invitation" reads "Sending..." and every control waits',
          tags: ['busy'],
          invoke: {
            id: 'invite',
            src: 'invite',
            input: ({ event }) => {
              assertEvent(event, 'team.invite');
              return { email: event.email.trim(), role: event.role as Role };
            },
            onDone: {
              target: '#team.ready.reloading',
              actions: assign({
                notice: ({ event }) => message(event.output, TEAM_PAGE_TEXTS.inviteFailed),
                sent: ({ context }) => context.sent + 1,
              }),
              description:
                'The server sends the invitation (201): its message ("Invitation sent to …") shows, the form empties and the list reloads with it',
            },
            onError: {
              target: 'idle',
              actions: assign({
                error: ({ event }) => failureText(event.error, TEAM_PAGE_TEXTS.inviteFailed, TEAM_PAGE_TEXTS.network),
              }),
              description: `The server refuses (too many invitations: "${TEAM_TEXTS.tooManyInvitations}", too many waiting, a bad field) or cannot be reached: the reason shows over the form, which keeps what was typed`,
            },
          },
        },
        resending: {
          description: 'The invitation\'s "Resend" reads "Sending..." and every control waits',
          tags: ['busy'],
          invoke: {
            id: 'resend',
            src: 'resend',
            input: ({ context }) => ({ invitationid: context.selected! }),
            onDone: {
              target: '#team.ready.reloading',
              actions: assign({ notice: TEAM_TEXTS.resent, selected: null }),
              description: `The invitation is mailed again: "${TEAM_TEXTS.resent}"`,
            },
            onError: {
              target: 'idle',
              actions: assign({
                error: ({ event }) => failureText(event.error, TEAM_PAGE_TEXTS.actionFailed, TEAM_PAGE_TEXTS.network),
                selected: null,
              }),
              description: 'The server refuses (too many invitations) or cannot be reached: the reason shows',
            },
          },
        },
        revoking: {
          description: 'The invitation\'s "Revoke" reads "Revoking..." and every control waits',
          tags: ['busy'],
          invoke: {
            id: 'revoke',
            src: 'revoke',
            input: ({ context }) => ({ invitationid: context.selected! }),
            onDone: {
              target: '#team.ready.reloading',
              actions: assign({ notice: TEAM_TEXTS.revoked, selected: null }),
              description: `The link no longer works: "${TEAM_TEXTS.revoked}", and it leaves the list`,
            },
            onError: {
              target: 'idle',
              actions: assign({
                error: ({ event }) => failureText(event.error, TEAM_PAGE_TEXTS.actionFailed, TEAM_PAGE_TEXTS.network),
                selected: null,
              }),
              description: 'The server refuses or cannot be reached: the reason shows over the list',
            },
          },
        },
        changingRole: {
          description: 'The member\'s "Change role" reads "Saving..." and every control waits',
          tags: ['busy'],
          invoke: {
            id: 'changeRole',
            src: 'changeRole',
            input: ({ context, event }) => {
              assertEvent(event, 'team.changeRole');
              return { userid: context.selected!, role: event.role };
            },
            onDone: {
              target: '#team.ready.reloading',
              actions: assign({ notice: TEAM_TEXTS.roleChanged, selected: null }),
              description: `"${TEAM_TEXTS.roleChanged}" and the list shows the new role`,
            },
            onError: {
              target: 'idle',
              actions: assign({
                error: ({ event }) => failureText(event.error, TEAM_PAGE_TEXTS.actionFailed, TEAM_PAGE_TEXTS.network),
                selected: null,
              }),
              description: `The server refuses (the last owner: "${TEAM_TEXTS.lastOwner}") or cannot be reached: the reason shows`,
            },
          },
        },
        ...confirmThenRun(team)({
          ask: {
            state: 'confirmRemove',
            description: `"${TEAM_PAGE_TEXTS.removeTitle}" asks, naming the member, with Cancel (focused) and "Remove"`,
            confirm: { event: 'team.confirmRemove', description: 'Press "Remove" in the question' },
            cancel: {
              event: 'team.cancel',
              target: 'idle',
              actions: assign({ selected: null, error: null }),
              description: 'Press "Cancel" (or Escape)',
            },
          },
          run: {
            state: 'removing',
            description: 'The member is being removed; "Remove" reads "Removing..."',
            invoke: {
              id: 'removeMember',
              src: 'removeMember',
              input: ({ context }) => ({ userid: context.selected! }),
              onDone: {
                target: '#team.ready.reloading',
                actions: assign({ notice: TEAM_TEXTS.removed, selected: null }),
                description: `The question closes, "${TEAM_TEXTS.removed}" shows and the member leaves the list; their next call is refused`,
              },
              onError: {
                target: 'confirmRemove',
                actions: assign({
                  error: ({ event }) => failureText(event.error, TEAM_PAGE_TEXTS.actionFailed, TEAM_PAGE_TEXTS.network),
                }),
                description: `The server refuses (the last owner: "${TEAM_TEXTS.lastOwner}") or cannot be reached: the reason shows in the question`,
              },
            },
          },
        }),
        reloading: {
          description: 'The confirmation shows while the list reloads; the rows stay on screen',
          tags: ['busy'],
          invoke: {
            id: 'reloadTeam',
            src: 'loadTeam',
            onDone: {
              target: 'idle',
              actions: assign({ team: ({ event }) => event.output }),
              description: 'The list shows the change',
            },
            onError: {
              target: 'idle',
              actions: assign({ error: TEAM_PAGE_TEXTS.reloadFailed }),
              description: `The list cannot be reloaded: "${TEAM_PAGE_TEXTS.reloadFailed}"`,
            },
          },
        },
      },
    },
  },
});

/** The role options of the form and the rows, in order. */
export const ROLE_OPTIONS = (['staff', 'manager', 'owner'] as const).map((role) => ({
  role,
  label: ROLE_LABELS[role],
}));
