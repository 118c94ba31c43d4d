/**
 * The session: who is signed in, and their user and business profiles. The router gates on it
 * (tag 'loading' → "Loading Application...", `authenticated`, `unauthenticated`). Spec §4 "Session".
 */
import { assertEvent, assign, setup } from 'xstate';
import type { BusinessProfile } from '#contracts/businesses.ts';
import type { UserProfile } from '#contracts/users.ts';
import { notProvided } from './lib/effects.ts';

export interface SessionContext {
  user: UserProfile | null;
  business: BusinessProfile | null;
}

export type SessionEvent =
  | { type: 'session.loggedIn' }
  | { type: 'session.signOut' }
  | { type: 'session.expired' }
  | { type: 'session.businessUpdated'; business: BusinessProfile };

const cleared = { user: null, business: null } satisfies SessionContext;

export const sessionMachine = setup({
  types: { context: {} as SessionContext, events: {} as SessionEvent },
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
  },
  guards: {
    isSignedIn: ({ event }) => (event as { output?: { signedIn?: boolean } }).output?.signedIn === true,
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
                target: 'fetchingUser',
                description: 'The identity provider has a valid session for this browser',
              },
              { target: '#session.unauthenticated', description: 'Nobody is signed in in this browser' },
            ],
            onError: { target: 'signingOutAfterError', description: 'Reading the session fails' },
          },
        },
        fetchingUser: {
          description: "The portal loads the owner's user profile",
          invoke: {
            id: 'fetchUser',
            src: 'fetchUser',
            onDone: {
              target: 'fetchingBusiness',
              actions: assign({ user: ({ event }) => event.output }),
              description: 'The user profile arrives',
            },
            onError: { target: 'signingOutAfterError', description: 'Loading the user profile fails' },
          },
        },
        fetchingBusiness: {
          description: 'The portal loads the business profile',
          invoke: {
            id: 'fetchBusiness',
            src: 'fetchBusiness',
            onDone: {
              target: '#session.authenticated',
              actions: assign({ business: ({ event }) => event.output }),
              description: 'The business profile arrives, or the business has none yet (404)',
            },
            onError: {
              target: '#session.authenticated',
              actions: [
                {
                  type: 'logError',
                  params: ({ event }) => ({ what: 'Loading the business failed', error: event.error }),
                },
                assign({ business: null }),
              ],
              description: 'Loading the business profile fails; the failure is logged and the profile left empty',
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
      description: 'The portal (sidebar, top bar, dashboard) is shown for the signed-in owner',
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
      description: 'The portal is signing out; a full-screen loading message is shown',
      tags: ['loading'],
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
