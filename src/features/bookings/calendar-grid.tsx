/**
 * The calendar itself (react-big-calendar's week and day views with drag and drop): a chunk of its own,
 * loaded by the calendar page once its heading is on screen, beside the week's bookings (decision 031).
 *
 * A busy week (500 bookings) must not freeze the page: the grid is memoized, so the page's other state
 * changes (a dialog, the filter's options) never render it again; and a newly shown week (the page
 * mounts the grid for each week it loads) commits its frame first, then its events one day at a time,
 * a frame apart, each as a transition (React renders it in short slices): the browser's style and layout
 * of 500 boxes, one task of 350 ms on a busy machine when they came at once, is spread over seven
 * frames. Later changes (a drag, a refresh) render at once, as before, so a dropped booking never
 * flickers back.
 */
import { differenceInCalendarDays, format, getDay, parse, parseISO, startOfWeek } from 'date-fns';
import { enUS } from 'date-fns/locale';
import {
  type CSSProperties,
  memo,
  startTransition,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Calendar, dateFnsLocalizer, type View } from 'react-big-calendar';
import type { EventInteractionArgs, default as WithDragAndDrop } from 'react-big-calendar/lib/addons/dragAndDrop';
import * as dragAndDrop from 'react-big-calendar/lib/addons/dragAndDrop';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import 'react-big-calendar/lib/addons/dragAndDrop/styles.css';
import type { Booking } from '#contracts/bookings.ts';
import type { CalendarView } from '#machines/bookings-calendar.machine.ts';
import { afterPaint } from '#src/lib/lazy-module.ts';
import './calendar-grid.css';

/** A booking as the grid shows it; made once per loaded list by the page (calendar-page.tsx). */
export interface GridEvent {
  id: string;
  /** What the event's box is called: its time label comes first (react-big-calendar). */
  title: string;
  start: Date;
  end: Date;
  booking: Booking;
  /** The customer's name (or e-mail). */
  name: string;
  /** "No-show" or "Cancelled", else undefined. */
  mark: string | undefined;
  /** The resource's colour (calendar-page.tsx's RESOURCE_COLOURS). */
  colour: string;
}

export interface CalendarGridProps {
  events: GridEvent[];
  view: CalendarView;
  /** The shown day, ISO (yyyy-mm-dd). */
  date: string;
  /** A dragged or resized booking: its new start and end (unchanged ones are not reported). */
  onMove: (move: { bookingid: string; bookingstarttime: string; bookingendtime: string }) => void;
  onView: (view: CalendarView) => void;
  onNavigate: (day: Date) => void;
  onOpen: (bookingid: string) => void;
}

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
const SCROLL_TO = new Date(1970, 0, 1, 8);
const STYLE = { height: '70vh' };
const NO_EVENTS: GridEvent[] = [];

const GRID_ROLES =
  '[role="grid"],[role="row"],[role="rowgroup"],[role="columnheader"],[role="rowheader"],[role="cell"],[role="gridcell"]';

/**
 * react-big-calendar marks its time grid with table roles it does not complete (a row without cells,
 * column headers inside buttons): axe flags them and screen readers announce a broken table. The grid
 * is left as plain regions (the events are buttons with their time and title, the day headers buttons),
 * and its scrolling hours get keyboard access. Runs after every render of the grid (a new week, new
 * events); React leaves removed attributes alone until it renders them again.
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

/** An event as a person reads it: the customer, the resource, and a no-show or cancelled mark. */
function EventContent({ event }: { event: GridEvent }) {
  return (
    <span className="booking-event">
      {event.mark && <span className="booking-event-mark">{event.mark}</span>}
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
const DragCalendar = withDragAndDrop<GridEvent>(Calendar);
const movable = (event: GridEvent) => event.booking.status !== 'cancelled';
const asIso = (value: string | Date) => new Date(value).toISOString();
/** Each event's colour and status class: one object per event, made once (the events list is memoized). */
const eventStyles = new WeakMap<GridEvent, { className: string; style: CSSProperties }>();
const eventProps = (event: GridEvent) => {
  let props = eventStyles.get(event);
  if (!props) {
    props = {
      className: `booking-event-box is-${event.booking.status}`,
      style: { '--resource-colour': event.colour } as CSSProperties,
    };
    eventStyles.set(event, props);
  }
  return props;
};

function CalendarGrid({ events, view, date, onMove, onView, onNavigate, onOpen }: CalendarGridProps) {
  const day = useMemo(() => parseISO(date), [date]);
  // The frame first, then the events of one more day per frame (a transition each); then all of them.
  const days = view === 'week' ? 7 : 1;
  const [daysShown, setDaysShown] = useState(0);
  useEffect(() => {
    if (daysShown >= days) return;
    return afterPaint(() => startTransition(() => setDaysShown((n) => n + 1)));
  }, [daysShown, days]);
  const shown = useMemo(() => {
    if (daysShown >= days) return events;
    if (daysShown === 0) return NO_EVENTS;
    const first = view === 'week' ? startOfWeek(day, { weekStartsOn: 1 }) : day;
    return events.filter((event) => {
      const at = differenceInCalendarDays(event.start, first);
      return at >= 0 && at < daysShown;
    });
  }, [events, daysShown, days, view, day]);
  const frame = useAccessibleGrid();
  const handlers = useMemo(() => {
    const move = ({ event, start, end }: EventInteractionArgs<GridEvent>) => {
      const next = { bookingid: event.id, bookingstarttime: asIso(start), bookingendtime: asIso(end) };
      if (next.bookingstarttime === event.booking.start && next.bookingendtime === event.booking.end) return;
      onMove(next);
    };
    return {
      onEventDrop: move,
      onEventResize: move,
      onView: (next: View) => onView(next === 'day' ? 'day' : 'week'),
      onSelectEvent: (event: GridEvent) => onOpen(event.id),
    };
  }, [onMove, onView, onOpen]);
  return (
    <div className="calendar-frame" ref={frame}>
      <DragCalendar
        localizer={localizer}
        step={30}
        timeslots={2}
        draggableAccessor={movable}
        resizableAccessor={movable}
        onEventDrop={handlers.onEventDrop}
        onEventResize={handlers.onEventResize}
        culture="en-US"
        events={shown}
        views={VIEWS}
        view={view}
        date={day}
        onView={handlers.onView}
        onNavigate={onNavigate}
        onSelectEvent={handlers.onSelectEvent}
        formats={FORMATS}
        components={COMPONENTS}
        eventPropGetter={eventProps}
        dayLayoutAlgorithm="no-overlap"
        scrollToTime={SCROLL_TO}
        style={STYLE}
        popup
      />
    </div>
  );
}

export default memo(CalendarGrid);
