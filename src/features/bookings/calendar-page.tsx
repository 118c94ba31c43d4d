/** Bookings Calendar (/bookings/calendar, spec §2): week and day views, the filter, details and Create Booking. */

import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import type { Booking, Resource } from '#contracts/bookings.ts';
import type { bookingDetailsMachine } from '#machines/booking-details.machine.ts';
import type { bookingFormMachine } from '#machines/booking-form.machine.ts';
import {
  type bookingsCalendarMachine,
  type CalendarView,
  type CalendarWindow,
  type calendarPollerMachine,
  calendarWindow,
  isoDay,
} from '#machines/bookings-calendar.machine.ts';
import { isHidden } from '#src/api/poll.ts';
import { lazyModule, useLoaded } from '#src/lib/lazy-module.ts';
import type { PageProps } from '#src/lib/page.ts';
import { enabledFor, type FlowHooks, useFlowActor } from '#src/lib/use-flow-actor.ts';
import { Alert } from '#src/ui/alert.tsx';
import { Button } from '#src/ui/button.tsx';
import { LoadError } from '#src/ui/load-error.tsx';
import { Page } from '#src/ui/page.tsx';
import { Spinner } from '#src/ui/spinner.tsx';
import { useToast } from '#src/ui/toast.tsx';
import { BookingDetailsModal } from './booking-details-modal.tsx';
import { BookingFormModal } from './booking-form-modal.tsx';
import { liveCalendarLogic, liveCalendarPoller } from './bookings.wiring.ts';
import type { GridEvent } from './calendar-grid.tsx';
import './bookings.css';

/**
 * react-big-calendar and the grid around it (calendar-grid.tsx): a chunk of its own, fetched once this
 * page has painted, beside the week's bookings (decision 031). The unit tests load it up front.
 */
export const calendarGridChunk = lazyModule(() => import('./calendar-grid.tsx'));

export const fullName = (b: Pick<Booking, 'firstname' | 'surname'>) =>
  [b.firstname, b.surname].filter(Boolean).join(' ');

/**
 * One colour per resource, in the order the resources are listed; every one carries white text at a
 * contrast of at least 4.5:1 (axe checks it in tests/e2e/bookings.test.ts). Decision 025.
 */
export const RESOURCE_COLOURS = [
  '#0f766e',
  '#1d4ed8',
  '#7e22ce',
  '#b45309',
  '#be123c',
  '#15803d',
  '#4338ca',
  '#a21caf',
  '#0e7490',
  '#57534e',
] as const;
const UNKNOWN_COLOUR = '#4b5563';
export const colourOf = (resources: Resource[], resourceid: string) => {
  const at = resources.findIndex((r) => r.resourceid === resourceid);
  return at < 0 ? UNKNOWN_COLOUR : RESOURCE_COLOURS[at % RESOURCE_COLOURS.length]!;
};
const STATUS_MARK: Partial<Record<Booking['status'], string>> = { no_show: 'No-show', cancelled: 'Cancelled' };

/** Whether two bookings read the same (a booking's fields are all plain values). */
const sameBooking = (a: Booking, b: Booking) =>
  a === b || (Object.keys(a) as (keyof Booking)[]).every((key) => a[key] === b[key]);

/**
 * The grid's events, made once per loaded list (not per render). An unchanged booking keeps its event
 * from the list before (`previous`), and an unchanged list keeps the list itself: a moved booking or a
 * poll changes only what changed, so the grid renders the rest from its memos (decision 025).
 */
export function gridEvents(bookings: Booking[], resources: Resource[], previous: GridEvent[] = []): GridEvent[] {
  const before = new Map(previous.map((event) => [event.id, event]));
  const events = bookings.map((b) => {
    const colour = colourOf(resources, b.resourceid);
    const kept = before.get(b.bookingid);
    if (kept && kept.colour === colour && sameBooking(kept.booking, b)) return kept;
    const name = fullName(b) || b.email;
    const mark = STATUS_MARK[b.status];
    return {
      id: b.bookingid,
      title: `${mark ? `${mark}: ` : ''}${name}, ${b.title}`,
      start: new Date(b.start),
      end: new Date(b.end),
      booking: b,
      name,
      mark,
      colour,
    };
  });
  const unchanged = events.length === previous.length && events.every((event, at) => event === previous[at]);
  return unchanged ? previous : events;
}

/** Keeps the shown window fresh on the calendar's poller; renders nothing. Remounted per window. */
function CalendarRefresher({
  window,
  logic,
  onFresh,
}: {
  window: CalendarWindow;
  logic: typeof calendarPollerMachine;
  onFresh: (bookings: Booking[]) => void;
}) {
  const [, , poller] = useFlowActor(logic, { input: { params: window, hidden: isHidden() } });
  const data = useSelector(poller, (s) => s.context.data);
  const report = useRef(onFresh);
  report.current = onFresh;
  useEffect(() => {
    // A 304 keeps the very same array, so only a changed window is reported.
    if (data) report.current(data);
  }, [data]);
  return null;
}

/** On a phone the day view is the default (a week of columns does not fit 375 px). */
export const initialView = (): CalendarView =>
  typeof window !== 'undefined' && window.matchMedia?.('(max-width: 640px)').matches ? 'day' : 'week';

export interface CalendarViewProps extends FlowHooks<typeof bookingsCalendarMachine> {
  today?: string;
  view?: CalendarView;
  formHooks?: FlowHooks<typeof bookingFormMachine>;
  detailsHooks?: FlowHooks<typeof bookingDetailsMachine>;
  /** Tests: the refresh poller with a fake poll. */
  pollerLogic?: typeof calendarPollerMachine;
}

/** The toast after a booking: made either way; a held e-mail is the owner's to pass on (README "Mail"). */
export const bookingCreatedToast = (booking: { mailHeld?: string }) =>
  booking.mailHeld ? `Booking created. ${booking.mailHeld}` : 'Booking created.';

export function BookingsCalendarView({
  today,
  view,
  logic = liveCalendarLogic,
  options,
  formHooks,
  detailsHooks,
  pollerLogic = liveCalendarPoller,
}: CalendarViewProps) {
  const day = today ?? isoDay(new Date());
  const [state, send] = useFlowActor(logic, { input: { today: day, view: view ?? initialView() }, options });
  const notify = useToast();
  const { bookings, resources, resourceId, date, selected, showCancelled } = state.context;
  const shownEvents = useRef<GridEvent[]>([]);
  const events = useMemo(
    () => (shownEvents.current = gridEvents(bookings, resources, shownEvents.current)),
    [bookings, resources],
  );
  const window = calendarWindow(date, resourceId, showCancelled);
  // Stable, so the memoized grid renders only for its own props (events, view, day).
  const gridHandlers = useMemo(
    () => ({
      onMove: (move: { bookingid: string; bookingstarttime: string; bookingendtime: string }) =>
        send({ type: 'calendar.move', ...move }),
      onView: (next: CalendarView) => send({ type: 'calendar.view', view: next }),
      onNavigate: (next: Date) => send({ type: 'calendar.navigate', date: isoDay(next) }),
      onOpen: (bookingid: string) => send({ type: 'calendar.open', bookingid }),
    }),
    [send],
  );
  const gridLoaded = useLoaded([calendarGridChunk], { afterPaint: true });
  const Grid = gridLoaded ? calendarGridChunk.current()?.default : undefined;
  const shownResources = resourceId ? resources.filter((r) => r.resourceid === resourceId) : resources;
  const filterEvent = { type: 'calendar.filter', resourceId: '' } as const;

  return (
    <Page
      title="Bookings Calendar"
      subtitle="Every booking of the week, in your local time."
      actions={
        <Button onClick={() => send({ type: 'calendar.create' })} {...enabledFor(state, { type: 'calendar.create' })}>
          Create Booking
        </Button>
      }
    >
      <div className="calendar-toolbar">
        <div className="calendar-filter">
          <label htmlFor="calendar-filter">Filter:</label>
          <select
            id="calendar-filter"
            className="input"
            value={resourceId}
            onChange={(event) => send({ type: 'calendar.filter', resourceId: event.target.value })}
            {...enabledFor(state, filterEvent)}
          >
            <option value="">All Resources</option>
            {resources.map((r) => (
              <option key={r.resourceid} value={r.resourceid}>
                {r.resourcename}
              </option>
            ))}
          </select>
        </div>
        <label className="checkbox calendar-cancelled">
          <input
            type="checkbox"
            checked={showCancelled}
            onChange={(event) => send({ type: 'calendar.showCancelled', show: event.target.checked })}
            {...enabledFor(state, { type: 'calendar.showCancelled', show: !showCancelled })}
          />
          Show cancelled
        </label>
      </div>
      {shownResources.length > 0 && (
        <ul className="calendar-legend" aria-label="Resources by colour">
          {shownResources.map((r) => (
            <li key={r.resourceid} className="calendar-legend-item">
              <span
                className="calendar-swatch"
                aria-hidden="true"
                style={{ background: colourOf(resources, r.resourceid) }}
              />
              {r.resourcename}
            </li>
          ))}
        </ul>
      )}
      {state.hasTag('ready') && state.context.error && (
        <Alert text={state.context.error} className="calendar-move-error">
          <Button
            variant="secondary"
            onClick={() => send({ type: 'calendar.dismiss' })}
            {...enabledFor(state, { type: 'calendar.dismiss' })}
          >
            Dismiss
          </Button>
        </Alert>
      )}
      <section className="card calendar-card" aria-label="Calendar" aria-busy={state.hasTag('busy') || undefined}>
        {(state.hasTag('loading') || (state.hasTag('ready') && !Grid)) && (
          <div className="calendar-loading">
            <Spinner />
            <p role="status">Loading calendar...</p>
          </div>
        )}
        {state.hasTag('error') && (
          <LoadError
            text={state.context.error}
            onRetry={() => send({ type: 'calendar.retry' })}
            event="calendar.retry"
          />
        )}
        {state.hasTag('ready') && Grid && (
          <Grid events={events} view={state.context.view} date={date} {...gridHandlers} />
        )}
      </section>
      {state.hasTag('ready') && (
        <CalendarRefresher
          key={JSON.stringify(window)}
          window={window}
          logic={pollerLogic}
          onFresh={(fresh) => send({ type: 'calendar.refreshed', bookings: fresh })}
        />
      )}
      {state.matches({ bookings: { ready: 'details' } }) && selected && (
        <BookingDetailsModal
          bookingid={selected}
          resources={resources}
          today={day}
          onChanged={(booking) => send({ type: 'calendar.changed', booking })}
          onClose={() => send({ type: 'calendar.close' })}
          {...detailsHooks}
        />
      )}
      {state.matches({ bookings: { ready: 'creating' } }) && (
        <BookingFormModal
          resources={resources}
          today={day}
          resourceid={resourceId}
          onCreated={(booking) => {
            notify(bookingCreatedToast(booking));
            send({ type: 'calendar.created' });
          }}
          onClose={() => send({ type: 'calendar.cancelCreate' })}
          {...formHooks}
        />
      )}
    </Page>
  );
}

export default function BookingsCalendarPage(_: PageProps) {
  return <BookingsCalendarView />;
}
