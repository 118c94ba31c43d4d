import * as v from 'valibot';
import { Email, requiredText } from './common.ts';
import { Password } from './password.ts';

/**
 * A business's team (decision 026): every member is in the BusinessOwners group (the spec's gate) and
 * belongs to one business with one role. A role may do everything the roles below it may:
 * staff < manager < owner. Every owner-area route states the least role it needs in its OpenAPI entry
 * (`role`, shown as `x-roles`), which is the one place the guard reads.
 */
export const ROLES = ['owner', 'manager', 'staff'] as const;
export type Role = (typeof ROLES)[number];

const RANK: Record<Role, number> = { staff: 0, manager: 1, owner: 2 };
/** Whether `role` may do what needs at least `least`. */
export const hasRole = (role: Role, least: Role): boolean => RANK[role] >= RANK[least];
/** The roles that meet `least`, most powerful first (the document's `x-roles`). */
export const rolesFrom = (least: Role): Role[] => ROLES.filter((role) => hasRole(role, least));

export const ROLE_LABELS: Record<Role, string> = { owner: 'Owner', manager: 'Manager', staff: 'Staff' };

/** Invitations: single use, valid this long; per business at most this many an hour and pending. */
export const INVITATION_DAYS = 7;
export const INVITATIONS_PER_HOUR = 20;
export const PENDING_INVITATIONS = 50;

export const TEAM_TEXTS = {
  invited: (email: string) => `Invitation sent to ${email}.`,
  forbidden: 'Your role does not allow this. Ask the business owner.',
  lastOwner: 'A business needs at least one owner. Make another member an owner first.',
  removed: 'Team member removed.',
  roleChanged: 'Role changed.',
  revoked: 'Invitation revoked.',
  resent: 'Invitation sent again.',
  invalidInvitation:
    'This invitation link is invalid, has expired or was already used. Ask the business owner to send a new invitation.',
  accepted: 'Welcome to the team. You can now sign in.',
  tooManyInvitations: 'Too many invitations. Please try again later.',
  tooManyPending: `A business can have at most ${PENDING_INVITATIONS} invitations waiting. Revoke some first.`,
  /** The portal's message when a member opens a page their role may not use (redirected to the dashboard). */
  pageNotAllowed: (page: string) => `Your role does not include ${page}. Ask the business owner if you need it.`,
} as const;

const ROLE_CHOICES = 'Role must be owner, manager or staff.';
/** A missing role reads as "" so the caller gets the field's own message, like the other required fields. */
const RoleField = v.optional(v.pipe(v.string(ROLE_CHOICES), v.picklist(ROLES, ROLE_CHOICES)), '');

/**
 * GET /api/businesses/me/team: the members and the invitations waiting. A member has a `userid` and
 * status "active" (joinedat set); an invitation has an `invitationid` and status "invited" (userid null,
 * names null, joinedat null).
 */
export const TeamMember = v.object({
  userid: v.nullable(v.string()),
  invitationid: v.nullable(v.string()),
  email: v.string(),
  firstname: v.nullable(v.string()),
  lastname: v.nullable(v.string()),
  role: v.picklist(ROLES),
  status: v.picklist(['active', 'invited']),
  invitedat: v.nullable(v.string()),
  joinedat: v.nullable(v.string()),
});
export type TeamMember = v.InferOutput<typeof TeamMember>;
export const Team = v.array(TeamMember);

/** POST /api/businesses/me/team: 201 {message} whether or not the address has an account. */
export const InvitationRequest = v.object({ email: Email, role: RoleField });
export type InvitationRequest = v.InferOutput<typeof InvitationRequest>;

/** PUT /api/businesses/me/team/{userid} */
export const RoleChange = v.object({ role: RoleField });

/** POST /api/public/invitations/check: never spends the token. */
export const InvitationCheck = v.object({
  token: requiredText('Invitation token', 512),
});
export const InvitationCheckResponse = v.object({
  businessname: v.string(),
  email: v.string(),
  role: v.picklist(ROLES),
});
export type InvitationCheckResponse = v.InferOutput<typeof InvitationCheckResponse>;

/**
 * POST /api/public/invitations/accept: the password rule is registration's (the e-mail rule is checked on
 * the server with `passwordProblem`, since only the invitation knows the address).
 */
export const InvitationAccept = v.object({
  token: InvitationCheck.entries.token,
  firstName: requiredText('First name', 100),
  lastName: requiredText('Last name', 100),
  password: Password,
});
export type InvitationAccept = v.InferOutput<typeof InvitationAccept>;
