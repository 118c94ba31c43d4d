/**
 * The business the browser security sweep walks (tests/e2e/security.test.ts): a new owner whose every
 * free-text field holds the XSS corpus, planted through the owner API, and customers named with the
 * corpus who sign up, follow, write, claim and are booked through the customer API, as the app does.
 */
import { expect } from 'vitest';
import {
  authorized,
  type Call,
  claimVoucher,
  createCustomer,
  followBusiness,
  mailboxOverHttp,
  sendMessage,
  signInCustomer,
} from '../../../server/sim/customers.ts';
import { registeredOwner, stack, uniqueEmail } from './browser.ts';
import { CORPUS, CORPUS_LINE, CORPUS_LINES, payload } from './sweep.ts';

export const call: Call = (path, init) => fetch(new URL(path, stack.baseUrl), init);

export async function pool() {
  const config = (await (await call('/config.json')).json()) as {
    auth: { userPoolId: string; userPoolClientId: string };
  };
  return { userPoolId: config.auth.userPoolId, clientId: config.auth.userPoolClientId };
}

/** The owner API with a bearer token; fails on anything but 2xx unless `expectStatus` says otherwise. */
export async function api<T = unknown>(
  token: string,
  method: string,
  path: string,
  body?: unknown,
  expectStatus?: number,
) {
  const response = await call(path, authorized(token, method, body));
  const json = (await response.json()) as T;
  if (expectStatus ? response.status !== expectStatus : !response.ok)
    throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(json)}`);
  return json;
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A new owner whose business holds the corpus everywhere, and customers named with it. */
export async function plantCorpus() {
  const owner = await registeredOwner('xss', payload(1));
  const userPool = await pool();
  const token = await signInCustomer(call, userPool, owner.email, owner.password);
  const { businessid } = await api<{ businessid: string }>(token, 'GET', '/api/businesses/me');
  const business = { businessname: payload(3), description: CORPUS_LINES, address: CORPUS_LINE.slice(0, 500) };
  await api(token, 'PUT', '/api/businesses/me', business);
  // The one URL field: a javascript: address is refused with a message naming it, nothing stored.
  const refused = await api<{ message: string }>(
    token,
    'PUT',
    '/api/businesses/me',
    { ...business, logourl: `javascript:alert('logo')` },
    400,
  );
  expect(refused.message).toBe('Logo URL must be a web address starting with http:// or https://.');
  await api(token, 'POST', `/api/businesses/${businessid}/posts`, { content: CORPUS_LINES });

  const [type] = await api<Array<{ vouchertypeid: number }>>(token, 'GET', '/api/voucher-types');
  const vouchers: Array<{ voucherid: string; title: string }> = [];
  for (const n of [0, 7, 11]) {
    const body = {
      title: payload(n),
      description: CORPUS_LINES,
      rules: CORPUS_LINES,
      vouchertypeid: type!.vouchertypeid,
      value: '5',
      startdate: day(0),
      enddate: day(30),
    };
    vouchers.push(await api(token, 'POST', `/api/businesses/${businessid}/vouchers`, body));
  }

  // The third is archived: its details show under Archived.
  await api(token, 'DELETE', `/api/vouchers/${vouchers[2]!.voucherid}`);

  const resource = await api<{ resourceid: string }>(token, 'POST', '/api/booking-resources', {
    resourcename: payload(9),
    description: CORPUS_LINES,
    capacity: 4,
  });
  for (let dayofweek = 0; dayofweek < 7; dayofweek++)
    await api(token, 'POST', '/api/availability', {
      resourceid: resource.resourceid,
      dayofweek,
      starttime: '00:00',
      endtime: '23:30',
    });
  const closures = [payload(2), payload(5), payload(10)];
  for (const [n, reason] of closures.entries())
    await api(token, 'POST', '/api/booking-closures', {
      resourceid: n === 0 ? null : resource.resourceid,
      startdate: day(20 + n),
      reason,
    });

  // Customers of the app, named with the corpus, through the customer API.
  const people = CORPUS.map((first, n) => ({
    firstName: first,
    lastName: payload(n + 6),
    email: uniqueEmail('xss-customer'),
    password: 'Customer#2026xss',
  }));
  const mailbox = mailboxOverHttp(call);
  const tokens = await Promise.all(people.map((p) => createCustomer(call, userPool, p, mailbox)));
  for (const customerToken of tokens) await followBusiness(call, customerToken, businessid);
  await sendMessage(call, tokens[0]!, businessid, CORPUS_LINES);
  await sendMessage(call, tokens[1]!, businessid, payload(4));
  const { code } = await claimVoucher(call, tokens[0]!, vouchers[0]!.voucherid);

  // Tomorrow at noon (UTC): open in any zone within eleven hours of it.
  const start = new Date(`${day(1)}T12:00:00Z`);
  await api(token, 'POST', '/api/bookings', {
    resourceid: resource.resourceid,
    customerEmail: people[0]!.email,
    bookingstarttime: start.toISOString(),
    bookingendtime: new Date(start.getTime() + 3_600_000).toISOString(),
    partysize: 2,
    notes: CORPUS_LINES,
  });
  return { owner, business, vouchers, resource: payload(9), closures, people, code, bookingDay: start };
}
