import * as v from 'valibot';
import { BOOKING_STATUSES, id, instant, MAX_PARTY, orEmpty, wholeNumber } from './bookings.ts';
import { multiLineText } from './common.ts';

/**
 * The customer app's booking API (issue 24, decision 023): a business's resources and free slots (the
 * owner's engine and answer), booking, the customer's own bookings, cancelling until the cut-off.
 */

/** GET /api/customer/businesses/{businessid}/resources: the active ones. */
export const PublicResource = v.object({
  resourceid: v.string(),
  resourcename: v.string(),
  description: v.nullable(v.string()),
  capacity: v.number(),
});
export type PublicResource = v.InferOutput<typeof PublicResource>;
export const PublicResources = v.object({ data: v.array(PublicResource) });

// GET /api/customer/businesses/{businessid}/availability/{resourceid}?date&duration&partysize answers
// SlotsAnswer of contracts/bookings.ts, read with SlotsQuery: the owner's very answer.

/** POST /api/customer/bookings: 201; 409 with the owner's texts when there is no room. */
export const CustomerBookingRequest = v.pipe(
  v.object({
    resourceid: orEmpty(id('Resource')),
    bookingstarttime: instant('Start time'),
    bookingendtime: instant('End time'),
    partysize: v.optional(wholeNumber('Party size', 1, MAX_PARTY), 1),
    notes: multiLineText('Notes', 1000),
  }),
  v.forward(
    v.partialCheck(
      [['bookingstarttime'], ['bookingendtime']],
      (b) => b.bookingstarttime < b.bookingendtime,
      'Start time must be before end time.',
    ),
    ['bookingendtime'],
  ),
);
export type CustomerBookingRequest = v.InferInput<typeof CustomerBookingRequest>;

/** One of the customer's bookings, with the names the app shows. */
export const CustomerBooking = v.object({
  bookingid: v.string(),
  businessid: v.string(),
  businessname: v.string(),
  resourceid: v.string(),
  resourcename: v.string(),
  start: v.string(),
  end: v.string(),
  partysize: v.number(),
  notes: v.nullable(v.string()),
  status: v.picklist(BOOKING_STATUSES),
  /** The last instant the customer may cancel in the app (the business's cut-off before the start). */
  cancelbefore: v.string(),
});
export type CustomerBooking = v.InferOutput<typeof CustomerBooking>;
/** POST /api/customer/bookings (201), POST /api/customer/bookings/{id}/cancel (200). */
export const CustomerBookingAnswer = v.object({ data: CustomerBooking });
/** GET /api/customer/bookings: upcoming first (soonest first), then past ones (latest first). */
export const CustomerBookings = v.object({ data: v.array(CustomerBooking) });

/** The default per-customer, per-business cap on upcoming bookings (env MAX_UPCOMING_BOOKINGS). */
export const DEFAULT_MAX_UPCOMING_BOOKINGS = 5;
/** Booking requests (POST /api/customer/bookings) a customer may make a minute; then 429 with Retry-After. */
export const BOOKING_REQUESTS_PER_MINUTE = 10;

const hoursOrMinutes = (minutes: number) =>
  minutes % 60 === 0
    ? `${minutes / 60} hour${minutes === 60 ? '' : 's'}`
    : `${minutes} minute${minutes === 1 ? '' : 's'}`;

export const CUSTOMER_BOOKING_TEXTS = {
  tooLateToCancel: (businessname: string, cutoffMinutes: number) =>
    `Bookings can be cancelled in the app up to ${hoursOrMinutes(cutoffMinutes)} before the start. Please contact ${businessname}.`,
  alreadyCancelled: 'This booking is already cancelled.',
  alreadyOver: 'This booking has already taken place.',
  upcomingLimit: (businessname: string, limit: number) =>
    `You already have ${limit} upcoming booking${limit === 1 ? '' : 's'} with ${businessname}. Cancel one to book another.`,
  tooManyRequests: (seconds: number) =>
    `Too many booking requests. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`,
} as const;
