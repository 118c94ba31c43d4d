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

/** The most characters of an owner's text a subject carries. */
export const SUBJECT_TEXT_MAX = 40;

/**
 * An owner's text (the business's name) as a subject shows it: never a link and bounded. Schemes and
 * "www" are dropped; `:`, `/`, `\`, `@` and a dot between letters or digits become spaces, so no mail
 * client sees an address or a domain; whitespace and control characters collapse to one space; then it
 * is cut to SUBJECT_TEXT_MAX characters at a word (with "…") and put in quotes, so the reader sees where
 * the owner's words end. The body keeps the name as written.
 */
export function subjectText(text: string): string {
  const plain = text
    .replace(/\b(?:https?|ftp|mailto|www)\b/gi, ' ')
    .replace(/[:/\\@]/g, ' ')
    .replace(/(?<=[\p{L}\p{N}])[.\u3002\uFF0E\uFF61](?=[\p{L}\p{N}])/gu, ' ')
    .replace(/[\p{Cc}\p{Cf}\s]+/gu, ' ')
    .trim();
  if (plain.length <= SUBJECT_TEXT_MAX) return `“${plain}”`;
  const cut = plain.slice(0, SUBJECT_TEXT_MAX);
  const atWord = cut.lastIndexOf(' ') > SUBJECT_TEXT_MAX / 2 ? cut.slice(0, cut.lastIndexOf(' ')) : cut;
  return `“${atWord.replace(/[\s.,;]+$/, '')}…”`;
}

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
  subject: `Your booking at ${subjectText(b.businessname)} is confirmed`,
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
  subject: `Your booking at ${subjectText(b.businessname)} was cancelled`,
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
