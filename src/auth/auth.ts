/**
 * The identity adapter the app talks to: machines and views call these few functions, so swapping the
 * identity library (or faking it in tests) touches this folder only. Amplify itself (amplify.ts, about a
 * quarter of the login page's JavaScript) is a chunk of its own, loaded when it is needed: when the
 * browser holds tokens of this app's user pool (a session may exist), or when a sign-in starts (the
 * login form prefetches it on first touch: preloadAuth). A visitor with no stored tokens is signed out
 * without loading it, exactly what Amplify would answer; a visitor whose stored tokens are valid is signed
 * in with them, again Amplify's answer, and Amplify loads only to refresh them or to sign out
 * (docs/decisions/015-initial-bundle.md).
 */
import type { RuntimeConfig } from '#contracts/config.ts';
import type { SignInOutcome } from '#machines/sign-in.outcomes.ts';
import { STORAGE_PREFIX, storedSession } from './stored-session.ts';

// The sign-in machine owns the shape of an outcome; this adapter produces it.
export type { SignInOutcome };

let settings: RuntimeConfig | undefined;
let amplify: Promise<typeof import('./amplify.ts')> | undefined;

export function configureAuth(config: RuntimeConfig): void {
  settings = config;
  amplify = undefined; // a new configuration is applied on the next load
  // A session may exist but its stored tokens cannot be used as they are (expired, or unreadable here):
  // the session check will need Amplify to refresh them, so its fetch starts now, beside the entry's first
  // render, rather than when the session actor starts after it. Valid stored tokens need no Amplify.
  if (mayHaveSession() && !validStoredSession()) preloadAuth();
}

/** The stored tokens, when Amplify would hand them out as they are (stored-session.ts). */
function validStoredSession() {
  return settings ? storedSession(settings.auth.userPoolClientId) : undefined;
}

/** Amplify, configured; loaded once (a failed load is tried again on the next call). */
function loadAmplify(): Promise<typeof import('./amplify.ts')> {
  const config = settings;
  if (!config) return Promise.reject(new Error('The identity client is not configured: call configureAuth first.'));
  amplify ??= import('./amplify.ts').then(
    (module) => {
      module.configure(config);
      return module;
    },
    (error: unknown) => {
      amplify = undefined;
      throw error;
    },
  );
  return amplify;
}

/** Starts loading the identity client before it is needed (the login form calls it on first touch). */
export function preloadAuth(): void {
  loadAmplify().catch(() => undefined); // a failure shows when the sign-in needs it
}

/** True when this browser holds anything Amplify stored for this app's user pool client. */
function mayHaveSession(): boolean {
  if (!settings) return true;
  const prefix = `${STORAGE_PREFIX}.${settings.auth.userPoolClientId}.`;
  try {
    for (let i = 0; i < localStorage.length; i++) if (localStorage.key(i)?.startsWith(prefix)) return true;
    return false;
  } catch {
    return true; // storage unreadable: let Amplify decide
  }
}

/** Rejects with the provider's error (its `name`, e.g. NotAuthorizedException, and `message`). */
export async function signIn(email: string, password: string): Promise<SignInOutcome> {
  return (await loadAmplify()).signIn(email, password);
}

/** Answers the NEW_PASSWORD_REQUIRED challenge that the last signIn left pending. */
export async function confirmNewPassword(newPassword: string): Promise<SignInOutcome> {
  return (await loadAmplify()).confirmNewPassword(newPassword);
}

/** Refreshes expired tokens when needed; an invalid refresh token makes Amplify return no tokens. */
export async function currentSession(): Promise<{ signedIn: boolean; groups: string[] }> {
  if (!mayHaveSession()) return { signedIn: false, groups: [] };
  const stored = validStoredSession();
  if (stored) return { signedIn: true, groups: stored.groups };
  return (await loadAmplify()).currentSession();
}

/** The bearer for product API calls; undefined when signed out or when the session cannot be refreshed. */
export async function accessToken(): Promise<string | undefined> {
  if (!mayHaveSession()) return undefined;
  const stored = validStoredSession();
  if (stored) return stored.accessToken;
  try {
    return await (await loadAmplify()).accessToken();
  } catch (error) {
    console.warn('Could not read the session:', (error as Error)?.name ?? 'unknown error');
    return undefined;
  }
}

/**
 * Clears local tokens (and revokes the refresh token on the server: see amplify.ts). Failures are logged
 * and ignored (spec §8): the user is signed out locally anyway.
 */
export async function signOut(): Promise<void> {
  try {
    await (await loadAmplify()).signOut();
  } catch (error) {
    console.warn('Sign-out failed:', (error as Error)?.name ?? 'unknown error');
  }
}
