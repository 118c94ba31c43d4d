import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { createEvent } from 'ics';
import type { OutgoingMail } from '../../mail/mailer.ts';

/** What a customer's mails about one booking say. */
export type BookingMailData = {
  bookingid: string;
  email: string;
  /** The customer's first name when the portal knows it (an app customer), for the greeting. */
  firstname?: string | null;
  /** The calendar file's SEQUENCE: 0 when made, one more for each change and the cancellation. */
  sequence?: number;
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

/**
 * A zone named in words: "New York time", "London time", "UTC". The IANA id's place (its last part)
 * is what CLDR calls the zone's exemplar city; zones without one ("Etc/GMT+5") fall back to Intl's
 * offset name ("GMT-5").
 */
export function zoneInWords(timeZone: string, at: Date = new Date()): string {
  if (timeZone === 'UTC' || timeZone === 'Etc/UTC' || timeZone === 'Etc/GMT') return 'UTC';
  const place = timeZone.split('/').at(-1)!;
  if (timeZone.includes('/') && !timeZone.startsWith('Etc/')) return `${place.replaceAll('_', ' ')} time`;
  const offset = new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'shortOffset' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  return offset ?? timeZone;
}

/**
 * "Tuesday 1 December 2026, 10:00 AM - 11:00 AM (New York time)": the business's own wall time, with
 * its zone named in words, so a customer in another zone knows which clock it is.
 */
export function whenText(b: Pick<BookingMailData, 'start' | 'end' | 'timeZone'>): string {
  const start = new TZDate(b.start.getTime(), b.timeZone);
  const end = new TZDate(b.end.getTime(), b.timeZone);
  return `${format(start, 'EEEE d MMMM yyyy, h:mm a')} - ${format(end, 'h:mm a')} (${zoneInWords(b.timeZone, b.start)})`;
}

/** "Hello Ada," when the customer's name is known, else "Hello,". */
export const greeting = (b: Pick<BookingMailData, 'firstname'>) => {
  const name = b.firstname?.replace(/[\p{Cc}\p{Cf}]/gu, '').trim();
  return name ? `Hello ${name},` : 'Hello,';
};

/** The booking as a calendar file (RFC 5545), in UTC so every calendar app places it right. */
export function bookingIcs(b: BookingMailData, now: Date, method: 'PUBLISH' | 'CANCEL' = 'PUBLISH'): string {
  const { error, value } = createEvent({
    uid: `${b.bookingid}@business-portal`,
    productId: 'business-portal/bookings',
    method,
    // The same UID for every file of one booking; calendars keep the one with the highest SEQUENCE.
    sequence: b.sequence ?? 0,
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
    greeting(b),
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

/**
 * A cancellation: by the business (`by: 'business'`, the default, with its reason when it gave one) or
 * by the customer in the app (`by: 'customer'`, their own confirmation).
 */
export const cancelledMail = (
  b: BookingMailData & { now: Date; reason?: string | null; by?: 'business' | 'customer' },
): OutgoingMail => ({
  to: b.email,
  subject: `Your booking at ${subjectText(b.businessname)} was cancelled`,
  text: [
    greeting(b),
    '',
    b.by === 'customer' ? 'You cancelled your booking:' : `${b.businessname} had to cancel your booking:`,
    '',
    `${b.resourcename}, party of ${b.partysize}`,
    whenText(b),
    ...(b.reason?.trim() ? ['', `Reason: ${b.reason.trim()}`] : []),
    '',
    b.by === 'customer'
      ? 'The attached calendar file removes it from your calendar.'
      : 'We are sorry for the trouble. Please get in touch with the business to find another time.',
  ].join('\n'),
  links: [],
  attachments: [
    { filename: 'booking.ics', contentType: 'text/calendar; method=CANCEL', content: bookingIcs(b, b.now, 'CANCEL') },
  ],
});

/** The booking was changed (moved, another resource, party size or notes): the new details and an updated file. */
export const changedMail = (
  b: BookingMailData,
  before: Pick<BookingMailData, 'start' | 'end'>,
  now: Date,
): OutgoingMail => {
  const moved = before.start.getTime() !== b.start.getTime() || before.end.getTime() !== b.end.getTime();
  return {
    to: b.email,
    subject: `Your booking at ${subjectText(b.businessname)} has changed`,
    text: [
      greeting(b),
      '',
      `${b.businessname} has changed your booking. It is now:`,
      '',
      `${b.resourcename}, party of ${b.partysize}`,
      whenText(b),
      ...(moved ? [`(It was ${whenText({ ...before, timeZone: b.timeZone })}.)`] : []),
      ...(b.address ? [b.address] : []),
      '',
      'The attached calendar file updates the booking in your calendar. If you cannot make it, please let the business know.',
    ].join('\n'),
    links: [],
    attachments: [
      { filename: 'booking.ics', contentType: 'text/calendar; method=PUBLISH', content: bookingIcs(b, now) },
    ],
  };
};

/** The reminder a set time before the start (the business's reminder lead), with the calendar file. */
export const reminderMail = (b: BookingMailData, now: Date): OutgoingMail => ({
  to: b.email,
  subject: `Reminder: your booking at ${subjectText(b.businessname)}`,
  text: [
    greeting(b),
    '',
    `A reminder of your booking with ${b.businessname}:`,
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

/** To the owner: a customer booked or cancelled through the app (business setting, on by default). */
export const ownerNoticeMail = (
  b: BookingMailData & { ownerEmail: string; customerName: string; kind: 'booked' | 'cancelled' },
): OutgoingMail => ({
  to: b.ownerEmail,
  subject: b.kind === 'booked' ? 'New booking from the app' : 'A booking was cancelled in the app',
  text: [
    'Hello,',
    '',
    b.kind === 'booked'
      ? `${b.customerName} (${b.email}) booked through the app:`
      : `${b.customerName} (${b.email}) cancelled through the app:`,
    '',
    `${b.resourcename}, party of ${b.partysize}`,
    whenText(b),
    '',
    b.kind === 'booked'
      ? 'It is on your Bookings Calendar.'
      : 'The place is free again and offered to other customers.',
    'You can turn these e-mails off under Booking Setup, Booking settings.',
  ].join('\n'),
  links: [],
});
