import {
  AvailabilityRule,
  AvailabilityRuleList,
  type Booking,
  BookingAnswer,
  BookingDetailAnswer,
  BookingSettings,
  BookingsAnswer,
  Closure,
  Closures,
  type CreatedBooking,
  CustomerSuggestions,
  Resource,
  ResourceDeleteAnswer,
  ResourceList,
  SlotsAnswer,
} from '#contracts/bookings.ts';
import { MessageBody } from '#contracts/common.ts';
import { CanAddResource } from '#contracts/packages.ts';
import { api, type Conditional, conditionalGet } from './client.ts';

const id = encodeURIComponent;

export const getResources = (signal?: AbortSignal) => api.get('/api/booking-resources', ResourceList, { signal });
export const createResource = (body: unknown, signal?: AbortSignal) =>
  api.post('/api/booking-resources', Resource, body, { signal });
export const updateResource = (resourceid: string, body: unknown, signal?: AbortSignal) =>
  api.put(`/api/booking-resources/${id(resourceid)}`, Resource, body, { signal });
/** The answer's message; when cancellation e-mails were held, followed by why (the toast shows both). */
export const deleteResource = (resourceid: string, cancelFutureBookings: boolean, signal?: AbortSignal) =>
  api
    .delete(`/api/booking-resources/${id(resourceid)}`, ResourceDeleteAnswer, {
      query: cancelFutureBookings ? { cancelFutureBookings: 'true' } : undefined,
      signal,
    })
    .then((answer) => ({ message: answer.mailHeld ? `${answer.message} ${answer.mailHeld}` : answer.message }));
export const canAddResource = (businessid: string, signal?: AbortSignal) =>
  api.get(`/api/packages/usage/${id(businessid)}/can-add-resource`, CanAddResource, { signal });

export const getRules = (resourceid: string, signal?: AbortSignal) =>
  api.get(`/api/availability/${id(resourceid)}`, AvailabilityRuleList, { signal });
export const addRule = (body: unknown, signal?: AbortSignal) =>
  api.post('/api/availability', AvailabilityRule, body, { signal });
export const deleteRule = (availabilityid: string, signal?: AbortSignal) =>
  api.delete(`/api/availability/${id(availabilityid)}`, MessageBody, { signal });

export const getClosures = (signal?: AbortSignal) => api.get('/api/booking-closures', Closures, { signal });
export const addClosure = (body: unknown, signal?: AbortSignal) =>
  api.post('/api/booking-closures', Closure, body, { signal });
export const deleteClosure = (closureid: string, signal?: AbortSignal) =>
  api.delete(`/api/booking-closures/${id(closureid)}`, MessageBody, { signal });

export const getBookingSettings = (signal?: AbortSignal) =>
  api.get('/api/businesses/me/booking-settings', BookingSettings, { signal });
export const saveBookingSettings = (body: BookingSettings, signal?: AbortSignal) =>
  api.put('/api/businesses/me/booking-settings', BookingSettings, body, { signal });

export const getSlots = (
  q: { resourceid: string; date: string; duration: number; partysize: number },
  signal?: AbortSignal,
) =>
  api
    .get(`/api/booking-availability/${id(q.resourceid)}`, SlotsAnswer, {
      query: { date: q.date, duration: q.duration, partysize: q.partysize },
      signal,
    })
    .then((answer) => answer.data.availableSlots);

/** Create Booking's suggestions: followers and past guests matching `q` (at least 2 characters). */
export const searchCustomers = ({ q }: { q: string }, signal?: AbortSignal) =>
  api.get('/api/businesses/me/customers', CustomerSuggestions, { query: { q }, signal }).then((a) => a.data);

/** The booking, with `mailHeld` when its e-mail was held (the calendar's toast says why). */
export const createBooking = (body: unknown, signal?: AbortSignal): Promise<CreatedBooking> =>
  api
    .post('/api/bookings', BookingAnswer, body, { signal })
    .then((answer) => (answer.mailHeld ? { ...answer.data, mailHeld: answer.mailHeld } : answer.data));

type BookingsWindow = { startDate: string; endDate: string; resourceId?: string; includeCancelled?: 'true' };
export const getBookings = (window: BookingsWindow, signal?: AbortSignal) =>
  api.get('/api/businesses/me/bookings', BookingsAnswer, { query: window, signal }).then((a) => a.data);
/** The calendar's poll: the same window with the last ETag (a 304 when nothing it shows changed). */
export const pollBookings = (window: BookingsWindow, etag: string | null, signal?: AbortSignal) =>
  conditionalGet('/api/businesses/me/bookings', BookingsAnswer, { etag, query: window, signal }).then(
    (answer): Conditional<Booking[]> => (answer.kind === 'fresh' ? { ...answer, data: answer.data.data } : answer),
  );

// --- One booking (issue 24) -------------------------------------------------------------------------

export const getBooking = (bookingid: string, signal?: AbortSignal) =>
  api.get(`/api/bookings/${id(bookingid)}`, BookingDetailAnswer, { signal }).then((a) => a.data);
export const updateBooking = ({ bookingid, ...body }: { bookingid: string } & object, signal?: AbortSignal) =>
  api.patch(`/api/bookings/${id(bookingid)}`, BookingDetailAnswer, body, { signal }).then((a) => a.data);
export const cancelBooking = (bookingid: string, reason: string | undefined, signal?: AbortSignal) =>
  api
    .post(`/api/bookings/${id(bookingid)}/cancel`, BookingDetailAnswer, reason ? { reason } : {}, { signal })
    .then((a) => a.data);
export const setBookingStatus = (bookingid: string, status: string, signal?: AbortSignal) =>
  api.put(`/api/bookings/${id(bookingid)}/status`, BookingDetailAnswer, { status }, { signal }).then((a) => a.data);
