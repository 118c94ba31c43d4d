/**
 * Spec §8, row by row: every fixed fallback of the error catalogue, reached along a real path of its
 * machine (the QA plan's paths, machines/lib/paths.ts), with the failure the app's ONE error mapping
 * (src/api/errors.ts `toFailure`, machines/lib/effects.ts `failureText`) makes of:
 * - a 200 answer of the wrong shape: "Invalid response format from server" (the general rule);
 * - an HTTP error without a body message (a proxy's 502 page): the screen's fixed fallback.
 * §8's own exceptions keep their words: password reset's "Network error. Please try again." when no
 * answer came, the conversations' "HTTP {status}: {statusText}", and the failures that are logged only.
 */
import { describe, expect, it } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { MachineEntry } from '#machines/lib/entry.ts';
import { entryPaths, type MachinePath, replay } from '#machines/lib/paths.ts';
import { forgotPasswordEntry, resetPasswordEntry } from '#machines/samples/account.samples.ts';
import {
  bookingFormEntry,
  bookingScheduleEntry,
  bookingSetupEntry,
  bookingsCalendarEntry,
} from '#machines/samples/bookings.samples.ts';
import { followersEntry, loadEntry, postComposerEntry } from '#machines/samples/dashboard.samples.ts';
import { chatEntry, conversationsPollerEntry } from '#machines/samples/messages.samples.ts';
import { signInEntry } from '#machines/samples/sign-in.samples.ts';
import { redeemEntry, voucherFormEntry, vouchersEntry } from '#machines/samples/vouchers.samples.ts';
import { ApiError, INVALID_RESPONSE, toFailure } from '#src/api/errors.ts';
import { pollFailure } from '#src/api/poll.ts';

const wrongShape = () => toFailure(new ApiError('format', INVALID_RESPONSE));
const bodyless = () => toFailure(new ApiError('http', 'Request failed with status 502', 502));
const noAnswer = () => toFailure(new ApiError('network', 'An unknown network error occurred.'));

interface Row {
  text: string;
  entry: MachineEntry;
  actor: string;
  /** The path's start (an entry with several inputs), or a machine input of our own. */
  start?: string;
  input?: unknown;
  /** A provider call (sign-in): its failures are the provider's, never a response shape. */
  provider?: boolean;
}

/**
 * The first path of the entry that fails `actor` (or, where the plan only lets it succeed, that ends it:
 * its outcome is then swapped for the failure), cut right after it.
 */
function pathTo(row: Row): { events: AnyEventObject[]; path: MachinePath } {
  for (const set of ['cover', 'full'] as const) {
    for (const path of entryPaths(row.entry, set)) {
      if (row.start && path.start !== row.start) continue;
      const events = path.steps.slice(1).map((s) => s.event);
      const at = events.findIndex(
        (e) => e.type === `xstate.error.actor.${row.actor}` || e.type === `xstate.done.actor.${row.actor}`,
      );
      if (at >= 0) return { events: events.slice(0, at + 1), path };
    }
  }
  throw new Error(`no path of "${row.entry.title}" fails ${row.actor}`);
}

function failWith(row: Row, error: unknown): AnyMachineSnapshot {
  const { events, path } = pathTo(row);
  const last = { type: `xstate.error.actor.${row.actor}`, error };
  return replay(row.entry.machine, [...events.slice(0, -1), last], row.input ?? path.input).state;
}

/** Whether the text is on show: every message a machine shows lives in its context (not the load machine's input). */
const shows = (state: AnyMachineSnapshot, text: string) => {
  const { failedText: _input, ...context } = state.context as Record<string, unknown>;
  return JSON.stringify(context).includes(JSON.stringify(text));
};

const GENERAL: Row[] = [
  { text: 'Could not create the post.', entry: postComposerEntry, actor: 'createPost' },
  { text: 'Could not load voucher types.', entry: voucherFormEntry, actor: 'loadTypes' },
  // The plan's create paths never get past the empty form; "Duplicate" opens the same dialog filled in.
  { text: 'Failed to create voucher.', entry: voucherFormEntry, actor: 'saveVoucher', start: 'Duplicate a voucher' },
  { text: 'Failed to update voucher.', entry: voucherFormEntry, actor: 'saveVoucher', start: 'Edit Voucher' },
  { text: 'Could not load vouchers.', entry: vouchersEntry, actor: 'loadVouchers' },
  { text: 'Could not load voucher details.', entry: vouchersEntry, actor: 'loadVoucher' },
  { text: 'Could not delete voucher.', entry: vouchersEntry, actor: 'archiveVoucher' },
  { text: 'Could not load followers.', entry: followersEntry, actor: 'loadPage' },
  { text: 'Could not fetch follower details.', entry: followersEntry, actor: 'loadDetail' },
  { text: 'Failed to look up voucher.', entry: redeemEntry, actor: 'lookupCode' },
  { text: 'Failed to redeem voucher.', entry: redeemEntry, actor: 'redeem' },
  { text: 'Could not load resources.', entry: bookingSetupEntry, actor: 'loadResources' },
  { text: 'Failed to delete resource.', entry: bookingSetupEntry, actor: 'deleteResource' },
  { text: 'Could not load schedule.', entry: bookingScheduleEntry, actor: 'loadRules' },
  { text: 'Failed to add rule.', entry: bookingScheduleEntry, actor: 'addRule' },
  { text: 'Failed to delete rule.', entry: bookingScheduleEntry, actor: 'deleteRule' },
  { text: 'Error fetching posts', entry: loadEntry, actor: 'load' },
  { text: 'Error loading stats', entry: loadEntry, actor: 'load', input: { failedText: 'Error loading stats' } },
  {
    text: 'Failed to load package information',
    entry: loadEntry,
    actor: 'load',
    input: { failedText: 'Failed to load package information' },
  },
  { text: 'Could not load available slots.', entry: bookingFormEntry, actor: 'loadSlots' },
  { text: 'Failed to create booking.', entry: bookingFormEntry, actor: 'createBooking' },
  { text: 'Could not load calendar bookings.', entry: bookingsCalendarEntry, actor: 'loadBookings' },
  { text: 'Failed to send reset email', entry: forgotPasswordEntry, actor: 'requestPasswordReset' },
  { text: 'Failed to reset password', entry: resetPasswordEntry, actor: 'resetPassword' },
  { text: 'An error occurred during sign in.', entry: signInEntry, actor: 'signIn', provider: true },
  {
    text: 'Failed to update password. Please try again.',
    entry: signInEntry,
    actor: 'confirmNewPassword',
    provider: true,
  },
];

describe('spec §8: every fixed fallback under the general rule', () => {
  it.each(GENERAL.filter((row) => !row.provider))(
    '$text: a 200 of the wrong shape shows "Invalid response format from server"',
    (row) => {
      const state = failWith(row, wrongShape());
      expect(shows(state, INVALID_RESPONSE)).toBe(true);
      expect(shows(state, row.text)).toBe(false);
    },
  );

  it.each(GENERAL)('$text: an error without a message shows the fallback', (row) => {
    const state = failWith(row, row.provider ? { message: '' } : bodyless());
    expect(shows(state, row.text)).toBe(true);
  });

  it.each(GENERAL.filter((row) => !row.provider))("$text: the server's own message wins", (row) => {
    const state = failWith(row, toFailure(new ApiError('http', 'Nope.', 422, 'Nope.')));
    expect(shows(state, 'Nope.')).toBe(true);
  });
});

describe("spec §8's own exceptions keep their words", () => {
  it.each([
    { text: 'Failed to send reset email', entry: forgotPasswordEntry, actor: 'requestPasswordReset' },
    { text: 'Failed to reset password', entry: resetPasswordEntry, actor: 'resetPassword' },
  ])('password reset without an answer: "Network error. Please try again." ($actor)', (row) => {
    expect(shows(failWith(row, noAnswer()), 'Network error. Please try again.')).toBe(true);
  });

  it('a failed conversations load stores "HTTP {status}: {statusText}" and empties the list', () => {
    const failed = Object.assign(new ApiError('http', 'Request failed with status 503', 503), {
      statusText: 'Service Unavailable',
    });
    const state = failWith({ text: '', entry: conversationsPollerEntry, actor: 'poll' }, pollFailure(failed));
    expect(state.context.error).toBe('HTTP 503: Service Unavailable');
    expect(state.context.data).toEqual([]);
  });

  it('chat fetch and send failures are logged only: nothing on screen', () => {
    const row = { text: '', entry: chatEntry, actor: 'sendMessage' };
    const state = failWith(row, wrongShape());
    expect(shows(state, INVALID_RESPONSE)).toBe(false);
  });
});
