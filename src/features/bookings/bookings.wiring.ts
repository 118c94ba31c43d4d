/** The real effects of the booking screens: every call goes through src/api/bookings.ts. */
import { fromPromise } from 'xstate';
import { bookingClosuresMachine } from '#machines/booking-closures.machine.ts';
import { bookingFormMachine } from '#machines/booking-form.machine.ts';
import { bookingScheduleMachine } from '#machines/booking-schedule.machine.ts';
import { bookingSetupMachine } from '#machines/booking-setup.machine.ts';
import { bookingsCalendarMachine } from '#machines/bookings-calendar.machine.ts';
import * as bookingsApi from '#src/api/bookings.ts';
import { toFailure } from '#src/api/errors.ts';

/** An effect: the API call, its failure mapped the one way (toFailure). */
const effect = <TOut, TIn>(call: (input: TIn, signal: AbortSignal) => Promise<TOut>) =>
  fromPromise<TOut, TIn>(async ({ input, signal }) => {
    try {
      return await call(input, signal);
    } catch (error) {
      throw toFailure(error);
    }
  });

/** The same for an effect that takes no input. */
const fetchOnly = <TOut>(call: (signal: AbortSignal) => Promise<TOut>) =>
  fromPromise<TOut, void>(async ({ signal }) => {
    try {
      return await call(signal);
    } catch (error) {
      throw toFailure(error);
    }
  });

const loadResources = fetchOnly((signal) => bookingsApi.getResources(signal));

export const liveCalendarLogic = bookingsCalendarMachine.provide({
  actors: {
    loadBookings: effect((window, signal) => bookingsApi.getBookings(window, signal)),
    // Spec §8: a failure loading the filter's resources is logged only.
    loadResources: fromPromise(async ({ signal }) => {
      try {
        return await bookingsApi.getResources(signal);
      } catch (error) {
        console.error('Could not load resources for the calendar filter.', toFailure(error).message);
        throw toFailure(error);
      }
    }),
  },
});

export const liveBookingFormLogic = bookingFormMachine.provide({
  actors: {
    loadSlots: effect((query, signal) => bookingsApi.getSlots(query, signal)),
    createBooking: effect((body, signal) => bookingsApi.createBooking(body, signal)),
  },
});

/** Booking Setup's resources; the limit check needs the business id (spec §7 can-add-resource). */
export const liveSetupLogic = (businessid: string | null) =>
  bookingSetupMachine.provide({
    actors: {
      loadResources,
      canAddResource: fetchOnly((signal) =>
        businessid ? bookingsApi.canAddResource(businessid, signal) : Promise.reject(new Error('no business')),
      ),
      saveResource: effect(({ resourceid, body }, signal) =>
        resourceid ? bookingsApi.updateResource(resourceid, body, signal) : bookingsApi.createResource(body, signal),
      ),
      deleteResource: effect(({ resourceid, cancelFutureBookings }, signal) =>
        bookingsApi.deleteResource(resourceid, cancelFutureBookings, signal),
      ),
    },
  });

export const liveScheduleLogic = bookingScheduleMachine.provide({
  actors: {
    loadRules: effect(({ resourceid }, signal) => bookingsApi.getRules(resourceid, signal)),
    addRule: effect((body, signal) => bookingsApi.addRule(body, signal)),
    deleteRule: effect(async ({ availabilityid }, signal) => {
      await bookingsApi.deleteRule(availabilityid, signal);
    }),
  },
});

export const liveClosuresLogic = bookingClosuresMachine.provide({
  actors: {
    loadClosures: fetchOnly((signal) => bookingsApi.getClosures(signal)),
    addClosure: effect((body, signal) => bookingsApi.addClosure(body, signal)),
    deleteClosure: effect(async ({ closureid }, signal) => {
      await bookingsApi.deleteClosure(closureid, signal);
    }),
  },
});
