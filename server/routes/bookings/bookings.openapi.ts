import * as b from '#contracts/bookings.ts';
import { MessageBody } from '#contracts/common.ts';
import { describeRoutes } from '../../openapi/describe.ts';

const tags = ['Bookings'];
const resourceid = '5f0c2b1e-3a4d-4e5f-8a9b-0c1d2e3f4a5b';
const id = { id: 'The id (a UUID).' };
const booking = { id: 'The booking id (a UUID).' };

/** resources.routes.ts and bookings.routes.ts. */
export const bookingsApi = describeRoutes('owner', {
  'GET /api/booking-resources': {
    role: 'staff',
    summary: 'List the bookable resources',
    tags,
    ok: { 200: b.Resources },
  },
  'POST /api/booking-resources': {
    role: 'manager',
    summary: 'Add a bookable resource (within the package limit)',
    tags,
    body: {
      schema: b.ResourceRequest,
      example: { resourcename: 'Window table', description: 'By the harbour window', capacity: 4, isactive: true },
    },
    ok: { 201: b.Resource },
  },
  'PUT /api/booking-resources/:id': {
    role: 'manager',
    summary: 'Change a bookable resource',
    tags,
    params: id,
    body: {
      schema: b.ResourceRequest,
      example: { resourcename: 'Window table', description: 'By the harbour window', capacity: 6, isactive: true },
    },
    ok: { 200: b.Resource },
  },
  'DELETE /api/booking-resources/:id': {
    role: 'manager',
    summary: 'Delete a resource (409 with futureBookings while bookings lie ahead, unless cancelFutureBookings=true)',
    tags,
    params: id,
    query: b.ResourceDeleteQuery,
    queryExample: { cancelFutureBookings: 'false' },
    ok: { 200: b.ResourceDeleteAnswer },
    errors: [409],
  },
  // One path template with the rule's DELETE (/api/availability/{id}): here the id is a resource's.
  'GET /api/availability/:id': {
    role: 'manager',
    summary: "A resource's weekly opening hours",
    tags,
    params: { id: 'The id of the resource whose weekly rules are listed (a UUID).' },
    ok: { 200: b.AvailabilityRules },
  },
  'POST /api/availability': {
    role: 'manager',
    summary: 'Add weekly opening hours to a resource',
    tags,
    body: {
      schema: b.AvailabilityRequest,
      example: { resourceid, dayofweek: 2, starttime: '09:00', endtime: '17:00' },
    },
    ok: { 201: b.AvailabilityRule },
    errors: [404, 409],
  },
  'DELETE /api/availability/:id': {
    role: 'manager',
    summary: 'Delete a rule of opening hours',
    tags,
    params: { id: 'The id of the weekly rule to delete (its availabilityid, a UUID).' },
    ok: { 200: MessageBody },
  },
  'GET /api/booking-closures': { role: 'manager', summary: 'List closures (holidays)', tags, ok: { 200: b.Closures } },
  'POST /api/booking-closures': {
    role: 'manager',
    summary: 'Close the business or one resource for some days',
    tags,
    body: {
      schema: b.ClosureRequest,
      example: { resourceid: null, startdate: '2030-12-24', enddate: '2030-12-26', reason: 'Christmas' },
    },
    ok: { 201: b.Closure },
    errors: [404],
  },
  'DELETE /api/booking-closures/:id': {
    role: 'manager',
    summary: 'Delete a closure',
    tags,
    params: id,
    ok: { 200: MessageBody },
  },
  'GET /api/booking-availability/:resourceid': {
    role: 'staff',
    summary: 'Free slots of a resource on a day',
    tags,
    params: { resourceid: 'The resource id (a UUID).' },
    query: b.SlotsQuery,
    queryExample: { date: '2030-06-03', duration: '60', partysize: '2' },
    ok: { 200: b.SlotsAnswer },
  },
  'POST /api/bookings': {
    role: 'staff',
    summary: 'Book a slot for a customer',
    tags,
    body: {
      schema: b.BookingRequest,
      example: {
        resourceid,
        customerEmail: 'cleo@example.com',
        bookingstarttime: '2030-06-03T09:00:00Z',
        bookingendtime: '2030-06-03T10:00:00Z',
        partysize: 2,
        notes: 'Window seat, please',
      },
    },
    ok: { 201: b.BookingAnswer },
    errors: [404, 409],
  },
  'GET /api/businesses/me/bookings': {
    role: 'staff',
    summary:
      'Bookings in a window of at most 62 days (strong ETag; 304 for If-None-Match; cancelled ones with includeCancelled=true)',
    tags,
    query: b.BookingsQuery,
    queryExample: {
      startDate: '2030-06-03T00:00:00Z',
      endDate: '2030-06-10T00:00:00Z',
      resourceId: resourceid,
      includeCancelled: 'false',
    },
    ok: { 200: b.BookingsAnswer, 304: null },
  },
  'GET /api/businesses/me/customers': {
    role: 'staff',
    summary: 'Followers and past guests whose name or e-mail matches q (at least 2 characters; up to 20)',
    tags,
    query: b.CustomerSearchQuery,
    queryExample: { q: 'ada' },
    ok: { 200: b.CustomerSuggestions },
  },
  'GET /api/bookings/:id': {
    role: 'staff',
    summary: 'One booking with its status and customer (Booking Details)',
    tags,
    params: booking,
    ok: { 200: b.BookingDetailAnswer },
  },
  'PATCH /api/bookings/:id': {
    role: 'staff',
    summary: 'Change a booking: time, resource, party size, notes (409 no room, 400 off the grid; nothing changed)',
    tags,
    params: booking,
    body: {
      schema: b.BookingUpdate,
      example: {
        resourceid,
        bookingstarttime: '2030-06-03T10:00:00Z',
        bookingendtime: '2030-06-03T11:00:00Z',
        partysize: 2,
        notes: 'Moved an hour later',
      },
    },
    ok: { 200: b.BookingDetailAnswer },
    errors: [404, 409],
  },
  'PUT /api/bookings/:id/status': {
    role: 'staff',
    summary: 'Mark a booking confirmed, no_show or completed (a cancelled booking is final: 409)',
    tags,
    params: booking,
    body: { schema: b.BookingStatusRequest, example: { status: 'no_show' } },
    ok: { 200: b.BookingDetailAnswer },
    errors: [404, 409],
  },
  'POST /api/bookings/:id/cancel': {
    role: 'staff',
    summary: 'Cancel a booking (the place is free at once; a second cancel is 409)',
    tags,
    params: booking,
    body: { schema: b.BookingCancelRequest, example: { reason: 'The customer called to cancel' } },
    ok: { 200: b.BookingDetailAnswer },
    errors: [404, 409],
  },
  'GET /api/businesses/me/booking-settings': {
    role: 'manager',
    summary:
      "The business's booking settings: reminder lead (null: no reminders), cancellation cut-off, owner notifications",
    tags,
    ok: { 200: b.BookingSettings },
  },
  'PUT /api/businesses/me/booking-settings': {
    role: 'manager',
    summary: 'Change the booking settings (a new reminder lead moves the reminders not yet sent)',
    tags,
    body: {
      schema: b.BookingSettingsRequest,
      example: { reminderLeadMinutes: 1440, cancellationCutoffMinutes: 120, notifyOwnerOfBookings: true },
    },
    ok: { 200: b.BookingSettings },
  },
});
