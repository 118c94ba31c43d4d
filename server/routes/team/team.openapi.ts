import { MessageBody } from '#contracts/common.ts';
import * as t from '#contracts/team.ts';
import { describeRoutes } from '../../openapi/describe.ts';

const tags = ['Team'];
const userid = { userid: "The member's user id." };
const invitationid = { invitationid: 'The invitation id.' };

/** team.routes.ts: the business's team, owner only (decision 026). */
export const teamApi = describeRoutes('owner', {
  'GET /api/businesses/me/team': {
    role: 'owner',
    summary: 'The team: members (status active) and invitations waiting (status invited)',
    tags,
    ok: { 200: t.Team },
  },
  'POST /api/businesses/me/team': {
    role: 'owner',
    summary: 'Invite someone by e-mail with a role (the same answer whether or not the address has an account)',
    description: `Mails a single-use link to /accept-invite, valid ${t.INVITATION_DAYS} days. An address that already has an account gets a mail saying so instead (an account belongs to one business). At most ${t.INVITATIONS_PER_HOUR} invitations an hour (429) and ${t.PENDING_INVITATIONS} waiting (409) per business.`,
    tags,
    body: { schema: t.InvitationRequest, example: { email: 'sam@example.com', role: 'staff' } },
    ok: { 201: MessageBody },
    errors: [409, 429],
  },
  'POST /api/businesses/me/team/invitations/:invitationid/resend': {
    role: 'owner',
    summary: 'Send an invitation again: a new link, valid from now (counts toward the hourly limit)',
    tags,
    params: invitationid,
    ok: { 200: MessageBody },
    errors: [429],
  },
  'DELETE /api/businesses/me/team/invitations/:invitationid': {
    role: 'owner',
    summary: 'Revoke an invitation: its link stops working',
    tags,
    params: invitationid,
    ok: { 200: MessageBody },
  },
  'PUT /api/businesses/me/team/:userid': {
    role: 'owner',
    summary: "Change a member's role (the last owner cannot be demoted: 409)",
    tags,
    params: userid,
    body: { schema: t.RoleChange, example: { role: 'manager' } },
    ok: { 200: MessageBody },
    errors: [409],
  },
  'DELETE /api/businesses/me/team/:userid': {
    role: 'owner',
    summary: 'Remove a member: their account is disabled and signed out everywhere at once (not the last owner: 409)',
    tags,
    params: userid,
    ok: { 200: MessageBody },
    errors: [409],
  },
});

/** invitations.routes.ts: the accept-invite page's calls, public (the link's token is the proof). */
export const invitationsApi = describeRoutes('public', {
  'POST /api/public/invitations/check': {
    summary: 'Whether an invitation link can be used, and for which business, address and role (never spends it)',
    tags,
    body: { schema: t.InvitationCheck, example: { token: 'a-token-from-the-mail' } },
    ok: { 200: t.InvitationCheckResponse },
    errors: [429],
  },
  'POST /api/public/invitations/accept': {
    summary: "Accept an invitation: creates the member's account and joins the business; then sign in as owners do",
    tags,
    body: {
      schema: t.InvitationAccept,
      example: { token: 'a-token-from-the-mail', firstName: 'Sam', lastName: 'Lee', password: 'Counter&Till42' },
    },
    ok: { 201: MessageBody },
    errors: [429],
  },
});
