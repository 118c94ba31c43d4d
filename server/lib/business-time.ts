import { TZDate } from '@date-fns/tz';
import { addDays, addWeeks, format, startOfDay, startOfWeek } from 'date-fns';

/**
 * "Today" and "this week" of a business, in its own IANA zone (businesses.timezone), never the server's.
 * Weeks start on Monday (as the bookings calendar's do). Answers are instants (Date) to compare with
 * timestamptz columns: [start, end).
 */
export type Period = { start: Date; end: Date };

const inZone = (now: Date, timeZone: string) => new TZDate(now.getTime(), timeZone);
const instant = (date: Date) => new Date(date.getTime());

/** The server's own zone: the zone a new business starts in (owners change it in the profile). */
export const serverTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** The business's calendar day as YYYY-MM-DD, in its own zone (voucher dates are such days). */
export const businessToday = (now: Date, timeZone: string): string =>
  format(new TZDate(now.getTime(), timeZone), 'yyyy-MM-dd');

/** The business's calendar day that contains `now`. */
export function businessDay(now: Date, timeZone: string): Period {
  const start = startOfDay(inZone(now, timeZone));
  return { start: instant(start), end: instant(addDays(start, 1)) };
}

/** The business's calendar week (Monday 00:00 to the next Monday 00:00) that contains `now`. */
export function businessWeek(now: Date, timeZone: string): Period {
  const start = startOfWeek(inZone(now, timeZone), { weekStartsOn: 1 });
  return { start: instant(start), end: instant(addWeeks(start, 1)) };
}

/** The last `count` business weeks up to and including the current one, oldest first. */
export function businessWeeks(now: Date, timeZone: string, count: number): Period[] {
  const current = startOfWeek(inZone(now, timeZone), { weekStartsOn: 1 });
  return Array.from({ length: count }, (_, i) => {
    const start = addWeeks(current, i - (count - 1));
    return { start: instant(start), end: instant(addWeeks(start, 1)) };
  });
}
