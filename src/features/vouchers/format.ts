import { PERCENTAGE_TYPE, type Voucher } from '#contracts/vouchers.ts';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
const moment = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** "10%" for a percentage discount, "$3.50" for every other type (prices are in dollars, spec §9). */
export const formatValue = (voucher: Pick<Voucher, 'value' | 'voucher_type'>) =>
  voucher.voucher_type === PERCENTAGE_TYPE ? `${Number(voucher.value)}%` : money.format(Number(voucher.value));

/** A voucher's calendar day (YYYY-MM-DD), shown as that day wherever the browser is. */
export const formatDay = (isoDay: string) => day.format(new Date(`${isoDay}T00:00:00Z`));

/** An instant (deleted at), in the browser's zone. */
export const formatMoment = (iso: string | null) => (iso ? moment.format(new Date(iso)) : 'N/A');
