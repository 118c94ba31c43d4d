/**
 * The sign-in machine's texts and its handling of the provider's answers, shared by the first sign-in
 * and the new-password step. Split out to keep the machine file readable.
 */
import { PASSWORD_MESSAGES } from '#contracts/password.ts';

/** What the identity adapter (src/auth/auth.ts) answers after a sign-in step. */
export type SignInOutcome =
  | { kind: 'signedIn'; groups: string[] }
  | { kind: 'newPasswordRequired' }
  | { kind: 'confirmSignUp' }
  | { kind: 'resetPassword' }
  | { kind: 'otherStep'; step: string };

export const OWNER_GROUP = 'BusinessOwners';

export const signInMessages = {
  missingCredentials: 'Please enter your email and password.',
  accessDenied: 'Access Denied. You do not have permission to access the Business Portal.',
  unconfirmed: 'Your account is not confirmed. Please check your email for a verification link.',
  // Spec §9: pending sign-in state expires after 3 minutes; the wording is ours.
  challengeExpired: 'Your sign-in expired after 3 minutes without a new password. Please sign in again.',
  // Spec leaves the wording open: we point at the reset flow the Login page offers.
  resetRequired: 'Your password must be reset before you can sign in. Use "Forgot password?" to get a reset link.',
  unexpectedStep: 'An unexpected sign-in step is required. Please try again.',
  signInFailed: 'An error occurred during sign in.',
  newPasswordMissing: 'Please enter your new password.',
  passwordsDiffer: 'Passwords do not match',
  noChallenge: 'No active password challenge session found',
  newPasswordFailed: 'Failed to update password. Please try again.',
} as const;

export const outcome = (event: unknown) => (event as { output?: SignInOutcome }).output;
export const kindIs = (event: unknown, kind: SignInOutcome['kind']) => outcome(event)?.kind === kind;

/** The same outcome handling after the first sign-in and after the new password. */
export const outcomeTransitions = (fallback: string) => [
  {
    guard: 'isBusinessOwner' as const,
    target: '#signIn.signedIn',
    description: 'The provider signs in a member of the BusinessOwners group',
  },
  {
    guard: 'isSignedIn' as const,
    target: '#signIn.denying',
    description: 'The provider signs in an account that is not a business owner',
  },
  {
    guard: 'needsNewPassword' as const,
    target: '#signIn.ready.awaitingNewPassword',
    description: 'The provider requires a new password (first sign-in with a temporary password)',
  },
  {
    guard: 'needsConfirmation' as const,
    target: '#signIn.ready.unconfirmed',
    description: 'The account exists but its email address is not verified yet',
  },
  {
    guard: 'needsPasswordReset' as const,
    target: '#signIn.ready.resetRequired',
    description: 'The provider requires a password reset for this account',
  },
  {
    target: '#signIn.ready.failed',
    actions: { type: 'setError' as const, params: { message: fallback } },
    description: 'The provider asks for a step the portal does not support (SMS or authenticator code, MFA setup…)',
  },
];

/** The product's password rules in plain words: the texts the server and our provider answer with. */
export const passwordPolicyTexts = PASSWORD_MESSAGES;

/**
 * Amazon Cognito words its password-policy refusals for developers ("Password did not conform with
 * policy: Password not long enough"). Each known reason, in the words an owner understands; anything
 * else (our own provider already answers in plain words) is shown as it came.
 */
const COGNITO_PASSWORD_REASONS: ReadonlyArray<readonly [RegExp, string]> = [
  [/not long enough|length greater than or equal to/i, passwordPolicyTexts.tooShort],
  [/length less than or equal to/i, PASSWORD_MESSAGES.tooLong],
  [/must have uppercase/i, 'Add a capital letter (A–Z).'],
  [/must have lowercase/i, 'Add a small letter (a–z).'],
  [/must have numeric/i, 'Add a number (0–9).'],
  [/must have symbol/i, 'Add a symbol, such as ! or #.'],
  [/cannot be used for security reasons/i, passwordPolicyTexts.tooCommon],
];

export function plainPasswordText(message: string): string {
  return COGNITO_PASSWORD_REASONS.find(([pattern]) => pattern.test(message))?.[1] ?? message;
}
