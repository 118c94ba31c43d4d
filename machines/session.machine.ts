/**
 * The session: who is signed in, and their user and business profiles (fetched in parallel). The router
 * gates on it (tag 'loading' → "Loading Application...", tag 'signingOut' → "Signing out...",
 * `authenticated`, `unauthenticated`). Spec §4 "Session".
 */
import { assertEvent, assign, setup, stateIn } from 'xstate';
import type { BusinessProfile } from '#contracts/businesses.ts';
import type { Role } from '#contracts/team.ts';
import type { UserProfile } from '#contracts/users.ts';
import { notProvided } from './lib/effects.ts';

export interface SessionContext {
  user: UserProfile | null;
  business: BusinessProfile | null;
  /**
   * The member's role in their business (from GET /api/users/me; decision 026): the pages, the sidebar
   * and the controls follow it. Null while nobody is signed in.
   */
  role: Role | null;
}

export type SessionEvent =
  | { type: 'session.loggedIn' }
  | { type: 'session.signOut' }
  | { type: 'session.expired' }
  | { type: 'session.businessUpdated'; business: BusinessProfile };

const cleared = { user: null, business: null, role: null } satisfies SessionContext;

export const sessionMachine = setup({
  types: { context: {} as SessionContext, events: {} as SessionEvent, tags: {} as 'loading' | 'signingOut' },
  actors: {
    checkSession: notProvided<{ signedIn: boolean }>('checkSession'),
    fetchUser: notProvided<UserProfile>('fetchUser'),
    /** The provided implementation answers null for 404 (no profile yet) and rejects on other failures. */
    fetchBusiness: notProvided<BusinessProfile | null>('fetchBusiness'),
    signOut: notProvided<void>('signOut'),
  },
  actions: {
    // Replaced by the app with its logger; the default keeps failures visible in development.
    logError: (_, params: { what: string; error: unknown }) => console.error(`[session] ${params.what}`, params.error),
    storeUser: assign(({ event }) => {
      const user = (event as unknown as { output: UserProfile }).output;
      return { user, role: user.role };
    }),
    storeBusiness: assign({ business: ({ event }) => (event as unknown as { output: BusinessProfile | null }).output }),
  },
  guards: {
    isSignedIn: ({ event }) => (event as { output?: { signedIn?: boolean } }).output?.signedIn === true,
    userLoaded: stateIn({ loading: { fetchingProfiles: { user: 'loaded' } } }),
    businessLoaded: stateIn({ loading: { fetchingProfiles: { business: 'loaded' } } }),
  },
}).createMachine({
  id: 'session',
  context: cleared,
  initial: 'loading',
  states: {
    loading: {
      description: 'A full-screen "Loading Application..." is shown',
      tags: ['loading'],
      initial: 'checkingSession',
      states: {
        checkingSession: {
          description: 'The portal asks the identity provider whether someone is signed in',
          invoke: {
            id: 'checkSession',
            src: 'checkSession',
            onDone: [
              {
                guard: 'isSignedIn',
                target: 'fetchingProfiles',
                description: 'The identity provider has a valid session for this browser',
              },
              { target: '#session.unauthenticated', description: 'Nobody is signed in in this browser' },
            ],
            onError: { target: 'signingOutAfterError', description: 'Reading the session fails' },
          },
        },
        fetchingProfiles: {
          description:
            "The portal loads the owner's user profile (GET /api/users/me) and the business profile (GET /api/businesses/me) at the same time",
          type: 'parallel',
          states: {
            user: {
              description: 'The user profile',
              initial: 'fetching',
              states: {
                fetching: {
                  description: 'The user profile is on its way',
                  invoke: {
                    id: 'fetchUser',
                    src: 'fetchUser',
                    onDone: [
                      {
                        guard: 'businessLoaded',
                        target: '#session.authenticated',
                        actions: 'storeUser',
                        description: 'The user profile arrives after the business profile',
                      },
                      {
                        target: 'loaded',
                        actions: 'storeUser',
                        description: 'The user profile arrives first',
                      },
                    ],
                    onError: {
                      target: '#session.loading.signingOutAfterError',
                      description: 'Loading the user profile fails; the business profile request is dropped',
                    },
                  },
                },
                loaded: { description: 'The user profile is in; the business profile is still on its way' },
              },
            },
            business: {
              description: 'The business profile',
              initial: 'fetching',
              states: {
                fetching: {
                  description: 'The business profile is on its way',
                  invoke: {
                    id: 'fetchBusiness',
                    src: 'fetchBusiness',
                    onDone: [
                      {
                        guard: 'userLoaded',
                        target: '#session.authenticated',
                        actions: 'storeBusiness',
                        description: 'The business profile (or "none yet", 404) arrives after the user profile',
                      },
                      {
                        target: 'loaded',
                        actions: 'storeBusiness',
                        description: 'The business profile (or "none yet", 404) arrives first',
                      },
                    ],
                    onError: [
                      {
                        guard: 'userLoaded',
                        target: '#session.authenticated',
                        actions: [
                          {
                            type: 'logError',
                            params: ({ event }) => ({ what: 'Loading the business failed', error: event.error }),
                          },
                          assign({ business: null }),
                        ],
                        description:
                          'Loading the business profile fails after the user profile arrived; the failure is logged and the profile left empty',
                      },
                      {
                        target: 'loaded',
                        actions: [
                          {
                            type: 'logError',
                            params: ({ event }) => ({ what: 'Loading the business failed', error: event.error }),
                          },
                          assign({ business: null }),
                        ],
                        description:
                          'Loading the business profile fails first; the failure is logged and the profile left empty',
                      },
                    ],
                  },
                },
                loaded: {
                  description:
                    'The business profile is in (or known to be empty); the user profile is still on its way',
                },
              },
            },
          },
        },
        signingOutAfterError: {
          description: 'Start-up failed, so the portal signs the browser out before showing the login page',
          entry: assign(cleared),
          invoke: {
            id: 'signOutAfterError',
            src: 'signOut',
            onDone: { target: '#session.unauthenticated', description: 'The browser is signed out' },
            onError: {
              target: '#session.unauthenticated',
              actions: { type: 'logError', params: ({ event }) => ({ what: 'Sign-out failed', error: event.error }) },
              description: 'Signing out fails; the failure is logged and ignored',
            },
          },
        },
      },
    },
    authenticated: {
      description:
        'The portal (sidebar, top bar, dashboard) is shown for the signed-in member, with only the pages their role (from the user profile) may use',
      on: {
        'session.signOut': { target: 'signingOut', description: 'Press "Sign Out" in the top bar' },
        'session.expired': {
          target: 'signingOut',
          description: 'The API answers 401 (the session expired or was revoked); local tokens are cleared',
        },
        'session.businessUpdated': {
          actions: assign({
            business: ({ event }) => {
              assertEvent(event, 'session.businessUpdated');
              return event.business;
            },
          }),
          description: 'Save the Business Profile; the new business name shows in the sidebar',
        },
      },
    },
    signingOut: {
      description: 'The portal is signing out; a full-screen "Signing out..." is shown',
      tags: ['signingOut'],
      entry: assign(cleared),
      invoke: {
        id: 'signOut',
        src: 'signOut',
        onDone: { target: 'unauthenticated', description: 'The identity provider signs the browser out' },
        onError: {
          target: 'unauthenticated',
          actions: { type: 'logError', params: ({ event }) => ({ what: 'Sign-out failed', error: event.error }) },
          description: 'Signing out fails; the failure is logged and ignored',
        },
      },
    },
    unauthenticated: {
      description: 'The login page is shown; nothing of the previous owner remains on screen',
      on: {
        'session.loggedIn': { target: 'loading', description: 'Sign in successfully as a business owner' },
      },
    },
  },
});
