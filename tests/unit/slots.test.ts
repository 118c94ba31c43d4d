import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { availableSlots, dayBounds, offers, peakLoad, type SlotQuery } from '../../server/lib/slots.ts';

const WEEKDAYS_9_TO_5 = [0, 1, 2, 3, 4, 5, 6].map((dayofweek) => ({
  dayofweek,
  starttime: '09:00:00',
  endtime: '17:00:00',
}));

const query = (over: Partial<SlotQuery> = {}): SlotQuery => ({
  date: '2026-12-07', // a Monday
  timeZone: 'Europe/London',
  duration: 60,
  partysize: 1,
  now: new Date('2020-01-01T00:00:00Z'),
  resource: { capacity: 1, isactive: true },
  rules: WEEKDAYS_9_TO_5,
  closures: [],
  bookings: [],
  ...over,
});

/** Local "HH:MM" of each start (and of the last end) in the zone. */
const local = (q: SlotQuery) => {
  const slots = availableSlots(q);
  const hhmm = (d: Date) => format(new TZDate(d.getTime(), q.timeZone), 'HH:mm');
  return { starts: slots.map((s) => hhmm(s.start)), lastEnd: slots.at(-1) && hhmm(slots.at(-1)!.end), slots };
};

describe('rules and the grid', () => {
  it('offers 30-minute starts from the rule start, ending by the rule end', () => {
    const { starts, lastEnd } = local(query());
    expect(starts[0]).toBe('09:00');
    expect(starts[1]).toBe('09:30');
    expect(starts.at(-1)).toBe('16:00');
    expect(lastEnd).toBe('17:00');
    expect(starts).toHaveLength(15);
    expect(local(query({ duration: 90 })).starts.at(-1)).toBe('15:30');
    expect(local(query({ duration: 30 })).starts).toHaveLength(16);
  });

  it("uses only the rules of the date's weekday, split days included", () => {
    const rules = [
      { dayofweek: 1, starttime: '09:00', endtime: '12:00' },
      { dayofweek: 1, starttime: '14:00:00', endtime: '15:00:00' },
      { dayofweek: 2, starttime: '06:00', endtime: '07:00' },
    ];
    expect(local(query({ rules })).starts).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00', '14:00']);
    expect(local(query({ rules, date: '2026-12-08' })).starts).toEqual(['06:00']);
    expect(local(query({ rules, date: '2026-12-09' })).starts).toEqual([]);
  });

  it('offers nothing for a rule shorter than the duration, or a date that does not exist', () => {
    expect(availableSlots(query({ rules: [{ dayofweek: 1, starttime: '09:00', endtime: '09:45' }] }))).toEqual([]);
    expect(availableSlots(query({ date: '2026-02-30' }))).toEqual([]);
    expect(availableSlots(query({ date: '7 Dec' }))).toEqual([]);
  });
});

describe('the past, the party and the resource', () => {
  it('leaves out starts before now', () => {
    const now = new Date('2026-12-07T11:10:00Z'); // 11:10 in London in December
    expect(local(query({ now })).starts[0]).toBe('11:30');
    expect(availableSlots(query({ now: new Date('2026-12-08T00:00:00Z') }))).toEqual([]);
  });

  it('offers nothing to a party above the capacity or for an inactive resource', () => {
    expect(availableSlots(query({ resource: { capacity: 4, isactive: true }, partysize: 5 }))).toEqual([]);
    expect(availableSlots(query({ resource: { capacity: 4, isactive: true }, partysize: 4 }))).toHaveLength(15);
    expect(availableSlots(query({ resource: { capacity: 4, isactive: false } }))).toEqual([]);
    expect(availableSlots(query({ partysize: 0 }))).toEqual([]);
  });
});

describe('capacity', () => {
  const at = (hhmm: string, minutes: number, partysize: number) => {
    const start = new Date(`2026-12-07T${hhmm}:00Z`); // London = UTC in December
    return { start, end: new Date(start.getTime() + minutes * 60_000), partysize };
  };

  it('removes every start whose booking would overlap a full booking of a capacity-1 resource', () => {
    const { starts } = local(query({ bookings: [at('10:00', 60, 1)] }));
    expect(starts).not.toContain('09:30'); // 09:30-10:30 overlaps
    expect(starts).not.toContain('10:00');
    expect(starts).not.toContain('10:30');
    expect(starts).toContain('09:00'); // ends at 10:00 exactly: touching is not overlapping
    expect(starts).toContain('11:00');
  });

  it('adds party sizes: capacity 3 with 2 booked leaves room for 1, not 2', () => {
    const q = query({ resource: { capacity: 3, isactive: true }, bookings: [at('10:00', 60, 2)] });
    expect(local({ ...q, partysize: 1 }).starts).toContain('10:00');
    expect(local({ ...q, partysize: 2 }).starts).not.toContain('10:00');
  });

  it('counts the peak: two back-to-back bookings never run at once', () => {
    const bookings = [at('10:00', 30, 1), at('10:30', 30, 1)];
    const q = query({ resource: { capacity: 3, isactive: true }, partysize: 2, bookings });
    expect(local(q).starts).toContain('10:00'); // 1 + 2 at any moment
    expect(peakLoad(bookings, bookings[0]!.start, bookings[1]!.end)).toBe(1);
    const three = [...bookings, at('10:15', 30, 1)];
    expect(peakLoad(three, three[0]!.start, three[1]!.end)).toBe(2);
  });
});

describe('closures', () => {
  it('closes a single day and every day of a range, inclusive', () => {
    expect(availableSlots(query({ closures: [{ startdate: '2026-12-07', enddate: '2026-12-07' }] }))).toEqual([]);
    const christmas = [{ startdate: '2026-12-24', enddate: '2026-12-26' }];
    for (const date of ['2026-12-24', '2026-12-25', '2026-12-26']) {
      expect(availableSlots(query({ date, closures: christmas }))).toEqual([]);
    }
    expect(availableSlots(query({ date: '2026-12-27', closures: christmas }))).toHaveLength(15);
  });
});

describe('daylight-saving change days: a 09:00-17:00 rule stays 09:00-17:00 local', () => {
  const changeDays: Array<[string, string, string]> = [
    ['America/New_York', '2026-03-08', 'spring forward'],
    ['America/New_York', '2026-11-01', 'fall back'],
    ['Europe/London', '2026-03-29', 'spring forward'],
    ['Europe/London', '2026-10-25', 'fall back'],
    ['Australia/Sydney', '2026-10-04', 'spring forward'],
    ['Australia/Sydney', '2026-04-05', 'fall back'],
  ];
  it.each(changeDays)('%s on %s (%s)', (timeZone, date, kind) => {
    const { starts, lastEnd, slots } = local(query({ timeZone, date }));
    expect(starts[0]).toBe('09:00');
    expect(starts.at(-1)).toBe('16:00');
    expect(lastEnd).toBe('17:00');
    expect(starts).toHaveLength(15);
    for (const slot of slots) expect(slot.end.getTime() - slot.start.getTime()).toBe(60 * 60_000);
    // The same rule the day before: same local times, instants one offset apart.
    const dayBefore = new Date(Date.parse(`${date}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const before = local(query({ timeZone, date: dayBefore, rules: WEEKDAYS_9_TO_5 }));
    expect(before.starts).toEqual(starts);
    // ...which are 23 or 25 hours after the day before's, never 24: the offset really changed overnight.
    const gap = (slots[0]!.start.getTime() - before.slots[0]!.start.getTime()) / 3_600_000;
    expect(gap).toBe(kind === 'spring forward' ? 23 : 25);
  });

  it('skips the wall times a spring-forward night does not have, and keeps real minutes on a fall-back night', () => {
    const night = [{ dayofweek: 0, starttime: '01:00', endtime: '04:00' }];
    const spring = local(query({ timeZone: 'America/New_York', date: '2026-03-08', rules: night }));
    expect(spring.starts).toEqual(['01:00', '01:30', '03:00']); // 02:00 and 02:30 do not exist
    const fall = local(query({ timeZone: 'America/New_York', date: '2026-11-01', rules: night, duration: 60 }));
    expect(fall.starts).toEqual(['01:00', '01:30', '02:00', '02:30', '03:00']);
    // 01:30 is the first 01:30 (EDT); its hour ends at the second 01:30 (EST), 60 real minutes later.
    expect(fall.slots[1]!.start.toISOString()).toBe('2026-11-01T05:30:00.000Z');
    expect(fall.slots[1]!.end.toISOString()).toBe('2026-11-01T06:30:00.000Z');
  });

  it('gives the calendar day its real length: 23 and 25 hours', () => {
    const spring = dayBounds('2026-03-08', 'America/New_York')!;
    const fall = dayBounds('2026-11-01', 'America/New_York')!;
    expect(spring.end.getTime() - spring.start.getTime()).toBe(23 * 3_600_000);
    expect(fall.end.getTime() - fall.start.getTime()).toBe(25 * 3_600_000);
  });
});

describe('a business far from the server', () => {
  it("uses the business's zone, whatever the process's zone is", () => {
    const saved = process.env.TZ;
    try {
      for (const serverZone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'UTC']) {
        process.env.TZ = serverZone;
        // Kiritimati is UTC+14: its Monday 09:00 is Sunday 19:00 UTC.
        const kiribati = availableSlots(query({ timeZone: 'Pacific/Kiritimati', date: '2026-12-07' }));
        expect(kiribati[0]!.start.toISOString()).toBe('2026-12-06T19:00:00.000Z');
        // Pago Pago is UTC-11: its Monday 16:00 is Tuesday 03:00 UTC.
        const samoa = availableSlots(query({ timeZone: 'Pacific/Pago_Pago', date: '2026-12-07' }));
        expect(samoa.at(-1)!.start.toISOString()).toBe('2026-12-08T03:00:00.000Z');
      }
    } finally {
      process.env.TZ = saved;
    }
  });
});

describe('the re-check of a chosen slot', () => {
  it('accepts exactly an offered start and duration, nothing off the grid or outside the rules', () => {
    const q = query();
    const start = new Date('2026-12-07T10:00:00Z');
    const plus = (m: number) => new Date(start.getTime() + m * 60_000);
    expect(offers(q, start, plus(60))).toBe(true);
    expect(offers(q, start, plus(90))).toBe(true);
    expect(offers(q, start, plus(45))).toBe(false); // not a duration on offer
    expect(offers(q, plus(10), plus(70))).toBe(false); // off the grid
    expect(offers(q, new Date('2026-12-07T16:30:00Z'), new Date('2026-12-07T17:30:00Z'))).toBe(false);
  });
});
