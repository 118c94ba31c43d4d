/**
 * `npm run simulate -- --business <id|demo> --customers N [--follow] [--chat] [--book] [--claim <voucher>] [--days D]`:
 * customers exactly as the mobile app makes them, over the customer API (sign-up, the mailed verification
 * link, SRP sign-in, follow, a first message, book a free slot, claim a voucher as its QR code would). See
 * server/sim/customers.ts.
 *
 * With a server running it calls it over HTTP; the server's own limits apply (10 sign-ups an hour from
 * one address). Which server: --url, else the address the running server wrote into its data
 * directory's lock file (DATA_DIR/portal.lock), else http://127.0.0.1:$PORT. With no server running it
 * builds the same app in-process on the same database (DATABASE_URL or DATA_DIR, like npm start),
 * where each simulated phone has its own address and --days spreads the follows over the past days.
 * A refusal (a claim of an inactive voucher, a limit) ends it with one line: the server's reason.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { isUuid } from '../contracts/common.ts';
import { boot } from '../server/boot.ts';
import { businesses, users, vouchers } from '../server/db/schema.ts';
import { parseEnv, seedsDemo } from '../server/env.ts';
import { dataDirHolder } from '../server/lib/data-dir-lock.ts';
import {
  bookFreeSlot,
  type Call,
  chatLine,
  claimVoucher,
  createCustomer,
  followBusiness,
  mailboxOverHttp,
  person,
  sendMessage,
  signInCustomer,
} from '../server/sim/customers.ts';
import { simulateInProcess, spreadOver } from '../server/sim/in-process.ts';
import { openCliDatabase } from './lib/cli-database.ts';

const USAGE = `Simulate customers of the mobile app through the customer API.

Usage:
  npm run simulate -- --business <id|demo> --customers <N> [--follow] [--chat] [--book] [--claim <voucher>] [--days <D>] [--url <server>]

  --business   the business to follow: its id, or "demo" for the demo owner's business
  --customers  how many customers sign up (each verifies by the mailed link and signs in with SRP)
  --follow     each new customer follows the business
  --chat       each new customer follows the business and writes it a message (the owner's Messages)
  --book       each new customer books a free one-hour slot of the business in the next 30 days
               through the customer API (the n-th customer tries the n-th resource and slot first)
  --claim      each new customer claims this voucher (as scanning its QR code does) and the codes are
               printed: the voucher's id, or its exact title among the business's vouchers (a title
               needs --business demo when the server is running, or the server stopped)
  --days       spread the follows over the last D days (needs the in-process mode: server stopped)
  --url        the running server; without it, the address the running server wrote into
               DATA_DIR/portal.lock, else http://127.0.0.1:$PORT (PORT default 8787)

With the server running, the requests go over HTTP and the server's limits apply (10 sign-ups an hour
from one address). With the server stopped, the same app runs in-process on the same database.
Verification links are read from the development mailbox, so SMTP_URL must not be set.`;

function usage(problem?: string): never {
  if (problem) console.error(`Error: ${problem}\n`);
  (problem ? console.error : console.log)(USAGE);
  process.exit(problem ? 2 : 0);
}

const { values } = parseArgs({
  options: {
    business: { type: 'string' },
    customers: { type: 'string' },
    follow: { type: 'boolean', default: false },
    chat: { type: 'boolean', default: false },
    book: { type: 'boolean', default: false },
    claim: { type: 'string' },
    days: { type: 'string', default: '0' },
    url: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
  strict: true,
});
if (values.help) usage();
// A customer writes only to a business they follow.
if (values.chat) values.follow = true;
const count = Number(values.customers);
const days = Number(values.days);
if (!values.business) usage('--business is required (an id, or demo).');
if (!Number.isInteger(count) || count < 1 || count > 100_000) usage('--customers must be a whole number from 1.');
if (!Number.isInteger(days) || days < 0) usage('--days must be a whole number of days.');
const answers = (base: string) =>
  fetch(`${base}/healthz`).then(
    (r) => r.ok,
    () => false,
  );
/** The server to call: --url, else the one holding DATA_DIR (its lock names its address), else PORT's. */
const dataDir = (() => {
  const parsed = parseEnv(process.env);
  return 'error' in parsed || parsed.env.DATABASE_URL ? undefined : path.resolve(parsed.env.DATA_DIR);
})();
const holder = dataDir ? dataDirHolder(dataDir) : undefined;
const url = (values.url ?? holder?.url ?? `http://127.0.0.1:${process.env.PORT ?? 8787}`).replace(/\/+$/, '');
const run = Date.now().toString(36);
const people = Array.from({ length: count }, (_, i) => person(i, `sim-${run}.example`));
const started = performance.now();
const codes: string[] = [];
const booked: string[] = [];
/** --book: the customer books a free slot through the customer API; the line for the summary. */
async function book(call: Call, token: string, businessid: string, i: number) {
  const made = await bookFreeSlot(call, token, businessid, i);
  booked.push(`${people[i]!.email}: ${made ? `${made.resourcename} at ${made.start}` : 'no free slot in 30 days'}`);
}
/** The voucher named by --claim among a list of the business's vouchers (id or exact title). */
function voucherNamed(list: Array<{ voucherid: string; title: string }>): string {
  const wanted = values.claim!.trim().toLowerCase();
  const found = list.find((v) => v.voucherid === wanted || v.title.toLowerCase() === wanted);
  if (!found) usage(`there is no voucher "${values.claim}" in this business.`);
  return found.voucherid;
}

const running = await answers(url);
if (!running && values.url) {
  console.error(`Error: no portal server answers at ${url} (GET /healthz). Check the address, or leave out --url.`);
  process.exit(1);
}
if (!running && holder) {
  // The embedded database is in use, and not by a server this could call: in-process would only fail.
  console.error(
    holder.url
      ? `Error: ${holder.holder} (pid ${holder.pid}) holds ${dataDir} but does not answer at ${holder.url}. Wait until it has started, or pass --url <its address>.`
      : `Error: ${holder.holder} (pid ${holder.pid}) is using the embedded database in ${dataDir}. Wait until it has finished and run this again, or pass --url <server> if it is a portal server.`,
  );
  process.exit(1);
}

try {
  if (running) {
    if (days > 0) {
      console.error(
        'Error: --days backdates follows, which a running server cannot do: stop the server and run this again (in-process mode).',
      );
      process.exit(2);
    }
    const call: Call = (path, init) => fetch(new URL(path, url), init);
    const config = (await (await call('/config.json')).json()) as {
      auth: { userPoolId: string; userPoolClientId: string };
    };
    const pool = { userPoolId: config.auth.userPoolId, clientId: config.auth.userPoolClientId };
    let businessid = values.business;
    let voucherid = values.claim && isUuid(values.claim) ? values.claim.toLowerCase() : undefined;
    if (businessid === 'demo') {
      const token = await signInCustomer(
        call,
        pool,
        process.env.DEMO_EMAIL ?? 'owner@demo.local',
        process.env.DEMO_PASSWORD ?? 'DemoOwner#2026',
      );
      const me = await call('/api/businesses/me', { headers: { authorization: `Bearer ${token}` } });
      businessid = ((await me.json()) as { businessid: string }).businessid;
      if (values.claim && !voucherid) {
        const list = await call('/api/businesses/me/vouchers', { headers: { authorization: `Bearer ${token}` } });
        voucherid = voucherNamed((await list.json()) as Array<{ voucherid: string; title: string }>);
      }
    }
    if (values.claim && !voucherid)
      usage('--claim by title needs --business demo (or the server stopped); give the id.');
    for (const [i, p] of people.entries()) {
      const token = await createCustomer(call, pool, p, mailboxOverHttp(call));
      if (values.follow) await followBusiness(call, token, businessid);
      if (values.chat) await sendMessage(call, token, businessid, chatLine(i));
      if (values.book) await book(call, token, businessid, i);
      if (voucherid) codes.push(`${p.email}: ${(await claimVoucher(call, token, voucherid)).code}`);
      process.stdout.write(`\r${i + 1}/${count} customers (over HTTP at ${url})`);
    }
  } else {
    const { database, env } = await openCliDatabase('npm run simulate');
    try {
      // As npm start would find it: a new database gets the catalogue (and the demo, where npm start seeds it).
      const { deps } = await boot({
        env,
        database,
        demo: seedsDemo(env),
        log: { info: () => {}, error: console.error },
      });
      let businessid: string | undefined;
      if (values.follow || values.claim || values.book) {
        businessid = values.business;
        if (businessid === 'demo') {
          const [demo] = await deps.db
            .select({ businessid: businesses.businessid })
            .from(businesses)
            .innerJoin(users, eq(users.userid, businesses.ownerUserid))
            .where(sql`lower(${users.email}) = ${env.DEMO_EMAIL.toLowerCase()}`);
          businessid = demo?.businessid;
          if (!businessid) usage(`there is no demo business (${env.DEMO_EMAIL}) in this database.`);
        }
      }
      let voucherid: string | undefined;
      if (values.claim) {
        const list = await deps.db
          .select({ voucherid: vouchers.voucherid, title: vouchers.title })
          .from(vouchers)
          .where(
            isUuid(values.claim)
              ? eq(vouchers.voucherid, values.claim.toLowerCase())
              : eq(vouchers.businessid, businessid!),
          );
        voucherid = voucherNamed(list);
      }
      await simulateInProcess(deps, {
        businessid: values.follow ? businessid : undefined,
        people,
        times: spreadOver(days, count),
        chat: values.chat,
        afterSignUp: async (call, token, i) => {
          if (voucherid) codes.push(`${people[i]!.email}: ${(await claimVoucher(call, token, voucherid)).code}`);
          if (values.book) await book(call, token, businessid!, i);
        },
      });
      process.stdout.write(
        `${count}/${count} customers (in-process on ${env.DATABASE_URL ? 'PostgreSQL' : env.DATA_DIR})`,
      );
    } finally {
      await database.close();
    }
  }
} catch (error) {
  // A refusal (an inactive voucher's claim, a limit) or a failed call: one line with the server's reason.
  console.error(`\nError: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
console.log(
  `\nDone in ${((performance.now() - started) / 1000).toFixed(1)} s${values.chat ? ', each following the business and writing it a message' : values.follow ? ', each following the business' : ''}.`,
);
if (booked.length) console.log(`Bookings made through the customer API:\n  ${booked.join('\n  ')}`);
if (codes.length) console.log(`Voucher codes claimed (type one at Redeem Code):\n  ${codes.join('\n  ')}`);
process.exit(0);
