/**
 * The calendar itself (react-big-calendar's week and day views with drag and drop): a chunk of its own,
 * loaded by the calendar page once its heading is on screen, beside the week's bookings (decision 031).
 *
 * A busy week (500 bookings) must not freeze the page: the grid is memoized, so the page's other state
 * changes (a dialog, the filter's options) never render it again; and a newly shown week (the page
 * mounts the grid for each week it loads) commits its frame first, then its events one day at a time,
 * a frame apart, each as a transition (React renders it in short slices): the browser's style and layout
 * of 500 boxes, one task of 350 ms on a busy machine when they came at once, is spread over seven
 * frames.
 *
 * Dragging must not freeze it either (decision 025, "Dragging on a busy week"): the drag-and-drop addon
 * keeps its drag state (pressed, dragging, dropped) above the calendar and renders the whole calendar,
 * all 500 events, for each change of it; the calendar under it (StillCalendar) renders only when what
 * it shows changes, while the addon's own event and column wrappers, which read that state, still follow
 * it. Its "others fade while dragging" class on the calendar is left out: setting it restyled every box
 * of the week and faded 500 boxes over 150 ms, a long task per frame. Later changes of the events (a
 * drop, the server's answer, a refusal putting a booking back, a refresh) render the week as a
 * transition too (useDeferredValue: short slices); meanwhile a changed booking's old box is hidden
 * (Settling), so a dropped booking never shows back at its old time while its new place is drawn.
 */
import { differenceInCalendarDays, format, getDay, parse, parseISO, startOfWeek } from 'date-fns';
import { enUS } from 'date-fns/locale';
import {
  type CSSProperties,
  cloneElement,
  createContext,
  Fragment,
  isValidElement,
  memo,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { Calendar, type CalendarProps, dateFnsLocalizer, type View } from 'react-big-calendar';
import type { EventInteractionArgs, default as WithDragAndDrop } from 'react-big-calendar/lib/addons/dragAndDrop';
import * as dragAndDrop from 'react-big-calendar/lib/addons/dragAndDrop';
import * as dragAndDropColumn from 'react-big-calendar/lib/addons/dragAndDrop/EventContainerWrapper';
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
 * and its scrolling hours get keyboard access. Runs after each render of the calendar (new events, view
 * or day), not after the grid's renders that leave the calendar as it was (a drop, until its transition
 * commits): each run searches the grid's 6,000 elements. React leaves removed attributes alone until it
 * renders them again.
 */
function useAccessibleGrid(events: GridEvent[], view: CalendarView, day: Date) {
  const frame = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the calendar was given new props
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
  }, [events, view, day]);
  return frame;
}

/**
 * The events shown until the week drawn with the new ones commits, and changed or gone since: their
 * boxes are hidden meanwhile (calendar-grid.css). A store, not a prop of the calendar: only the boxes it
 * names render again, not the week.
 */
function createSettling() {
  let stale = new Set<GridEvent>();
  /** Each event's listeners: a change tells only the boxes whose events joined or left `stale`. */
  const listeners = new Map<GridEvent, Set<() => void>>();
  return {
    has: (event: GridEvent) => stale.has(event),
    set(next: Set<GridEvent>) {
      if (next.size === 0 && stale.size === 0) return;
      const changed = [...stale].filter((event) => !next.has(event));
      for (const event of next) if (!stale.has(event)) changed.push(event);
      stale = next;
      for (const event of changed) for (const listener of listeners.get(event) ?? []) listener();
    },
    subscribe(event: GridEvent, listener: () => void) {
      const own = listeners.get(event) ?? new Set();
      listeners.set(event, own.add(listener));
      return () => {
        own.delete(listener);
        if (own.size === 0) listeners.delete(event);
      };
    },
  };
}
const SettlingContext = createContext(createSettling());

/**
 * An event as a person reads it: the customer, the resource, and a no-show or cancelled mark. Memoized:
 * the page keeps an unchanged booking's event (calendar-page.tsx), so a week rendered again for one
 * moved booking leaves the others' contents alone.
 */
const EventContent = memo(function EventContent({ event }: { event: GridEvent }) {
  const settling = useContext(SettlingContext);
  const subscribe = useCallback((listener: () => void) => settling.subscribe(event, listener), [settling, event]);
  const stale = useSyncExternalStore(subscribe, () => settling.has(event));
  return (
    <span className="booking-event" data-stale={stale || undefined}>
      {event.mark && <span className="booking-event-mark">{event.mark}</span>}
      <span className="booking-event-name">{event.name}</span>
      <span className="booking-event-resource">{event.booking.title}</span>
    </span>
  );
});
const COMPONENTS = { event: EventContent };

/** The class the addon puts on the calendar while a booking is dragged (its CSS fades the other boxes). */
const DRAGGING = ' rbc-addons-dnd-is-dragging';
const shownClass = (className: string | undefined) => className?.replace(DRAGGING, '');
type StillProps = CalendarProps<GridEvent>;
/** The addon merges its wrappers into `components` afresh on each of its renders: the same ones. */
const sameComponents = (a: StillProps['components'] = {}, b: StillProps['components'] = {}) => {
  const keys = Object.keys(a) as (keyof typeof a)[];
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
};
/** Equal when the calendar would show the same: the addon's drag state changes none of these props. */
function showsTheSame(before: StillProps, after: StillProps) {
  const keys = Object.keys(after) as (keyof StillProps)[];
  if (keys.length !== Object.keys(before).length) return false;
  return keys.every((key) => {
    if (key === 'components') return sameComponents(before.components, after.components);
    if (key === 'className') return shownClass(before.className) === shownClass(after.className);
    return Object.is(before[key], after[key]);
  });
}
/**
 * The addon's modules are CommonJS (exports.default): Vite's dev server hands their default over, the
 * production build the module object whose `default` it is; either way the default is taken.
 */
function commonJsDefault<T>(module: unknown): T {
  const outer = (module as { default: T | { default: T } }).default;
  return typeof outer === 'object' && outer !== null && 'default' in outer ? outer.default : (outer as T);
}
const withDragAndDrop = commonJsDefault<typeof WithDragAndDrop>(dragAndDrop);
const DragColumn = commonJsDefault<typeof dragAndDropColumn.default>(dragAndDropColumn);

/**
 * The addon's column wrapper with the column's boxes under one keyed fragment. While a booking is
 * dragged the addon puts its preview beside the boxes, which turned the column's children from a list
 * into a fragment and back: React built the column's 70 boxes afresh when the preview appeared and
 * again at the drop (a long task of style and layout each on a busy week). Keyed, they are kept.
 */
function KeptColumn({ children, ...props }: { children?: ReactNode }) {
  const boxes = isValidElement<{ children?: ReactNode }>(children)
    ? cloneElement(children, undefined, <Fragment key="events">{children.props.children}</Fragment>)
    : children;
  return <DragColumn {...props}>{boxes}</DragColumn>;
}

/**
 * react-big-calendar's Calendar, rendered only when what it shows changes (the events, the view, the
 * day, a handler), not for the addon's drag state: pressing, dragging and dropping a booking then
 * render the addon's wrappers (they read that state from its context), not the 500 events' layout.
 * Its columns keep their boxes while a booking is dragged over them (KeptColumn).
 */
const StillCalendar = memo(function StillCalendar({ className, components, ...props }: StillProps) {
  const kept = useMemo(() => ({ ...components, eventContainerWrapper: KeptColumn }), [components]);
  return <Calendar {...props} components={kept} className={shownClass(className)} />;
}, showsTheSame);
/** Drag to move, drag an edge to resize (week and day views); the server decides (decision 025). */
const DragCalendar = withDragAndDrop<GridEvent>(StillCalendar);
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

function CalendarGrid({ events: latest, view, date, onMove, onView, onNavigate, onOpen }: CalendarGridProps) {
  const day = useMemo(() => parseISO(date), [date]);
  // Changed events render as a transition; the boxes they replace hide until it commits (Settling).
  const events = useDeferredValue(latest);
  const [settling] = useState(createSettling);
  useLayoutEffect(() => {
    if (events === latest) return settling.set(new Set());
    const kept = new Set(latest);
    settling.set(new Set(events.filter((event) => !kept.has(event))));
  }, [events, latest, settling]);
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
  const frame = useAccessibleGrid(shown, view, day);
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
      <SettlingContext value={settling}>
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
      </SettlingContext>
    </div>
  );
}

export default memo(CalendarGrid);
