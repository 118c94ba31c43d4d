import { TZDate } from '@date-fns/tz';
import { addDays, addMinutes, startOfWeek } from 'date-fns';
import type { DemoApp } from './demo-app.ts';

/** The demo's resources (machines/samples/bookings.samples.ts names them): open every day 08:00-18:00. */
export const DEMO_RESOURCES = [
  { resourcename: 'Window Table', description: 'The big table by the harbour window.', capacity: 4 },
  { resourcename: 'Meeting Room', description: 'Upstairs, with a screen and coffee on tap.', capacity: 8 },
] as const;

/** A lived-in fortnight: per weekday, [resource index, local start "HH:MM", minutes, party]. */
const DAY_PLAN: Array<[number, string, number, number]> = [
  [0, '09:00', 60, 2],
  [0, '12:30', 90, 4],
  [0, '15:00', 60, 3],
  [1, '10:00', 90, 6],
  [1, '14:00', 60, 5],
];

/**
 * The demo's resources, their weekly schedules and two weeks of bookings (this week and next, in the
 * business's zone), made by the owner through the owner API the Sunday evening before this week, so
 * every booking is offered by the slot rules at that moment (the earlier ones this week are in the past
 * now). `customers` are e-mails: the demo's followers (the calendar shows their names) or, without
 * followers, guests. Each booking mails its customer the confirmation, as any booking does.
 */
export async function seedDemoBookings(
  app: DemoApp,
  business: { timezone: string },
  now: Date,
  customers: string[],
): Promise<number> {
  const monday = startOfWeek(new TZDate(now.getTime(), business.timezone), { weekStartsOn: 1 });
  let at = new TZDate(addDays(monday, -1).setHours(18, 0, 0, 0), business.timezone);
  const resourceids: string[] = [];
  for (const resource of DEMO_RESOURCES) {
    app.at(new Date(at.getTime()));
    const { resourceid } = await app.asOwner<{ resourceid: string }>('POST', '/api/booking-resources', resource);
    for (const dayofweek of [0, 1, 2, 3, 4, 5, 6]) {
      await app.asOwner('POST', '/api/availability', { resourceid, dayofweek, starttime: '08:00', endtime: '18:00' });
    }
    resourceids.push(resourceid);
    // The second resource a minute later: the setup list shows them in the order they were made.
    at = new TZDate(addMinutes(at, 1).getTime(), business.timezone);
  }
  let n = 0;
  for (let day = 0; day < 14; day++) {
    const date = addDays(monday, day);
    for (const [resource, time, minutes, party] of DAY_PLAN) {
      // Not every slot every day: a realistic, uneven week.
      if ((day + resource + Number(time.slice(0, 2))) % 3 === 0) continue;
      const [h, m] = time.split(':').map(Number) as [number, number];
      const start = new TZDate(date.getFullYear(), date.getMonth(), date.getDate(), h, m, 0, business.timezone);
      await app.asOwner('POST', '/api/bookings', {
        resourceid: resourceids[resource],
        customerEmail: customers[n % customers.length],
        bookingstarttime: start.toISOString(),
        bookingendtime: addMinutes(start, minutes).toISOString(),
        partysize: party,
        notes: n % 4 === 0 ? 'Regular: oat flat white ready on arrival' : null,
      });
      n++;
    }
  }
  return n;
}
