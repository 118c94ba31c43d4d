/** Samples for the session: what the page load finds, signing in and out, and an expired session. */
import { defineEntry, done, fail, note } from '../lib/entry.ts';
import { sessionMachine } from '../session.machine.ts';
import { demoBusiness, demoOwner, demoUser, PORTAL_URL, renamedBusiness } from './demo.samples.ts';

/** The seeded owner and business: what a tester sees after signing in as the demo owner. */
export const sampleUser = demoUser;
export const sampleBusiness = demoBusiness;
export { renamedBusiness };

const fake = (why: string) => ({ notByHand: why });

export const sessionEntry = defineEntry({
  machine: sessionMachine,
  title: 'Session: loading, signing in and out',
  samples: [
    note(done('checkSession', { signedIn: true }), { signedInAs: demoOwner }),
    done('checkSession', { signedIn: false }),
    note(
      fail('checkSession', { message: 'Unable to get user session following successful sign-in.' }),
      fake("Reading the session fails only when the browser's stored tokens are damaged"),
    ),
    done('fetchUser', sampleUser),
    note(
      fail('fetchUser', { message: 'Invalid response format from server' }),
      fake('The local server always answers the user profile in the right shape'),
    ),
    done('fetchBusiness', sampleBusiness),
    note(
      done('fetchBusiness', null),
      fake('Every owner that registration or the users CLI makes has a business, so the 404 needs a fake'),
    ),
    note(
      fail('fetchBusiness', { message: 'An unknown network error occurred.' }),
      fake('The server would have to stop between two requests of the same page load'),
    ),
    done('signOutAfterError'),
    note(
      fail('signOutAfterError', { message: 'An error occurred when attempting to log out from OAuth provider.' }),
      fake('The portal signs out locally even when the provider cannot be reached, so this answer needs a fake'),
    ),
    done('signOut'),
    note(
      fail('signOut', { message: 'An error occurred when attempting to log out from OAuth provider.' }),
      fake('The portal signs out locally even when the provider cannot be reached, so this answer needs a fake'),
    ),
    note(
      { type: 'session.loggedIn' },
      { say: `on ${PORTAL_URL}/login type ${demoOwner.email} and ${demoOwner.password} and press "Sign in"` },
    ),
    { type: 'session.signOut' },
    note(
      { type: 'session.expired' },
      {
        arrange: `In a private window, reset the password of ${demoOwner.email} with "Forgot password?" on the Login page (a reset signs out every session; set it back to ${demoOwner.password} afterwards)`,
        action:
          'Back in this window, press "Profile" and then "Save Profile": the API answers 401, since the reset signed this session out',
      },
    ),
    note(
      { type: 'session.businessUpdated', business: renamedBusiness },
      {
        say: `press "Profile", replace Business Name with \`${renamedBusiness.businessname}\` and press "Save Profile" (set it back to \`${demoBusiness.businessname}\` afterwards)`,
      },
    ),
  ],
  uiKey: (s) => ({ state: s.value, user: !!s.context.user, business: s.context.business?.businessname ?? null }),
  plan: {
    start: { url: '/' },
    shows: (s) =>
      s.matches('authenticated')
        ? [
            `The greeting reads "Welcome back, ${s.context.user?.firstname}!" and the sidebar is headed "${s.context.business?.businessname ?? 'Your Business'}"`,
          ]
        : [],
    test: 'tests/generated/session.generated.test.tsx',
  },
});
