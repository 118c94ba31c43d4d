import { describe, expect, it } from 'vitest';
import { businessDay, businessWeek, businessWeeks } from '../../server/lib/business-time.ts';

describe("a business's day and week are in its own zone", () => {
  it('one instant is "today" in Kiritimati (UTC+14) and still "yesterday" in Pago Pago (UTC-11)', () => {
    const now = new Date('2026-11-23T03:00:00Z');
    expect(businessDay(now, 'Pacific/Kiritimati')).toEqual({
      start: new Date('2026-11-22T10:00:00Z'),
      end: new Date('2026-11-23T10:00:00Z'),
    });
    expect(businessDay(now, 'Pacific/Pago_Pago')).toEqual({
      start: new Date('2026-11-22T11:00:00Z'),
      end: new Date('2026-11-23T11:00:00Z'),
    });
  });

  it('a day across a DST change is 23 hours long, not 24', () => {
    const { start, end } = businessDay(new Date('2026-03-29T12:00:00Z'), 'Europe/London');
    expect(start).toEqual(new Date('2026-03-29T00:00:00Z'));
    expect((end.getTime() - start.getTime()) / 3_600_000).toBe(23);
  });

  it('weeks start on Monday 00:00 local time', () => {
    // Sunday 22 Nov 2026, 23:30 in New York is Monday 04:30 UTC.
    const now = new Date('2026-11-23T04:30:00Z');
    expect(businessWeek(now, 'America/New_York').start).toEqual(new Date('2026-11-16T05:00:00Z'));
    expect(businessWeek(now, 'UTC').start).toEqual(new Date('2026-11-23T00:00:00Z'));
  });

  it('the last 12 weeks end with the current one, oldest first and back to back', () => {
    const weeks = businessWeeks(new Date('2026-11-25T12:00:00Z'), 'UTC', 12);
    expect(weeks).toHaveLength(12);
    expect(weeks[11]!.start).toEqual(new Date('2026-11-23T00:00:00Z'));
    expect(weeks[0]!.start).toEqual(new Date('2026-09-07T00:00:00Z'));
    for (let i = 1; i < weeks.length; i++) expect(weeks[i]!.start).toEqual(weeks[i - 1]!.end);
  });
});
