/** Bookings Calendar (/bookings/calendar, spec §2): week and day views, the filter, details and Create Booking. */

import { useSelector } from '@xstate/react';
import { format, getDay, parse, parseISO, startOfWeek } from 'date-fns';
import { enUS } from 'date-fns/locale';
import { type CSSProperties, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { Calendar, dateFnsLocalizer, type View } from 'react-big-calendar';
import type { EventInteractionArgs, default as WithDragAndDrop } from 'react-big-calendar/lib/addons/dragAndDrop';
import * as dragAndDrop from 'react-big-calendar/lib/addons/dragAndDrop';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import 'react-big-calendar/lib/addons/dragAndDrop/styles.css';
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
import './bookings.css';

/** Weeks from Monday (spec §9). */
const localizer = dateFnsLocalizer({
  format,
  parse,
  startOfWeek: (date: Date) => startOfWeek(date, { weekStartsOn: 1 }),
  getDay,
  locales: { 'en-US': enUS },
});
const VIEWS: View[] = ['week', 'day'];
/** The time gutter in the short time format ("9:00 AM"). */
const FORMATS = { timeGutterFormat: 'p' };
export const fullName = (b: Pick<Booking, 'firstname' | 'surname'>) =>
  [b.firstname, b.surname].filter(Boolean).join(' ');

const GRID_ROLES =
  '[role="grid"],[role="row"],[role="rowgroup"],[role="columnheader"],[role="rowheader"],[role="cell"],[role="gridcell"]';

/**
 * react-big-calendar marks its time grid with table roles it does not complete (a row without cells,
 * column headers inside buttons): axe flags them and screen readers announce a broken table. The grid
 * is left as plain regions (the events are buttons with their time and title, the day headers buttons),
 * and its scrolling hours get keyboard access. Runs after every render; React leaves removed attributes
 * alone until it renders them again.
 */
function useAccessibleGrid() {
  const frame = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const root = frame.current;
    if (!root) return;
    for (const el of root.querySelectorAll(GRID_ROLES)) el.removeAttribute('role');
    for (const el of root.querySelectorAll('[aria-sort]')) el.removeAttribute('aria-sort');
    const hours = root.querySelector<HTMLElement>('.rbc-time-content');
    if (hours && !hours.hasAttribute('tabindex')) {
      hours.tabIndex = 0;
      hours.setAttribute('aria-label', 'Bookings by time of day');
      hours.setAttribute('role', 'region');
    }
  });
  return frame;
}

type CalendarEvent = {
  id: string;
  title: string;
  start: Date;
  end: Date;
  booking: Booking;
  name: string;
  colour: string;
};

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

/** An event as a person reads it: the customer, the resource, and a no-show or cancelled mark. */
function EventContent({ event }: { event: CalendarEvent }) {
  const mark = STATUS_MARK[event.booking.status];
  return (
    <span className="booking-event">
      {mark && <span className="booking-event-mark">{mark}</span>}
      <span className="booking-event-name">{event.name}</span>
      <span className="booking-event-resource">{event.booking.title}</span>
    </span>
  );
}
const COMPONENTS = { event: EventContent };
/**
 * The addon is CommonJS (exports.default): Vite's dev server hands its default over, the production
 * build the module object whose `default` it is; either way the function is taken.
 */
const interop = dragAndDrop as unknown as { default: typeof WithDragAndDrop | { default: typeof WithDragAndDrop } };
const withDragAndDrop = 'default' in interop.default ? interop.default.default : interop.default;
/** Drag to move, drag an edge to resize (week and day views); the server decides (decision 025). */
const DragCalendar = withDragAndDrop<CalendarEvent>(Calendar);
const movable = (event: CalendarEvent) => event.booking.status !== 'cancelled';
const asIso = (value: string | Date) => new Date(value).toISOString();
const eventProps = (event: CalendarEvent) => ({
  className: `booking-event-box is-${event.booking.status}`,
  style: { '--resource-colour': event.colour } as CSSProperties,
});

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
  const events = useMemo<CalendarEvent[]>(
    () =>
      bookings.map((b) => {
        const name = fullName(b) || b.email;
        const mark = STATUS_MARK[b.status];
        return {
          id: b.bookingid,
          // What the event's box is called: its time label comes first (react-big-calendar).
          title: `${mark ? `${mark}: ` : ''}${name}, ${b.title}`,
          start: new Date(b.start),
          end: new Date(b.end),
          booking: b,
          name,
          colour: colourOf(resources, b.resourceid),
        };
      }),
    [bookings, resources],
  );
  const window = calendarWindow(date, resourceId, showCancelled);
  const move = ({ event, start, end }: EventInteractionArgs<CalendarEvent>) => {
    const next = { bookingid: event.id, bookingstarttime: asIso(start), bookingendtime: asIso(end) };
    if (next.bookingstarttime === event.booking.start && next.bookingendtime === event.booking.end) return;
    send({ type: 'calendar.move', ...next });
  };
  const shownResources = resourceId ? resources.filter((r) => r.resourceid === resourceId) : resources;
  const filterEvent = { type: 'calendar.filter', resourceId: '' } as const;
  const frame = useAccessibleGrid();

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
        {state.hasTag('loading') && (
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
        {state.hasTag('ready') && (
          <div className="calendar-frame" ref={frame}>
            <DragCalendar
              localizer={localizer}
              step={30}
              timeslots={2}
              draggableAccessor={movable}
              resizableAccessor={movable}
              onEventDrop={move}
              onEventResize={move}
              culture="en-US"
              events={events}
              views={VIEWS}
              view={state.context.view}
              date={parseISO(date)}
              onView={(next) => send({ type: 'calendar.view', view: next === 'day' ? 'day' : 'week' })}
              onNavigate={(next) => send({ type: 'calendar.navigate', date: isoDay(next) })}
              onSelectEvent={(event) => send({ type: 'calendar.open', bookingid: event.id })}
              formats={FORMATS}
              components={COMPONENTS}
              eventPropGetter={eventProps}
              dayLayoutAlgorithm="no-overlap"
              scrollToTime={new Date(1970, 0, 1, 8)}
              style={{ height: '70vh' }}
              popup
            />
          </div>
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
