import * as v from 'valibot';
import {
  Email,
  isCalendarDay,
  isDayInRange,
  isInstantInRange,
  multiLineText,
  requiredText,
  searchText,
  singleLineText,
  UUID,
  YEAR_RANGE_TEXT,
} from './common.ts';

/** Spec §8 fallbacks and the booking area's own sentences, shared by the server and the portal. */
export const BOOKING_TEXTS = {
  resourcesFailed: 'Could not load resources.',
  deleteFailed: 'Failed to delete resource.',
  scheduleFailed: 'Could not load schedule.',
  addRuleFailed: 'Failed to add rule.',
  deleteRuleFailed: 'Failed to delete rule.',
  slotsFailed: 'Could not load available slots.',
  bookingFailed: 'Failed to create booking.',
  calendarFailed: 'Could not load calendar bookings.',
  noResources: 'No bookable resources found. Add one to get started!',
  noSchedule: 'No schedule defined yet.',
  noSlots: 'No available slots for this selection.',
  pickSlot: 'Please select an available time slot.',
  slotTaken: 'That time is no longer available. Someone booked it a moment ago; please pick another time.',
  detailsFailed: 'Could not load the booking.',
  updateFailed: 'Failed to update booking.',
  cancelFailed: 'Failed to cancel booking.',
  statusFailed: 'Failed to change the booking status.',
  customersFailed: 'Could not load matching customers.',
  alreadyCancelled: 'This booking is already cancelled.',
  cancelledIsFinal: 'A cancelled booking cannot be changed. Book again instead.',
  notBookable: 'That time is not open for booking. Please pick one of the available slots.',
  offGrid: 'Bookings start on the hour or half hour.',
  badDuration: 'A booking lasts 30, 60 or 90 minutes.',
} as const;

/**
 * A booking's status (decision 023): `confirmed` when made; `no_show` and `completed` are set by the
 * owner and may move freely among the three (the seat stays held); `cancelled` is final.
 */
export const BOOKING_STATUSES = ['confirmed', 'cancelled', 'no_show', 'completed'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
/** How a booking was made: by the owner in the portal or by the customer in the app (decision 023). */
export const BOOKING_SOURCES = ['owner', 'app'] as const;
export type BookingSource = (typeof BOOKING_SOURCES)[number];
/** The spec's durations in minutes, and the grid every start lies on. */
export const BOOKING_DURATIONS = [30, 60, 90] as const;
export const SLOT_GRID_MINUTES = 30;

export const MAX_CAPACITY = 1000;
export const MAX_PARTY = 1000;
/** The longest bookings window a calendar may ask for (a month view and a bit). */
export const MAX_WINDOW_DAYS = 62;
export const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export const wholeNumber = (label: string, min: number, max: number) =>
  v.pipe(
    v.union(
      [v.number(), v.pipe(v.string(), v.trim(), v.regex(/^\d{1,9}$/), v.transform(Number))],
      `${label} must be a whole number from ${min} to ${max}.`,
    ),
    v.integer(`${label} must be a whole number from ${min} to ${max}.`),
    v.minValue(min, `${label} must be a whole number from ${min} to ${max}.`),
    v.maxValue(max, `${label} must be a whole number from ${min} to ${max}.`),
  );

/**
 * A missing key reads as "" (like the text blocks of common.ts), so the caller gets the field's own
 * message naming its label ("Start time is required."), never valibot's one naming the raw key.
 */
export const orEmpty = <S extends v.GenericSchema<string, any>>(schema: S) => v.optional(schema, '');

export const id = (label: string) =>
  v.pipe(
    v.string(`${label} is required.`),
    v.trim(),
    v.nonEmpty(`${label} is required.`),
    v.regex(UUID, `${label} is not valid.`),
    v.toLowerCase(),
  );

/** A wall time "HH:MM" or "HH:MM:SS" (00:00 to 23:59:59), answered as "HH:MM:SS". */
const wallTime = (label: string) =>
  orEmpty(
    v.pipe(
      v.string(`${label} is required.`),
      v.trim(),
      v.nonEmpty(`${label} is required.`),
      v.regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, `${label} must be a time like 09:00.`),
      v.transform((t) => (t.length === 5 ? `${t}:00` : t)),
    ),
  );

const calendarDate = (label: string) =>
  v.pipe(
    v.string(`${label} is required.`),
    v.trim(),
    v.nonEmpty(`${label} is required.`),
    v.regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date like 2026-12-24.`),
    v.check(isCalendarDay, `${label} must be a date like 2026-12-24.`),
    v.check(isDayInRange, `${label} must be ${YEAR_RANGE_TEXT}.`),
  );

/** An instant with its offset, as a Date; `instant` is the required field, this the bare value. */
export const instantValue = (label: string) =>
  v.pipe(
    v.string(`${label} is required.`),
    v.trim(),
    v.nonEmpty(`${label} is required.`),
    v.regex(
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/,
      `${label} must be a date and time with its offset (ISO 8601).`,
    ),
    v.transform((t) => new Date(t)),
    v.check((d) => !Number.isNaN(d.getTime()), `${label} must be a date and time with its offset (ISO 8601).`),
    v.check(isInstantInRange, `${label} must be ${YEAR_RANGE_TEXT}.`),
  );

export const instant = (label: string) => orEmpty(instantValue(label));

// --- Resources ------------------------------------------------------------------------------------

export const Resource = v.object({
  resourceid: v.string(),
  resourcename: v.string(),
  description: v.nullable(v.string()),
  capacity: v.number(),
  isactive: v.boolean(),
});
export type Resource = v.InferOutput<typeof Resource>;
export const Resources = v.array(Resource);
/** Spec §7: the setup page reads the list in data, the calendar filter in data.data: the portal takes both. */
export const ResourceList = v.union([
  Resources,
  v.pipe(
    v.object({ data: Resources }),
    v.transform((b) => b.data),
  ),
]);

/** POST /api/booking-resources and PUT /api/booking-resources/{id} (spec §5 "Resource form"). */
export const ResourceRequest = v.object({
  resourcename: requiredText('Name', 100),
  description: multiLineText('Description', 1000),
  capacity: v.optional(wholeNumber('Capacity', 1, MAX_CAPACITY), 1),
  isactive: v.optional(v.boolean('Active must be true or false.'), true),
});
export type ResourceRequest = v.InferInput<typeof ResourceRequest>;

/** DELETE /api/booking-resources/{id}?cancelFutureBookings=true: the owner confirmed cancelling what lies ahead. */
export const ResourceDeleteQuery = v.object({
  cancelFutureBookings: v.optional(
    v.picklist(['true', 'false'], 'cancelFutureBookings must be true or false.'),
    'false',
  ),
});

/** 409 of DELETE /api/booking-resources/{id} while bookings lie ahead: how many, so the portal can ask. */
export const FutureBookingsConflict = v.object({ message: v.string(), futureBookings: v.number() });
export const futureBookingsText = (name: string, count: number) =>
  `${name} has ${count} upcoming booking${count === 1 ? '' : 's'}. Deleting it cancels ${count === 1 ? 'it' : 'them'} and emails the customer${count === 1 ? '' : 's'}.`;

// --- Weekly availability --------------------------------------------------------------------------

export const AvailabilityRule = v.object({
  availabilityid: v.string(),
  resourceid: v.string(),
  dayofweek: v.number(),
  starttime: v.string(),
  endtime: v.string(),
});
export type AvailabilityRule = v.InferOutput<typeof AvailabilityRule>;
export const AvailabilityRules = v.array(AvailabilityRule);
export const AvailabilityRuleList = v.union([
  AvailabilityRules,
  v.pipe(
    v.object({ data: AvailabilityRules }),
    v.transform((b) => b.data),
  ),
]);

/** POST /api/availability: a weekly rule; overlapping another rule of that day is refused (409). */
export const AvailabilityRequest = v.pipe(
  v.object({
    resourceid: orEmpty(id('Resource')),
    dayofweek: v.optional(wholeNumber('Day', 0, 6), ''),
    starttime: wallTime('Start time'),
    endtime: wallTime('End time'),
  }),
  v.forward(
    v.partialCheck([['starttime'], ['endtime']], (r) => r.starttime < r.endtime, 'Start time must be before end time.'),
    ['starttime'],
  ),
);
export type AvailabilityRequest = v.InferInput<typeof AvailabilityRequest>;

const hhmm = (t: string) => t.slice(0, 5);
export const overlapText = (dayofweek: number, starttime: string, endtime: string) =>
  `This overlaps ${DAY_NAMES[dayofweek]}: ${hhmm(starttime)} - ${hhmm(endtime)}. Change or delete that rule first.`;

// --- Closures -------------------------------------------------------------------------------------

export const Closure = v.object({
  closureid: v.string(),
  resourceid: v.nullable(v.string()),
  resourcename: v.nullable(v.string()),
  startdate: v.string(),
  enddate: v.string(),
  reason: v.nullable(v.string()),
});
export type Closure = v.InferOutput<typeof Closure>;
export const Closures = v.array(Closure);

/** POST /api/booking-closures: a date or range (inclusive) closed for one resource or (null) for all. */
export const ClosureRequest = v.pipe(
  v.object({
    resourceid: v.optional(v.nullable(id('Resource')), null),
    startdate: orEmpty(calendarDate('Start date')),
    enddate: v.optional(calendarDate('End date')),
    reason: singleLineText('Reason', 200),
  }),
  v.transform((c) => ({ ...c, enddate: c.enddate ?? c.startdate })),
  v.forward(
    v.partialCheck(
      [['startdate'], ['enddate']],
      (c) => c.startdate <= c.enddate,
      'End date must not be before start date.',
    ),
    ['enddate'],
  ),
);
export type ClosureRequest = v.InferInput<typeof ClosureRequest>;

// --- Slots ----------------------------------------------------------------------------------------

/** GET /api/booking-availability/{resourceid}?date&duration&partysize */
export const SlotsQuery = v.object({
  date: orEmpty(calendarDate('date')),
  duration: v.pipe(
    v.optional(v.string(), '60'),
    v.picklist(['30', '60', '90'], 'duration must be 30, 60 or 90 minutes.'),
    v.transform(Number),
  ),
  partysize: v.optional(wholeNumber('partysize', 1, MAX_PARTY), 1),
});

export const Slot = v.object({ start: v.string(), end: v.string() });
export type Slot = v.InferOutput<typeof Slot>;
/** Spec §7: data.data.availableSlots. */
export const SlotsAnswer = v.object({ data: v.object({ availableSlots: v.array(Slot) }) });

// --- Bookings -------------------------------------------------------------------------------------

/** POST /api/bookings (spec §3 "Booking creation payload"). */
export const BookingRequest = v.pipe(
  v.object({
    resourceid: orEmpty(id('Resource')),
    customerEmail: Email,
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
export type BookingRequest = v.InferInput<typeof BookingRequest>;

/** A calendar event (spec §3 "Booking"), with what Booking Details shows besides. */
export const Booking = v.object({
  bookingid: v.string(),
  resourceid: v.string(),
  start: v.string(),
  end: v.string(),
  title: v.string(),
  firstname: v.nullable(v.string()),
  surname: v.nullable(v.string()),
  email: v.string(),
  partysize: v.number(),
  notes: v.nullable(v.string()),
  status: v.picklist(BOOKING_STATUSES),
});
export type Booking = v.InferOutput<typeof Booking>;
/**
 * `mailHeld`: present when the customer's e-mail was NOT sent because the business reached its limit of
 * e-mails to strangers (README "Mail"); the booking is made all the same, and the portal shows this text.
 */
export const BookingAnswer = v.object({ data: Booking, mailHeld: v.optional(v.string()) });
/** What the portal keeps of a booking it made: the booking, and `mailHeld` when the e-mail was held. */
export type CreatedBooking = Booking & { mailHeld?: string };
/** 200 of DELETE /api/booking-resources/{id}; `mailHeld` as in BookingAnswer, for the cancellation e-mails. */
export const ResourceDeleteAnswer = v.object({ message: v.string(), mailHeld: v.optional(v.string()) });

/** Why a customer's e-mail was held: the owner reads it in a toast. */
export const mailHeldText = (held: number, limit: number, window: 'hour' | 'day') =>
  `${held === 1 ? 'The e-mail to the customer was' : `${held} e-mails to customers were`} not sent: this business has reached its limit of ${limit} e-mails a${window === 'hour' ? 'n hour' : ' day'} to people who neither follow it nor booked through the app. Please let ${held === 1 ? 'the customer' : 'them'} know yourself.`;
/** Spec §7: data.data, a list of bookings. */
export const BookingsAnswer = v.object({ data: v.array(Booking) });

/** GET /api/businesses/me/bookings?startDate&endDate[&resourceId] */
export const BookingsQuery = v.pipe(
  v.object({
    startDate: instant('startDate'),
    endDate: instant('endDate'),
    resourceId: v.optional(id('resourceId')),
    /** Cancelled bookings are left out unless asked for (the calendar's "show cancelled" toggle). */
    includeCancelled: v.optional(v.picklist(['true', 'false'], 'includeCancelled must be true or false.'), 'false'),
  }),
  v.check((q) => q.startDate < q.endDate, 'endDate must be after startDate.'),
  v.check(
    (q) => q.endDate.getTime() - q.startDate.getTime() <= MAX_WINDOW_DAYS * 86_400_000,
    `The window may span at most ${MAX_WINDOW_DAYS} days.`,
  ),
);

// --- Booking settings (issue 24) ------------------------------------------------------------------

/** The defaults a business starts with: a reminder a day ahead, cancelling until 2 hours before, owner told. */
export const BOOKING_SETTINGS_DEFAULTS = {
  reminderLeadMinutes: 1440,
  cancellationCutoffMinutes: 120,
  notifyOwnerOfBookings: true,
} as const;
/** The longest reminder lead and cancellation cut-off: a week. */
export const MAX_SETTING_MINUTES = 7 * 24 * 60;

/** GET/PUT /api/businesses/me/booking-settings: `reminderLeadMinutes: null` = no reminders. */
export const BookingSettings = v.object({
  reminderLeadMinutes: v.nullable(v.number()),
  cancellationCutoffMinutes: v.number(),
  notifyOwnerOfBookings: v.boolean(),
});
export type BookingSettings = v.InferOutput<typeof BookingSettings>;

const settingMinutes = (label: string, min: number) => {
  const message = `${label} must be a whole number of minutes from ${min} to ${MAX_SETTING_MINUTES}.`;
  return v.pipe(
    v.number(message),
    v.integer(message),
    v.minValue(min, message),
    v.maxValue(MAX_SETTING_MINUTES, message),
  );
};

/** A required field whose absence is refused with its label's message: the '' fed to it fails its check. */
const labelled = <S extends v.GenericSchema>(schema: S) => v.optional(schema, '' as never);

export const BookingSettingsRequest = v.object({
  reminderLeadMinutes: labelled(v.nullable(settingMinutes('Reminder lead', 30))),
  cancellationCutoffMinutes: labelled(settingMinutes('Cancellation cut-off', 0)),
  notifyOwnerOfBookings: labelled(v.boolean('Owner notifications must be true or false.')),
});
export type BookingSettingsRequest = v.InferInput<typeof BookingSettingsRequest>;
// --- One booking: details, change, cancel, status (issue 24) --------------------------------------

/** GET /api/bookings/{id}: what Booking Details shows. Names follow the same privacy rule as events. */
export const BookingDetail = v.object({
  bookingid: v.string(),
  resourceid: v.string(),
  resourcename: v.string(),
  start: v.string(),
  end: v.string(),
  partysize: v.number(),
  notes: v.nullable(v.string()),
  status: v.picklist(BOOKING_STATUSES),
  /** When and why it was cancelled (null while not cancelled; reason null when none was given). */
  cancelledat: v.nullable(v.string()),
  cancelreason: v.nullable(v.string()),
  source: v.picklist(BOOKING_SOURCES),
  customer: v.object({
    customerid: v.string(),
    firstname: v.nullable(v.string()),
    surname: v.nullable(v.string()),
    email: v.string(),
  }),
  /**
   * Who did it (decision 026): the first name of the team member who created, last changed or cancelled
   * it; null when the customer did it in the app, or nobody did.
   */
  createdby: v.nullable(v.string()),
  changedby: v.nullable(v.string()),
  cancelledby: v.nullable(v.string()),
});
export type BookingDetail = v.InferOutput<typeof BookingDetail>;
/** GET, PATCH /api/bookings/{id}, POST /api/bookings/{id}/cancel, PUT /api/bookings/{id}/status. */
export const BookingDetailAnswer = v.object({ data: BookingDetail });

/**
 * PATCH /api/bookings/{id}: any of these. A new time, resource or party size is checked like a new
 * booking (rules, closures, 30-minute grid, 30/60/90 minutes, capacity under the resource lock):
 * 409 {message} when there is no room, 400 when off the grid; nothing changes on a refusal. A start
 * without an end keeps the booking's duration; an end alone keeps its start.
 */
export const BookingUpdate = v.pipe(
  v.object({
    resourceid: v.optional(id('Resource')),
    bookingstarttime: v.optional(instantValue('Start time')),
    bookingendtime: v.optional(instantValue('End time')),
    partysize: v.optional(wholeNumber('Party size', 1, MAX_PARTY)),
    notes: v.optional(multiLineText('Notes', 1000)),
  }),
  v.check((b) => Object.values(b).some((x) => x !== undefined), 'Nothing to change.'),
  v.forward(
    v.partialCheck(
      [['bookingstarttime'], ['bookingendtime']],
      (b) => !b.bookingstarttime || !b.bookingendtime || b.bookingstarttime < b.bookingendtime,
      'Start time must be before end time.',
    ),
    ['bookingendtime'],
  ),
);
export type BookingUpdate = v.InferInput<typeof BookingUpdate>;

/** POST /api/bookings/{id}/cancel (owner) {reason?}: 200 with status "cancelled"; twice is 409. */
export const BookingCancelRequest = v.object({ reason: singleLineText('Reason', 500) });
export type BookingCancelRequest = v.InferInput<typeof BookingCancelRequest>;

/** PUT /api/bookings/{id}/status: among these three freely; a cancelled booking answers 409. */
export const OWNER_STATUSES = ['confirmed', 'no_show', 'completed'] as const;
export const STATUS_CHOICES_TEXT = 'Status must be confirmed, no_show or completed.';
export const BookingStatusRequest = v.object({
  status: orEmpty(
    v.pipe(
      v.string(STATUS_CHOICES_TEXT),
      v.nonEmpty('Status is required.'),
      v.picklist(OWNER_STATUSES, STATUS_CHOICES_TEXT),
    ),
  ),
});
export type BookingStatusRequest = v.InferInput<typeof BookingStatusRequest>;

// --- Customer search for Create Booking (issue 24) ------------------------------------------------

export const CUSTOMER_SEARCH_MIN = 2;
export const CUSTOMER_SEARCH_MAX_RESULTS = 20;
/** GET /api/businesses/me/customers?q= (at least 2 characters of a name or e-mail). */
export const CustomerSearchQuery = v.object({ q: v.optional(searchText(CUSTOMER_SEARCH_MIN), '') });
/**
 * A follower (customerid: their user id) or a past booking's guest (customerid: the booking customer's
 * id). An app customer's names appear only when they follow this business or booked with it in the app.
 */
export const CustomerSuggestion = v.object({
  customerid: v.string(),
  firstname: v.nullable(v.string()),
  lastname: v.nullable(v.string()),
  email: v.string(),
  kind: v.picklist(['follower', 'guest']),
});
export type CustomerSuggestion = v.InferOutput<typeof CustomerSuggestion>;
export const CustomerSuggestions = v.object({ data: v.array(CustomerSuggestion) });
export type CustomerSuggestions = v.InferOutput<typeof CustomerSuggestions>;
