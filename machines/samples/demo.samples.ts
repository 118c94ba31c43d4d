/**
 * The people and the business a tester meets on a fresh `npm start`: the seeded demo owner and business
 * (server/seed/demo.ts; tests/server/demo-fixtures.test.ts checks these match), and the extra accounts some
 * scenarios need, each with the users CLI command that makes it. Samples and QA plans use these, so a
 * plan's names and e-mails are the ones on screen.
 */
import type { BusinessProfile } from '#contracts/businesses.ts';
import type { UserProfile } from '#contracts/users.ts';
import type { Account } from '../lib/entry.ts';

/** Where `npm start` serves the portal (README: PORT changes it). */
export const PORTAL_URL = 'http://localhost:8787';
export const MAILBOX_URL = `${PORTAL_URL}/dev/mailbox`;

export const demoOwner: Account = {
  name: 'the demo owner',
  email: 'owner@demo.local',
  password: 'DemoOwner#2026',
};

const users = (args: string) => `npm run users -- create ${args}`;

export const tempOwner: Account = {
  name: 'Tess Temp, an owner with a temporary password',
  email: 'temp.owner@demo.local',
  password: 'Temp#2026pass',
  create: users(
    "--email temp.owner@demo.local --password 'Temp#2026pass' --group BusinessOwners --status FORCE_CHANGE_PASSWORD --first Tess --last Temp --business 'Tess Tea Room'",
  ),
};

export const customerAccount: Account = {
  name: 'Cass, a customer who is not a business owner',
  email: 'customer@demo.local',
  password: 'Customer#2026',
  create: users(
    "--email customer@demo.local --password 'Customer#2026' --group Customers --status CONFIRMED --first Cass",
  ),
};

export const unconfirmedOwner: Account = {
  name: 'Uma, an owner who has not verified the e-mail address',
  email: 'unverified.owner@demo.local',
  password: 'Unverified#2026',
  create: users(
    "--email unverified.owner@demo.local --password 'Unverified#2026' --group BusinessOwners --status UNCONFIRMED --first Uma --business 'Uma Bakes'",
  ),
};

export const resetOwner: Account = {
  name: 'Rae, an owner whose password must be reset',
  email: 'reset.owner@demo.local',
  password: 'Reset#2026pass',
  create: users(
    "--email reset.owner@demo.local --password 'Reset#2026pass' --group BusinessOwners --status RESET_REQUIRED --first Rae --business 'Rae Repairs'",
  ),
};

/** The seeded owner's profile, as GET /api/users/me answers it (the id differs per database). */
export const demoUser: UserProfile = {
  userid: 'u-demo',
  firstname: 'Maya',
  lastname: 'Lindqvist',
  email: demoOwner.email,
  role: 'owner',
};

/** The seeded business, as GET /api/businesses/me answers it (id and time zone differ per machine). */
export const demoBusiness: BusinessProfile = {
  businessid: 'b-demo',
  businessname: 'Harbour Lane Coffee',
  description: 'Small-batch coffee, fresh pastries and a quiet corner to work from, right by the harbour.',
  address: '12 Harbour Lane, Portsmouth PO1 3AA',
  latitude: 50.797788,
  longitude: -1.108422,
  logourl: null,
  timezone: 'Europe/London',
};

/** The name a tester types when a scenario renames the business (and types back afterwards). */
export const renamedBusinessName = 'Harbour Lane Coffee & Bakery';
export const renamedBusiness: BusinessProfile = { ...demoBusiness, businessname: renamedBusinessName };

/** The accounts the plans make with the users CLI (the browser tests make them the same way). */
export const planAccounts: Account[] = [tempOwner, customerAccount, unconfirmedOwner, resetOwner];
