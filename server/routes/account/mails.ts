import type { OutgoingMail } from '../../mail/mailer.ts';

const lifetime = (seconds: number) =>
  seconds % 3600 === 0 ? `${seconds / 3600} hour${seconds === 3600 ? '' : 's'}` : `${Math.round(seconds / 60)} minutes`;

export const verificationMail = (
  to: string,
  firstName: string,
  businessName: string,
  link: string,
  ttlSeconds: number,
): OutgoingMail => ({
  to,
  subject: 'Verify your email address',
  text: [
    `Hi ${firstName},`,
    '',
    `Welcome to the Business Portal! Please confirm your email address to activate the account for ${businessName}:`,
    '',
    link,
    '',
    `This link works once and expires in ${lifetime(ttlSeconds)}. If you didn't create an account, you can ignore this email.`,
  ].join('\n'),
  links: [link],
});

export const resetMail = (to: string, link: string, ttlSeconds: number): OutgoingMail => ({
  to,
  subject: 'Reset your password',
  text: [
    'Hello,',
    '',
    'We received a request to reset the password of your Business Portal account. Choose a new password here:',
    '',
    link,
    '',
    `This link works once and expires in ${lifetime(ttlSeconds)}. If you didn't ask for a reset, you can ignore this email; your password stays the same.`,
  ].join('\n'),
  links: [link],
});

/** To the owner of an address someone tried to register again: nothing changed, and a way back in. */
export const registrationAttemptMail = (to: string, resetLink: string, ttlSeconds: number): OutgoingMail => ({
  to,
  subject: 'Someone tried to register with your email address',
  text: [
    'Hello,',
    '',
    'Someone, maybe you, just tried to register a new business on the Business Portal with this email address. It already has an account, so no new account was created and nothing has changed.',
    '',
    'If it was you, sign in with your existing account. If you have forgotten your password, choose a new one here:',
    '',
    resetLink,
    '',
    `This link works once and expires in ${lifetime(ttlSeconds)}. If it wasn't you, you can ignore this email; your account stays as it is.`,
  ].join('\n'),
  links: [resetLink],
});

/** To a customer who signed up in the mobile app. */
export const customerVerificationMail = (
  to: string,
  firstName: string,
  link: string,
  ttlSeconds: number,
): OutgoingMail => ({
  to,
  subject: 'Verify your email address',
  text: [
    `Hi ${firstName},`,
    '',
    'Thanks for signing up! Please confirm your email address to start following your favourite places and collecting their vouchers:',
    '',
    link,
    '',
    `This link works once and expires in ${lifetime(ttlSeconds)}. If you didn't sign up, you can ignore this email.`,
  ].join('\n'),
  links: [link],
});

/** To the owner of an address someone tried to sign up with again in the app. */
export const customerSignUpAttemptMail = (to: string, resetLink: string, ttlSeconds: number): OutgoingMail => ({
  to,
  subject: 'Someone tried to sign up with your email address',
  text: [
    'Hello,',
    '',
    'Someone, maybe you, just tried to sign up in the app with this email address. It already has an account, so no new account was created and nothing has changed.',
    '',
    'If it was you, sign in with your existing account. If you have forgotten your password, choose a new one here:',
    '',
    resetLink,
    '',
    `This link works once and expires in ${lifetime(ttlSeconds)}. If it wasn't you, you can ignore this email; your account stays as it is.`,
  ].join('\n'),
  links: [resetLink],
});
