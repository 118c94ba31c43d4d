import { businessDay, businessToday } from '../lib/business-time.ts';
import type { DemoApp } from './demo-app.ts';

const DAY = 86_400_000;
const addDays = (isoDay: string, days: number) => {
  const date = new Date(`${isoDay}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/**
 * The demo business's vouchers (titles named by machines/samples/vouchers.samples.ts): made, claimed,
 * redeemed and archived through the API, in-process, at moments over the last weeks. `claimers` are demo
 * followers (by their index in server/seed/followers.ts) who claim it; `redeemed` of them used it at the counter.
 */
export const DEMO_VOUCHERS = [
  {
    title: 'Free pastry with any coffee',
    description: 'Choose any pastry from the counter with a hot drink.',
    typename: 'Free Item',
    value: '3.50',
    rules: 'One per customer per visit. Not valid with other offers.',
    from: -30,
    to: 60,
    isactive: true,
    claimers: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
    redeemed: 5,
  },
  {
    title: '10% off your whole order',
    description: 'Ten percent off everything on one receipt, drinks and food.',
    typename: 'Percentage Discount',
    value: '10',
    rules: 'Show the code before paying. Once per customer.',
    from: -14,
    to: 45,
    isactive: true,
    claimers: [12, 13, 14, 15, 16, 17],
    redeemed: 2,
  },
  {
    title: '$2 off a bag of beans',
    description: 'Two dollars off any 250 g bag of our house-roasted beans.',
    typename: 'Fixed Amount',
    value: '2.00',
    rules: 'One bag per code. While stocks last.',
    from: -6,
    to: 30,
    isactive: true,
    claimers: [18, 19, 20],
    redeemed: 0,
  },
  {
    title: 'Second flat white on us',
    description: 'Buy a flat white, get the second one free.',
    typename: 'Buy One Get One',
    value: '0',
    rules: 'Weekdays before 11:00. Both drinks in the same order.',
    from: 0,
    to: 30,
    isactive: false,
    claimers: [],
    redeemed: 0,
  },
  {
    title: 'Pumpkin spice latte',
    description: 'A pumpkin spice latte of any size on us.',
    typename: 'Free Item',
    value: '4.20',
    rules: 'One per customer. October only.',
    from: -45,
    to: -12,
    isactive: true,
    claimers: [0, 1],
    redeemed: 1,
    archivedDaysAgo: 10,
  },
] as const;

/**
 * Runs once, after the demo followers exist (they verify through the development mailbox; without it the
 * demo has vouchers but no claims). The owner makes and archives them and redeems codes at the counter
 * through the owner API; followers claim them through the customer API, each at its moment.
 */
export async function seedDemoVouchers(
  app: DemoApp,
  owner: { businessid: string; timezone: string },
  now: Date,
  withClaims: boolean,
): Promise<void> {
  const today = businessToday(now, owner.timezone);
  const pastMoment = (daysAgo: number, hour: number) => {
    const at = new Date(now.getTime() - daysAgo * DAY);
    at.setUTCHours(hour, 0, 0, 0);
    return at.getTime() > now.getTime() ? new Date(now.getTime() - 60_000) : at;
  };

  app.at(pastMoment(46, 8));
  const types = await app.asOwner<Array<{ vouchertypeid: number; typename: string }>>('GET', '/api/voucher-types');

  for (const voucher of DEMO_VOUCHERS) {
    // Made a day before it starts (the archived one long ago), so every claim falls inside its dates.
    app.at(pastMoment(Math.max(1, -voucher.from + 1), 7));
    const { voucherid } = await app.asOwner<{ voucherid: string }>(
      'POST',
      `/api/businesses/${owner.businessid}/vouchers`,
      {
        title: voucher.title,
        description: voucher.description,
        vouchertypeid: types.find((t) => t.typename === voucher.typename)!.vouchertypeid,
        value: voucher.value,
        rules: voucher.rules,
        startdate: addDays(today, voucher.from),
        enddate: addDays(today, voucher.to),
        isactive: voucher.isactive,
      },
    );
    const issued: Array<{ id: string; at: Date }> = [];
    if (withClaims) {
      // Claims spread from the voucher's first day to today (the archived one: to its last day).
      const lastDayAgo = 'archivedDaysAgo' in voucher ? -voucher.to + 2 : 0;
      const span = -voucher.from - lastDayAgo;
      for (const [n, follower] of voucher.claimers.entries()) {
        const daysAgo = Math.round(-voucher.from - ((n + 1) / voucher.claimers.length) * span);
        const at = pastMoment(daysAgo, 9 + (n % 8));
        app.at(at);
        const claimed = await app.asCustomer<{ issuedvoucherid: string }>(
          follower,
          'POST',
          `/api/customer/vouchers/${voucherid}/claim`,
        );
        issued.push({ id: claimed.issuedvoucherid, at });
      }
      // The most recent claims were redeemed at the counter a few hours later, all but the newest one
      // (still ready, for a tester to redeem); the last of them this morning, so the dashboard's
      // "Redeemed This Week" shows the counter at work whatever the weekday.
      const used = (
        voucher.claimers.length > voucher.redeemed ? issued.slice(-(voucher.redeemed + 1), -1) : issued
      ).slice(0, voucher.redeemed);
      for (const [k, { id, at }] of used.entries()) {
        const when =
          k === used.length - 1
            ? Math.max(businessDay(now, owner.timezone).start.getTime(), now.getTime() - 20 * 60_000)
            : Math.min(at.getTime() + 3 * 3_600_000, now.getTime() - 30_000);
        app.at(new Date(Math.min(now.getTime(), Math.max(at.getTime() + 60_000, when))));
        await app.asOwner('POST', `/api/issued-vouchers/${id}/redeem`);
      }
    }
    if ('archivedDaysAgo' in voucher) {
      app.at(pastMoment(voucher.archivedDaysAgo, 18));
      await app.asOwner('DELETE', `/api/vouchers/${voucherid}`);
    }
  }
}
