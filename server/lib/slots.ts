import { TZDate } from '@date-fns/tz';
import { addMinutes } from 'date-fns';

/**
 * Which booking starts a resource offers on one calendar day: pure, no database, no clock of its own.
 * The day and the weekly rules are in the business's IANA zone; everything else is an instant.
 *
 * - Starts lie on a grid of SLOT_GRID_MINUTES counted from each rule's start in local wall time
 *   (09:00, 09:30, ...), and the booking must end by the rule's end: a 09:00-17:00 rule with 60 minutes
 *   offers 09:00 ... 16:00 local, on daylight-saving change days too (docs/decisions/011-bookings.md).
 * - A wall time the clock skips (02:30 on a spring-forward night) is no start; a repeated one (01:30 on
 *   a fall-back night) is its first occurrence. Durations are real minutes (a 60-minute booking across
 *   the fall-back hour ends 60 minutes later, not at the same wall time).
 * - No starts: on a closed date, for an inactive resource, for a party above the capacity, before `now`.
 * - A start is refused when, at any moment of the booking, the party sizes of the bookings running then
 *   plus this party would exceed the capacity (the peak, not the sum of every overlapping booking).
 */

export const SLOT_GRID_MINUTES = 30;
export const DURATIONS = [30, 60, 90] as const;
export type Duration = (typeof DURATIONS)[number];

export type WeeklyRule = { dayofweek: number; starttime: string; endtime: string };
export type Closure = { startdate: string; enddate: string };
export type TakenBooking = { start: Date; end: Date; partysize: number };
export type Slot = { start: Date; end: Date };

export type SlotQuery = {
  /** YYYY-MM-DD, a calendar day in `timeZone`. */
  date: string;
  timeZone: string;
  duration: number;
  partysize: number;
  now: Date;
  resource: { capacity: number; isactive: boolean };
  /** The resource's weekly rules (any day; those of the date's weekday are used). */
  rules: readonly WeeklyRule[];
  /** Closures of the resource or of the whole business (inclusive date ranges, YYYY-MM-DD). */
  closures: readonly Closure[];
  /** Bookings of the resource that may overlap the day (others are ignored). */
  bookings: readonly TakenBooking[];
};

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** A real calendar date (2026-02-30 is not), as [year, monthIndex, day]. */
export function parseDate(date: string): [number, number, number] | undefined {
  const m = DATE.exec(date);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
  const check = new Date(Date.UTC(y, mo, d));
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo || check.getUTCDate() !== d) return undefined;
  return [y, mo, d];
}

/** Minutes after midnight of "HH:MM" or "HH:MM:SS" (seconds are ignored by the grid). */
export const minutesOf = (time: string): number => {
  const m = TIME.exec(time);
  if (!m) return Number.NaN;
  return Number(m[1]) * 60 + Number(m[2]);
};

/** The weekday (0 = Sunday) of a calendar date: the same in every zone. */
export const weekdayOf = ([y, mo, d]: [number, number, number]) => new Date(Date.UTC(y, mo, d)).getUTCDay();

const isClosed = (date: string, closures: readonly Closure[]) =>
  closures.some((c) => c.startdate <= date && date <= c.enddate);

/**
 * The instant of a local wall time on that date, or undefined when the zone's clock skips it (TZDate
 * moves a skipped time forward; reading the wall time back tells).
 */
function wallTime(day: [number, number, number], minutes: number, timeZone: string): Date | undefined {
  const [y, mo, d] = day;
  const local = new TZDate(y, mo, d, Math.floor(minutes / 60), minutes % 60, 0, 0, timeZone);
  if (local.getDate() !== d || local.getHours() * 60 + local.getMinutes() !== minutes) return undefined;
  return new Date(local.getTime());
}

/** The wall time, or the moment the clock jumps over it when the zone skips it (a rule ending at 02:30). */
function firstWallTimeFrom(day: [number, number, number], minutes: number, timeZone: string): Date | undefined {
  for (let m = minutes; m <= minutes + 180; m++) {
    const found = wallTime(day, m, timeZone);
    if (found) return found;
  }
  return undefined;
}

/** The most people at once in [start, end) among `bookings`, before adding a new party. */
export function peakLoad(bookings: readonly TakenBooking[], start: Date, end: Date): number {
  const overlapping = bookings.filter((b) => b.start < end && b.end > start);
  if (overlapping.length === 0) return 0;
  // The load only rises where a booking starts (or at the interval's start): check those moments.
  const moments = [start, ...overlapping.map((b) => b.start).filter((s) => s > start)];
  let peak = 0;
  for (const moment of moments) {
    let load = 0;
    for (const b of overlapping) if (b.start <= moment && moment < b.end) load += b.partysize;
    if (load > peak) peak = load;
  }
  return peak;
}

/** Every start the resource offers on that day for that duration and party, earliest first. */
export function availableSlots(query: SlotQuery): Slot[] {
  const day = parseDate(query.date);
  const { resource, partysize, duration } = query;
  if (!day || !resource.isactive || partysize < 1 || partysize > resource.capacity || duration <= 0) return [];
  if (isClosed(query.date, query.closures)) return [];
  const weekday = weekdayOf(day);
  const starts = new Map<number, Slot>();
  for (const rule of query.rules) {
    if (rule.dayofweek !== weekday) continue;
    const from = minutesOf(rule.starttime);
    const until = minutesOf(rule.endtime);
    const ruleEnd = firstWallTimeFrom(day, until, query.timeZone);
    if (!ruleEnd || !(from < until)) continue;
    for (let minutes = from; minutes < until; minutes += SLOT_GRID_MINUTES) {
      const start = wallTime(day, minutes, query.timeZone);
      if (!start) continue;
      const end = addMinutes(start, duration);
      if (end > ruleEnd) break;
      if (start < query.now) continue;
      if (peakLoad(query.bookings, start, end) + partysize > resource.capacity) continue;
      starts.set(start.getTime(), { start, end });
    }
  }
  return [...starts.values()].sort((a, b) => a.start.getTime() - b.start.getTime());
}

/** Is exactly [start, end) one of the day's offered slots? (The server's re-check inside the booking.) */
export function offers(query: Omit<SlotQuery, 'duration'>, start: Date, end: Date): boolean {
  const duration = (end.getTime() - start.getTime()) / 60_000;
  if (!DURATIONS.includes(duration as Duration)) return false;
  return availableSlots({ ...query, duration }).some((s) => s.start.getTime() === start.getTime());
}

/**
 * Does `start` lie on the day's grid: whole minutes, and SLOT_GRID_MINUTES steps from a rule's start of
 * that weekday in local wall time (from midnight when the day has no rule)? Off the grid is a 400 for a
 * change (decision 023); on it but not offered is a 409.
 */
export function onGrid(start: Date, timeZone: string, rules: readonly WeeklyRule[]): boolean {
  if (start.getUTCSeconds() !== 0 || start.getUTCMilliseconds() !== 0) return false;
  const local = new TZDate(start.getTime(), timeZone);
  const minutes = local.getHours() * 60 + local.getMinutes();
  const today = rules.filter((r) => r.dayofweek === local.getDay()).map((r) => minutesOf(r.starttime));
  const origins = today.length > 0 ? today : [0];
  return origins.some(
    (origin) => (((minutes - origin) % SLOT_GRID_MINUTES) + SLOT_GRID_MINUTES) % SLOT_GRID_MINUTES === 0,
  );
}

/** The calendar day (YYYY-MM-DD) of an instant in the zone. */
export function localDate(instant: Date, timeZone: string): string {
  const local = new TZDate(instant.getTime(), timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`;
}

/** [start, end) of a calendar day in the zone, as instants (23, 24 or 25 hours long). */
export function dayBounds(date: string, timeZone: string): { start: Date; end: Date } | undefined {
  const day = parseDate(date);
  if (!day) return undefined;
  const [y, mo, d] = day;
  return {
    start: new Date(new TZDate(y, mo, d, timeZone).getTime()),
    end: new Date(new TZDate(y, mo, d + 1, timeZone).getTime()),
  };
}
