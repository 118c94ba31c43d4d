import { INVITATION_DAYS, ROLE_LABELS, type Role } from '#contracts/team.ts';
import type { OutgoingMail } from '../../mail/mailer.ts';

/** To an address invited to a business's team: the single-use link of the accept-invite page. */
export const invitationMail = (
  to: string,
  invite: { businessname: string; inviter: string | null; role: Role },
  link: string,
): OutgoingMail => ({
  to,
  subject: `You are invited to join ${invite.businessname} on the Business Portal`,
  text: [
    'Hello,',
    '',
    `${invite.inviter?.trim() || 'The owner'} invited you to join the team of ${invite.businessname} on the Business Portal as ${ROLE_LABELS[invite.role]}. Create your account here:`,
    '',
    link,
    '',
    `This link works once and expires in ${INVITATION_DAYS} days. If you did not expect this invitation, you can ignore this email.`,
  ].join('\n'),
  links: [link],
});

/**
 * To an address that already has an account: an account belongs to one business, so this invitation
 * cannot be accepted with it, and no link that could set its password is sent.
 */
export const invitationToAccountMail = (to: string, invite: { businessname: string }): OutgoingMail => ({
  to,
  subject: `About your invitation to ${invite.businessname}`,
  text: [
    'Hello,',
    '',
    `${invite.businessname} invited this email address to its team on the Business Portal. An account already exists for this address, and an account can belong to one business only, so the invitation cannot be accepted with it.`,
    '',
    'Please ask the business owner to invite another email address. Your existing account stays as it is.',
  ].join('\n'),
  links: [],
});
