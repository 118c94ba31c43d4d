/**
 * Samples for the team (issue 25, decision 026): the Team page of the demo owner, and the accept-invite
 * page a new member opens from the invitation mail.
 */
import { ROLE_LABELS, type Role, TEAM_TEXTS, type TeamMember } from '#contracts/team.ts';
import { acceptInviteMachine } from '../accept-invite.machine.ts';
import { defineEntry, done, fail, note, stateAndError } from '../lib/entry.ts';
import { teamMachine } from '../team.machine.ts';
import { demoBusiness, demoOwner, demoUser, MAILBOX_URL, PORTAL_URL } from './demo.samples.ts';

const stopServer = 'stop the server (Ctrl+C where `npm start` runs) and start it again after this step';
const networkFailure = 'An unknown network error occurred.';

/** The demo owner as the team lists them. */
export const ownerRow: TeamMember = {
  userid: demoUser.userid,
  invitationid: null,
  email: demoOwner.email,
  firstname: demoUser.firstname,
  lastname: demoUser.lastname,
  role: 'owner',
  status: 'active',
  invitedat: null,
  joinedat: '2026-10-01T09:00:00.000Z',
};
/** A member who accepted an invitation. */
export const samRow: TeamMember = {
  userid: 'u-sam',
  invitationid: null,
  email: 'sam.patel@demo.local',
  firstname: 'Sam',
  lastname: 'Patel',
  role: 'staff',
  status: 'active',
  invitedat: '2026-11-02T10:00:00.000Z',
  joinedat: '2026-11-02T11:30:00.000Z',
};
/** An invitation waiting. */
export const invitedRow: TeamMember = {
  userid: null,
  invitationid: 'i-lee',
  email: 'lee.chen@demo.local',
  firstname: null,
  lastname: null,
  role: 'manager',
  status: 'invited',
  invitedat: '2026-11-25T15:00:00.000Z',
  joinedat: null,
};
const newInvitee = 'rosa.diaz@demo.local';

export const teamEntry = defineEntry({
  machine: teamMachine,
  title: 'Team (/team)',
  samples: [
    note({ type: 'team.retry' }, { say: 'press "Try again"' }),
    { type: 'team.invite', email: newInvitee, role: 'staff' },
    note(
      { type: 'team.invite', email: 'rosa-at-demo', role: 'staff' },
      { say: 'type `rosa-at-demo` in Email, keep Staff and press "Send Invitation"' },
    ),
    note(
      { type: 'team.resend', invitationid: invitedRow.invitationid! },
      { say: `press "Resend" on ${invitedRow.email}` },
    ),
    note(
      { type: 'team.revoke', invitationid: invitedRow.invitationid! },
      { say: `press "Revoke" on ${invitedRow.email}` },
    ),
    note(
      { type: 'team.changeRole', userid: samRow.userid!, role: 'manager' },
      { say: 'pick Manager for Sam Patel and press "Change role"' },
    ),
    note({ type: 'team.remove', userid: samRow.userid! }, { say: 'press "Remove" on Sam Patel' }),
    note({ type: 'team.confirmRemove' }, { say: 'press "Remove" in the question' }),
    note({ type: 'team.cancel' }, { say: 'press "Cancel" (or Escape)' }),
    note(done('loadTeam', [ownerRow, samRow, invitedRow]), {
      arrange: `Invite ${samRow.email} as Staff and accept it from ${MAILBOX_URL}; invite ${invitedRow.email} as Manager`,
    }),
    note(done('loadTeam', [ownerRow]), { arrange: 'Sign in as the owner of a business without other members' }),
    note(fail('loadTeam', { message: networkFailure, network: true }), { arrange: stopServer }),
    done('reloadTeam', [ownerRow, samRow, invitedRow]),
    note(fail('reloadTeam', { message: networkFailure, network: true }), {
      notByHand: 'The server would have to stop between the change and the reload',
    }),
    done('invite', { message: TEAM_TEXTS.invited(newInvitee) }),
    note(fail('invite', { message: TEAM_TEXTS.tooManyInvitations, status: 429 }), {
      arrange: 'Send 20 invitations within the hour first',
    }),
    note(fail('invite', { message: TEAM_TEXTS.tooManyPending, status: 409 }), {
      arrange: 'Have 50 invitations waiting first',
    }),
    done('resend'),
    note(fail('resend', { message: networkFailure, network: true }), { arrange: stopServer }),
    done('revoke'),
    note(fail('revoke', { message: networkFailure, network: true }), { arrange: stopServer }),
    done('changeRole'),
    note(fail('changeRole', { message: TEAM_TEXTS.lastOwner, status: 409 }), {
      arrange: 'Make the only owner a Manager (their own row is not offered: use a second owner and demote the other)',
    }),
    done('removeMember'),
    note(fail('removeMember', { message: TEAM_TEXTS.lastOwner, status: 409 }), {
      notByHand: 'The page offers no Remove on your own row, so the last owner cannot be picked',
    }),
  ],
  uiKey: (s) => ({
    state: s.value,
    error: !!s.context.error,
    notice: !!s.context.notice,
    inviteErrors: Object.keys(s.context.inviteErrors),
    size: s.context.team?.length ?? 0,
  }),
  plan: {
    start: { url: '/team', signedInAs: demoOwner },
    fields: { email: 'Email', role: 'Role' },
    shows: (s) => [
      ...(s.context.notice ? [`The status line: "${s.context.notice}"`] : []),
      ...(s.context.error && !s.hasTag('error') ? [`An alert: "${s.context.error}"`] : []),
    ],
    usesUp: `An invitation mail per invitation sent (to ${newInvitee}): revoke it after the walk`,
    test: 'tests/generated/team.generated.test.tsx',
  },
});

/** The link of an invitation mail (a sample token: a real one comes from the mail). */
const sampleToken = 'c2FtcGxlLWludml0YXRpb24tdG9rZW4';
const newMember = { firstName: 'Sam', lastName: 'Patel', password: 'Counter#2026' };
const FIELD_LABELS: Record<string, string> = { firstName: 'First Name', lastName: 'Last Name', password: 'Password' };

export const acceptInviteEntry = defineEntry({
  machine: acceptInviteMachine,
  title: 'Accept an invitation (/accept-invite)',
  samples: [
    { type: 'acceptInvite.submit', ...newMember },
    note(
      { type: 'acceptInvite.submit', ...newMember, firstName: '', password: 'short' },
      { say: 'leave First Name empty, type `short` as Password and press "Join the team"' },
    ),
    note(
      { type: 'acceptInvite.submit', ...newMember, password: samRow.email },
      { say: `type the invited address \`${samRow.email}\` as Password and press "Join the team"` },
    ),
    note(done('checkInvitation', { businessname: demoBusiness.businessname, email: samRow.email, role: 'staff' }), {
      arrange: `Sign in as ${demoOwner.email}, invite ${samRow.email} as Staff on the Team page and open the link from the mail in ${MAILBOX_URL}`,
    }),
    note(fail('checkInvitation', { message: TEAM_TEXTS.invalidInvitation, status: 400 }), {
      arrange: 'Open a link that was already used, revoked, or is older than 7 days',
    }),
    note(fail('checkInvitation', { message: networkFailure, network: true }), { arrange: stopServer }),
    done('acceptInvitation'),
    note(fail('acceptInvitation', { message: TEAM_TEXTS.invalidInvitation, status: 400 }), {
      arrange: 'Revoke the invitation on the Team page (in another browser) after the form opened',
    }),
    note(fail('acceptInvitation', { message: networkFailure, network: true }), { arrange: stopServer }),
  ],
  uiKey: stateAndError,
  inputs: [
    {
      label: 'Open the invitation link from the mail',
      input: { token: sampleToken },
      start: {
        url: '/accept-invite?token=…',
        via: `sign in at ${PORTAL_URL} as ${demoOwner.email}, invite an address on the Team page, sign out, and take the link from the mail in ${MAILBOX_URL}`,
      },
    },
    { label: 'Open /accept-invite without a token', input: { token: null }, start: { url: '/accept-invite' } },
  ],
  plan: {
    fields: { firstName: 'First Name', lastName: 'Last Name', password: 'Password' },
    shows: (s) => [
      ...Object.entries(s.context.fieldErrors).map(([field, message]) => `Under ${FIELD_LABELS[field]}: "${message}"`),
      ...(s.context.invitation && s.matches('form')
        ? [`"${s.context.invitation.businessname} invites you as ${ROLE_LABELS[s.context.invitation.role as Role]}."`]
        : []),
    ],
    usesUp: 'Each invitation link works once: invite again for a new one',
    test: 'tests/generated/accept-invite.generated.test.tsx',
  },
});
