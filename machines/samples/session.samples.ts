import type { BusinessProfile } from '#contracts/businesses.ts';
import type { UserProfile } from '#contracts/users.ts';
import { defineEntry, done, fail } from '../lib/entry.ts';
import { sessionMachine } from '../session.machine.ts';

export const sampleUser: UserProfile = {
  userid: 'u-1',
  firstname: 'Ada',
  lastname: 'Lovelace',
  email: 'owner@demo.local',
};

export const sampleBusiness: BusinessProfile = {
  businessid: 'b-1',
  businessname: 'Corner Cafe',
  description: 'Coffee and cake',
  address: '1 Main Street',
  latitude: null,
  longitude: null,
  logourl: null,
  timezone: 'Europe/Berlin',
};

export const renamedBusiness: BusinessProfile = { ...sampleBusiness, businessname: 'Corner Cafe & Bakery' };

export const sessionEntry = defineEntry({
  machine: sessionMachine,
  title: 'Session: loading, signing in and out',
  samples: [
    done('checkSession', { signedIn: true }),
    done('checkSession', { signedIn: false }),
    fail('checkSession', { message: 'Unable to get user session following successful sign-in.' }),
    done('fetchUser', sampleUser),
    fail('fetchUser', { message: 'Invalid response format from server' }),
    done('fetchBusiness', sampleBusiness),
    done('fetchBusiness', null),
    fail('fetchBusiness', { message: 'An unknown network error occurred.' }),
    done('signOutAfterError'),
    fail('signOutAfterError', { message: 'An error occurred when attempting to log out from OAuth provider.' }),
    done('signOut'),
    fail('signOut', { message: 'An error occurred when attempting to log out from OAuth provider.' }),
    { type: 'session.loggedIn' },
    { type: 'session.signOut' },
    { type: 'session.expired' },
    { type: 'session.businessUpdated', business: renamedBusiness },
  ],
  uiKey: (s) => ({ state: s.value, user: !!s.context.user, business: s.context.business?.businessname ?? null }),
});
