/**
 * The one session actor of the app, shared through React context. The machine (A's) stays pure; here
 * it gets the real effects: Amplify for the session, the API for the profiles.
 */
import { createActorContext } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { BusinessProfile } from '#contracts/businesses.ts';
import { sessionMachine } from '#machines/session.machine.ts';
import { getMyBusiness } from '#src/api/businesses.ts';
import { unlessAborted } from '#src/api/effect.ts';
import { errorStatus } from '#src/api/errors.ts';
import { getMe } from '#src/api/users.ts';
import { currentSession, signOut } from '#src/auth/auth.ts';
import { OWNERS_GROUP } from './owners.ts';

export const SessionContext = createActorContext(sessionMachine);

export const liveSessionLogic = sessionMachine.provide({
  actors: {
    // Tokens of someone outside BusinessOwners (left over from another app on this origin) do not open
    // the portal: sign them out so the login page works, instead of "There is already a signed in user."
    checkSession: fromPromise(async () => {
      const session = await currentSession();
      if (session.signedIn && !session.groups.includes(OWNERS_GROUP)) {
        await signOut();
        return { signedIn: false };
      }
      return { signedIn: session.signedIn };
    }),
    fetchUser: fromPromise(({ signal }) => unlessAborted(signal, () => getMe(signal))),
    fetchBusiness: fromPromise(
      ({ signal }): Promise<BusinessProfile | null> =>
        unlessAborted(signal, async () => {
          try {
            return await getMyBusiness(signal);
          } catch (error) {
            if (errorStatus(error) === 404) return null; // an owner without a business yet is still signed in
            throw error;
          }
        }),
    ),
    signOut: fromPromise(() => signOut()),
  },
  actions: {
    logError: (_, params: { what: string; error: unknown }) =>
      console.error(`[session] ${params.what}:`, (params.error as Error)?.message ?? params.error),
  },
});

export const useSession = SessionContext.useSelector;
export const useSessionRef = SessionContext.useActorRef;
