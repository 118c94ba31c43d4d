/**
 * Every user-facing machine, with the data the path generator needs. `npm run plans` writes a QA plan
 * and a diagram per entry; tests/unit/plans-fresh.test.ts fails when those files are stale.
 * To add a machine: write `machines/samples/<name>.samples.ts` with `defineEntry(...)` and list it here.
 */
import type { MachineEntry } from './lib/entry.ts';
import {
  forgotPasswordEntry,
  registerEntry,
  resendVerificationEntry,
  resetPasswordEntry,
  verifyEmailEntry,
} from './samples/account.samples.ts';
import { bookingDetailsEntry } from './samples/booking-details.samples.ts';
import {
  bookingClosuresEntry,
  bookingFormEntry,
  bookingScheduleEntry,
  bookingSettingsEntry,
  bookingSetupEntry,
  bookingsCalendarEntry,
  customerSuggestEntry,
} from './samples/bookings.samples.ts';
import { businessProfileEntry } from './samples/business-profile.samples.ts';
import { followersEntry, loadEntry, postComposerEntry } from './samples/dashboard.samples.ts';
import { gettingStartedEntry } from './samples/getting-started.samples.ts';
import {
  chatEntry,
  chatPollerEntry,
  conversationsPollerEntry,
  messagesPanelEntry,
} from './samples/messages.samples.ts';
import { postDeleteEntry } from './samples/post-delete.samples.ts';
import { postEditEntry } from './samples/post-edit.samples.ts';
import { sessionEntry } from './samples/session.samples.ts';
import { shellEntry } from './samples/shell.samples.ts';
import { signInEntry } from './samples/sign-in.samples.ts';
import { acceptInviteEntry, teamEntry } from './samples/team.samples.ts';
import { toastEntry } from './samples/toast.samples.ts';
import { redeemEntry, voucherFormEntry, vouchersEntry } from './samples/vouchers.samples.ts';
import { weeklyHoursEntry } from './samples/weekly-hours.samples.ts';

export type { MachineEntry } from './lib/entry.ts';

export const registry: MachineEntry[] = [
  sessionEntry,
  signInEntry,
  registerEntry,
  verifyEmailEntry,
  resendVerificationEntry,
  forgotPasswordEntry,
  resetPasswordEntry,
  businessProfileEntry,
  shellEntry,
  toastEntry,
  postComposerEntry,
  loadEntry,
  followersEntry,
  teamEntry,
  acceptInviteEntry,
  vouchersEntry,
  voucherFormEntry,
  redeemEntry,
  conversationsPollerEntry,
  chatPollerEntry,
  messagesPanelEntry,
  chatEntry,
  bookingSetupEntry,
  bookingScheduleEntry,
  weeklyHoursEntry,
  bookingClosuresEntry,
  bookingSettingsEntry,
  bookingsCalendarEntry,
  bookingFormEntry,
  customerSuggestEntry,
  bookingDetailsEntry,
  postDeleteEntry,
  postEditEntry,
  gettingStartedEntry,
];
