/** The real effects of the booking screens: every call goes through src/api/bookings.ts. */

import { bookingClosuresMachine } from '#machines/booking-closures.machine.ts';
import { bookingDetailsMachine } from '#machines/booking-details.machine.ts';
import { bookingFormMachine } from '#machines/booking-form.machine.ts';
import { bookingScheduleMachine } from '#machines/booking-schedule.machine.ts';
import { bookingSettingsMachine } from '#machines/booking-settings.machine.ts';
import { bookingSetupMachine } from '#machines/booking-setup.machine.ts';
import { bookingsCalendarMachine, calendarPollerMachine } from '#machines/bookings-calendar.machine.ts';
import { customerSuggestMachine } from '#machines/customer-suggest.machine.ts';
import { type HoursChange, type HoursRefusal, weeklyHoursMachine } from '#machines/weekly-hours.machine.ts';
import * as bookingsApi from '#src/api/bookings.ts';
import { apiEffect } from '#src/api/effect.ts';
import { errorMessage, toFailure } from '#src/api/errors.ts';
import { pollFailure, visibility } from '#src/api/poll.ts';

export const liveCalendarLogic = bookingsCalendarMachine.provide({
  actors: {
    loadBookings: apiEffect((window, signal) => bookingsApi.getBookings(window, signal)),
    moveBooking: apiEffect((move, signal) => bookingsApi.updateBooking(move, signal)),
    // Spec §8: a failure loading the filter's resources is logged only.
    loadResources: apiEffect((_, signal) =>
      bookingsApi.getResources(signal).catch((error: unknown) => {
        // A request cancelled with its actor (StrictMode's first mount) is no failure to log.
        if (!signal.aborted)
          console.error('Could not load resources for the calendar filter.', errorMessage(error, ''));
        throw error;
      }),
    ),
  },
});

export const liveBookingFormLogic = bookingFormMachine.provide({
  actors: {
    loadSlots: apiEffect((query, signal) => bookingsApi.getSlots(query, signal)),
    createBooking: apiEffect((body, signal) => bookingsApi.createBooking(body, signal)),
  },
});

/** Create Booking's suggestions under Customer Email; a newer search aborts the one it replaces. */
export const liveCustomerSuggestLogic = customerSuggestMachine.provide({
  actors: {
    searchCustomers: apiEffect((query, signal) => bookingsApi.searchCustomers(query, signal)),
  },
});

/** Booking Setup's resources; the limit check needs the business id (spec §7 can-add-resource). */
export const liveSetupLogic = (businessid: string | null) =>
  bookingSetupMachine.provide({
    actors: {
      loadResources: apiEffect((_, signal) => bookingsApi.getResources(signal)),
      canAddResource: apiEffect((_, signal) =>
        businessid ? bookingsApi.canAddResource(businessid, signal) : Promise.reject(new Error('no business')),
      ),
      saveResource: apiEffect(({ resourceid, body }, signal) =>
        resourceid ? bookingsApi.updateResource(resourceid, body, signal) : bookingsApi.createResource(body, signal),
      ),
      deleteResource: apiEffect(({ resourceid, cancelFutureBookings }, signal) =>
        bookingsApi.deleteResource(resourceid, cancelFutureBookings, signal),
      ),
    },
  });

export const liveScheduleLogic = bookingScheduleMachine.provide({
  actors: {
    loadRules: apiEffect(({ resourceid }, signal) => bookingsApi.getRules(resourceid, signal)),
    addRule: apiEffect((body, signal) => bookingsApi.addRule(body, signal)),
    deleteRule: apiEffect(({ availabilityid }, signal) => bookingsApi.deleteRule(availabilityid, signal)),
  },
});

/**
 * "Save weekly hours": the removed rules deleted, then the new ones created, one call each through the
 * spec's weekly-rule routes. The first refusal stops the run and names its day and what already went
 * through, so nothing is half-applied silently.
 */
export async function applyHours({ deletes, creates }: HoursChange, signal: AbortSignal): Promise<void> {
  let applied = 0;
  const step = async (dayofweek: number, call: () => Promise<unknown>) => {
    try {
      await call();
      applied += 1;
    } catch (error) {
      const refusal: HoursRefusal & ReturnType<typeof toFailure> = { ...toFailure(error), dayofweek, applied };
      throw refusal;
    }
  };
  for (const rule of deletes) await step(rule.dayofweek, () => bookingsApi.deleteRule(rule.availabilityid, signal));
  for (const body of creates) await step(body.dayofweek, () => bookingsApi.addRule(body, signal));
}

export const liveWeeklyHoursLogic = weeklyHoursMachine.provide({
  actors: { applyHours: apiEffect(applyHours, (error) => error) },
});

export const liveClosuresLogic = bookingClosuresMachine.provide({
  actors: {
    loadClosures: apiEffect((_, signal) => bookingsApi.getClosures(signal)),
    addClosure: apiEffect((body, signal) => bookingsApi.addClosure(body, signal)),
    deleteClosure: apiEffect(({ closureid }, signal) => bookingsApi.deleteClosure(closureid, signal)),
  },
});

export const liveSettingsLogic = bookingSettingsMachine.provide({
  actors: {
    loadSettings: apiEffect((_, signal) => bookingsApi.getBookingSettings(signal)),
    saveSettings: apiEffect((body, signal) => bookingsApi.saveBookingSettings(body, signal)),
  },
});

export const liveBookingDetailsLogic = bookingDetailsMachine.provide({
  actors: {
    loadBooking: apiEffect(({ bookingid }, signal) => bookingsApi.getBooking(bookingid, signal)),
    loadSlots: apiEffect((query, signal) => bookingsApi.getSlots(query, signal)),
    updateBooking: apiEffect((change, signal) => bookingsApi.updateBooking(change, signal)),
    cancelBooking: apiEffect(({ bookingid, reason }, signal) => bookingsApi.cancelBooking(bookingid, reason, signal)),
    setStatus: apiEffect(({ bookingid, status }, signal) => bookingsApi.setBookingStatus(bookingid, status, signal)),
  },
});

/** The calendar's refresh: the window polled with its ETag, paused while the tab is hidden. */
export const liveCalendarPoller = calendarPollerMachine.provide({
  actors: {
    visibility,
    poll: apiEffect(({ params, etag }, signal) => bookingsApi.pollBookings(params, etag, signal), pollFailure),
  },
});
