import { TZDate } from '@date-fns/tz';
import { addDays, addMinutes, startOfWeek } from 'date-fns';
import { desc, eq } from 'drizzle-orm';
import {
  availabilityRules,
  bookingCustomers,
  bookingResources,
  bookings,
  businesses,
  followers,
  users,
} from './db/schema.ts';
import { newId } from './lib/crypto.ts';
import type { AppDeps } from './types.ts';

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
 * Resources, weekly schedules and two weeks of bookings (this week and next, in the business's zone)
 * for the demo business, booked for its followers (customers who came through the customer API) or,
 * without followers, for guests. Runs once, right after the demo owner is created.
 */
export async function seedDemoBookings({ db, clock }: Pick<AppDeps, 'db' | 'clock'>, businessid: string) {
  const [business] = await db
    .select({ timezone: businesses.timezone })
    .from(businesses)
    .where(eq(businesses.businessid, businessid));
  if (!business) return 0;
  const people = await db
    .select({ userid: users.userid, email: users.email })
    .from(followers)
    .innerJoin(users, eq(users.userid, followers.customerid))
    .where(eq(followers.businessid, businessid))
    .orderBy(desc(followers.followedAt))
    .limit(20);
  const customers = people.length
    ? people
    : Array.from({ length: 5 }, (_, i) => ({ userid: null, email: `guest${i + 1}@guests.example` }));
  const customerIds = customers.map(() => newId());
  const resourceIds = DEMO_RESOURCES.map(() => newId());
  const now = clock();
  await db.transaction(async (tx) => {
    await tx.insert(bookingResources).values(
      DEMO_RESOURCES.map((r, i) => ({
        resourceid: resourceIds[i]!,
        businessid,
        ...r,
        createdAt: addMinutes(now, i),
      })),
    );
    await tx.insert(availabilityRules).values(
      resourceIds.flatMap((resourceid) =>
        [0, 1, 2, 3, 4, 5, 6].map((dayofweek) => ({
          availabilityid: newId(),
          businessid,
          resourceid,
          dayofweek,
          starttime: '08:00:00',
          endtime: '18:00:00',
        })),
      ),
    );
    await tx
      .insert(bookingCustomers)
      .values(
        customers.map((c, i) => ({ id: customerIds[i]!, businessid, email: c.email.toLowerCase(), userid: c.userid })),
      );
    const monday = startOfWeek(new TZDate(now.getTime(), business.timezone), { weekStartsOn: 1 });
    let n = 0;
    const rows = [];
    for (let day = 0; day < 14; day++) {
      const date = addDays(monday, day);
      for (const [resource, time, minutes, party] of DAY_PLAN) {
        // Not every slot every day: a realistic, uneven week.
        if ((day + resource + Number(time.slice(0, 2))) % 3 === 0) continue;
        const [h, m] = time.split(':').map(Number) as [number, number];
        const start = new TZDate(date.getFullYear(), date.getMonth(), date.getDate(), h, m, 0, business.timezone);
        rows.push({
          bookingid: newId(),
          businessid,
          resourceid: resourceIds[resource]!,
          customerid: customerIds[n % customerIds.length]!,
          startsAt: new Date(start.getTime()),
          endsAt: addMinutes(new Date(start.getTime()), minutes),
          partysize: party,
          notes: n % 4 === 0 ? 'Regular: oat flat white ready on arrival' : null,
          createdAt: now,
        });
        n++;
      }
    }
    await tx.insert(bookings).values(rows);
  });
  return resourceIds.length;
}
