/**
 * The customer's (and owner's) notices about a change to a booking, called INSIDE the transaction that
 * made the change, so a notice is written exactly when the change commits (the durable outbox). For now
 * they do nothing: the mails with their calendar files (same UID, higher SEQUENCE; METHOD:CANCEL), the
 * moved reminders and the owner's notifications are issue 24's mail part (branch i24-mail).
 */
import type { Db } from '../../db/client.ts';

export type BookingChange = 'time' | 'resource' | 'partysize' | 'notes';

export type BookingChanged = {
  bookingid: string;
  businessid: string;
  /** What changed; the booking row already holds the new values and its raised `sequence`. */
  changed: readonly BookingChange[];
  previous: { resourceid: string; start: Date; end: Date; partysize: number };
  now: Date;
};

export type BookingCancelled = {
  bookingid: string;
  businessid: string;
  reason: string | null;
  /** Who cancelled: the owner in the portal or the customer in the app. */
  by: 'owner' | 'customer';
  now: Date;
};

export type BookingMade = { bookingid: string; businessid: string; source: 'owner' | 'app'; now: Date };

export async function notifyBookingChanged(_tx: Db, _change: BookingChanged): Promise<void> {}

export async function notifyBookingCancelled(_tx: Db, _cancel: BookingCancelled): Promise<void> {}

/** A booking made (the owner's notification when a customer books in the app; reminders). */
export async function notifyBookingMade(_tx: Db, _made: BookingMade): Promise<void> {}
