import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { createEvent } from 'ics';
import type { OutgoingMail } from '../../mail/mailer.ts';

/** What a customer's mails about one booking say. */
export type BookingMailData = {
  bookingid: string;
  email: string;
  businessname: string;
  address: string | null;
  resourcename: string;
  start: Date;
  end: Date;
  partysize: number;
  timeZone: string;
};

/** "Monday 7 December 2026, 10:00 - 11:00 (Europe/London)": the business's own wall time. */
export function whenText(b: Pick<BookingMailData, 'start' | 'end' | 'timeZone'>): string {
  const start = new TZDate(b.start.getTime(), b.timeZone);
  const end = new TZDate(b.end.getTime(), b.timeZone);
  return `${format(start, 'EEEE d MMMM yyyy, HH:mm')} - ${format(end, 'HH:mm')} (${b.timeZone})`;
}

/** The booking as a calendar file (RFC 5545), in UTC so every calendar app places it right. */
export function bookingIcs(b: BookingMailData, now: Date, method: 'PUBLISH' | 'CANCEL' = 'PUBLISH'): string {
  const { error, value } = createEvent({
    uid: `${b.bookingid}@business-portal`,
    productId: 'business-portal/bookings',
    method,
    status: method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
    created: now.getTime(),
    start: b.start.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: b.end.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: `${b.resourcename} at ${b.businessname}`,
    description: `Party of ${b.partysize}. Booked with ${b.businessname}.`,
    ...(b.address ? { location: b.address } : {}),
  });
  if (error || !value) throw new Error(`could not write the calendar file: ${error?.message ?? 'no value'}`);
  return value;
}

export const confirmationMail = (b: BookingMailData, now: Date): OutgoingMail => ({
  to: b.email,
  subject: `Your booking at ${b.businessname} is confirmed`,
  text: [
    'Hello,',
    '',
    `${b.businessname} has booked you in:`,
    '',
    `${b.resourcename}, party of ${b.partysize}`,
    whenText(b),
    ...(b.address ? [b.address] : []),
    '',
    'The attached calendar file adds it to your calendar. If you cannot make it, please let the business know.',
  ].join('\n'),
  links: [],
  attachments: [{ filename: 'booking.ics', contentType: 'text/calendar; method=PUBLISH', content: bookingIcs(b, now) }],
});

export const cancelledMail = (b: BookingMailData & { now: Date }): OutgoingMail => ({
  to: b.email,
  subject: `Your booking at ${b.businessname} was cancelled`,
  text: [
    'Hello,',
    '',
    `${b.businessname} had to cancel your booking:`,
    '',
    `${b.resourcename}, party of ${b.partysize}`,
    whenText(b),
    '',
    'We are sorry for the trouble. Please get in touch with the business to find another time.',
  ].join('\n'),
  links: [],
  attachments: [
    { filename: 'booking.ics', contentType: 'text/calendar; method=CANCEL', content: bookingIcs(b, b.now, 'CANCEL') },
  ],
});
