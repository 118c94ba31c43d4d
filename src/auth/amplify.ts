/**
 * The adapter over aws-amplify/auth: the ONLY module that imports aws-amplify. It is a chunk of its own,
 * loaded by auth.ts (the facade the app talks to) only when a session may exist or a sign-in starts
 * (docs/decisions/015-initial-bundle.md). Never log tokens here: errors are logged by name only.
 */
import { Amplify } from 'aws-amplify';
import {
  signIn as amplifySignIn,
  signOut as amplifySignOut,
  confirmSignIn,
  fetchAuthSession,
  type SignInOutput,
} from 'aws-amplify/auth';
import { ConsoleLogger } from 'aws-amplify/utils';
import type { RuntimeConfig } from '#contracts/config.ts';
import type { SignInOutcome } from '#machines/sign-in.outcomes.ts';

// The sign-in machine owns the shape of an outcome; this adapter produces it.
export type { SignInOutcome };

export function configure(config: RuntimeConfig): void {
  const configureAmplify = () =>
    Amplify.configure({
      Auth: {
        Cognito: {
          userPoolId: config.auth.userPoolId,
          userPoolClientId: config.auth.userPoolClientId,
          // Amplify parses this with new URL(): it must be absolute (the server builds it from its origin).
          ...(config.auth.userPoolEndpoint ? { userPoolEndpoint: config.auth.userPoolEndpoint } : {}),
        },
      },
    });
  if (!config.auth.userPoolEndpoint) {
    configureAmplify();
    return;
  }
  // Amplify warns "You are using a custom Amazon Cognito User Pool endpoint" on every configure: the
  // endpoint is this portal's own, by design, so that one note is silenced (issue 26). Only for this
  // call: every later Amplify warning still reaches the console.
  const level = ConsoleLogger.LOG_LEVEL;
  ConsoleLogger.LOG_LEVEL = 'ERROR';
  try {
    configureAmplify();
  } finally {
    ConsoleLogger.LOG_LEVEL = level;
  }
}

/** Real Cognito omits the claim for users in no group, so "absent" means "no groups". */
const groupsOf = (claim: unknown): string[] =>
  Array.isArray(claim) ? claim.filter((g): g is string => typeof g === 'string') : [];

async function toOutcome(output: SignInOutput): Promise<SignInOutcome> {
  const step = output.nextStep.signInStep;
  switch (step) {
    case 'DONE':
      return { kind: 'signedIn', groups: (await currentSession()).groups };
    case 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED':
      return { kind: 'newPasswordRequired' };
    case 'CONFIRM_SIGN_UP':
      return { kind: 'confirmSignUp' };
    case 'RESET_PASSWORD':
      return { kind: 'resetPassword' };
    default:
      return { kind: 'otherStep', step };
  }
}

/** Rejects with the provider's error (its `name`, e.g. NotAuthorizedException, and `message`). */
export async function signIn(email: string, password: string): Promise<SignInOutcome> {
  return toOutcome(await amplifySignIn({ username: email, password }));
}

/** Answers the NEW_PASSWORD_REQUIRED challenge that the last signIn left pending. */
export async function confirmNewPassword(newPassword: string): Promise<SignInOutcome> {
  return toOutcome(await confirmSignIn({ challengeResponse: newPassword }));
}

/** Refreshes expired tokens when needed; an invalid refresh token makes Amplify return no tokens. */
export async function currentSession(): Promise<{ signedIn: boolean; groups: string[] }> {
  const { tokens } = await fetchAuthSession();
  if (!tokens?.accessToken) return { signedIn: false, groups: [] };
  return { signedIn: true, groups: groupsOf(tokens.accessToken.payload['cognito:groups']) };
}

/** The bearer for product API calls; undefined when signed out or when the session cannot be refreshed. */
export async function accessToken(): Promise<string | undefined> {
  try {
    const { tokens } = await fetchAuthSession();
    return tokens?.accessToken.toString();
  } catch (error) {
    console.warn('Could not read the session:', (error as Error)?.name ?? 'unknown error');
    return undefined;
  }
}

/**
 * Clears local tokens. Amplify calls RevokeToken because our tokens carry origin_jti, so the refresh
 * token dies on the server too. Failures are logged and ignored (spec §8): the user is signed out locally anyway.
 */
export async function signOut(): Promise<void> {
  try {
    await amplifySignOut();
  } catch (error) {
    console.warn('Sign-out failed:', (error as Error)?.name ?? 'unknown error');
  }
}
