import { parseArgs } from 'node:util';
import { asc, eq, sql } from 'drizzle-orm';
import { passwordProblem } from '../contracts/password.ts';
import { businesses, businessMembers, packages, userGroups, users } from '../server/db/schema.ts';
import { createIdentity } from '../server/identity/identity.ts';
import { failBucket } from '../server/identity/signin.ts';
import { GROUPS, type UserStatus } from '../server/identity/types.ts';
import { systemClock } from '../server/lib/clock.ts';
import { clearRateLimits } from '../server/lib/rate-limit.ts';
import { formatMailReport, mailReport } from '../server/mail/report.ts';
import { createBusiness } from '../server/routes/businesses/businesses.queries.ts';
import { seedCatalogue } from '../server/seed/catalogue.ts';
import { openCliDatabase } from './lib/cli-database.ts';

const STATUSES: UserStatus[] = ['CONFIRMED', 'UNCONFIRMED', 'FORCE_CHANGE_PASSWORD', 'RESET_REQUIRED'];
const GROUP_NAMES: string[] = [GROUPS.owners, GROUPS.customers];

const USAGE = `Manage users of the local identity provider (the same database as npm start).

Usage:
  npm run users -- create --email <email> --password <password> [options]
  npm run users -- list
  npm run users -- plan --email <owner> --plan <name> [--price <monthly>]
  npm run users -- mail [--limit <n>]
  npm run users -- delete --email <email>
  npm run users -- reset --email <email> --password <password> [--status <status>]

create options:
  --group <name>       ${GROUP_NAMES.join(' | ')}   (default ${GROUPS.owners})
  --status <status>    ${STATUSES.join(' | ')}   (default CONFIRMED)
                       FORCE_CHANGE_PASSWORD: the password is temporary; sign-in asks for a new one.
  --first <name>       first name   --last <name>   last name
  --business <name>    business name for an owner (default "<first name>'s Business"); owners get
                       their business on the Free plan, exactly as registration creates it.

plan: moves the owner's business to a plan (Free, Starter, Pro) at a negotiated monthly price
  (default: the plan's list price). The owner's My Package page shows it at once.

mail: the newest mails (default 50) with their state: queued (waiting for SMTP, retried with backoff),
  sent, failed (every retry refused; the last error is shown) or held (to a stranger past the
  business's limit, never sent).

delete: removes the user and everything that is theirs: an owner's business with its vouchers, codes,
  posts, conversations, bookings and followers; a customer's follows, codes and conversations. So a
  QA scenario that made the account can make it again.

reset: sets the password (and --status, default CONFIRMED; FORCE_CHANGE_PASSWORD makes it temporary
  again), marks the e-mail verified, lifts the sign-in lock-out and signs out every session. So a QA
  scenario that changed the password or locked the account can be walked again.

The database is DATABASE_URL when set, else the embedded one in DATA_DIR (default ./.data).
The embedded database allows one process at a time: while npm start runs on it, this command
refuses; stop the server first, or run both against PostgreSQL.

Passwords: at least 8 characters, not one of the 10,000 most common, not the e-mail address.

Examples:
  npm run users -- create --email new.owner@example.com --password 'Temp#Pass1' --status FORCE_CHANGE_PASSWORD
  npm run users -- create --email shopper@example.com --password 'Shopper#2026' --group Customers
  npm run users -- plan --email owner@demo.local --plan Pro --price 39
  npm run users -- delete --email temp.owner@demo.local
  npm run users -- reset --email owner@demo.local --password 'DemoOwner#2026'
`;

function usage(problem?: string): never {
  if (problem) console.error(`Error: ${problem}\n`);
  (problem ? console.error : console.log)(USAGE);
  process.exit(problem ? 2 : 0);
}

const openFromEnv = () => openCliDatabase('npm run users');

async function create(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      group: { type: 'string', default: GROUPS.owners },
      status: { type: 'string', default: 'CONFIRMED' },
      first: { type: 'string' },
      last: { type: 'string' },
      business: { type: 'string' },
    },
    strict: true,
  });
  const email = values.email?.trim() ?? '';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) usage('--email must be an e-mail address.');
  if (!values.password) usage('--password is required.');
  // The product's one password rule, with its plain messages (contracts/password.ts).
  const policy = passwordProblem(values.password, email);
  if (policy) usage(`--password: ${policy}`);
  if (!GROUP_NAMES.includes(values.group)) usage(`--group must be one of ${GROUP_NAMES.join(', ')}.`);
  if (!STATUSES.includes(values.status as UserStatus)) usage(`--status must be one of ${STATUSES.join(', ')}.`);
  const status = values.status as UserStatus;
  if (values.business && values.group !== GROUPS.owners) usage('--business only applies to --group BusinessOwners.');

  const { database, env } = await openFromEnv();
  try {
    const { db } = database;
    const identity = await createIdentity({
      db,
      env,
      clock: systemClock,
      log: { info: () => {}, error: console.error },
    });
    if (await identity.findUserByEmail(email)) {
      console.error(`Error: a user with the e-mail ${email.toLowerCase()} already exists.`);
      return 1;
    }
    await seedCatalogue(db);
    const first = values.first?.trim() || null;
    const created = await db.transaction(async (tx) => {
      const user = await identity.createUser(
        {
          email,
          password: values.password!,
          firstname: first,
          lastname: values.last?.trim() || null,
          groups: [values.group!],
          status,
          emailVerified: status !== 'UNCONFIRMED',
        },
        tx,
      );
      let businessname: string | undefined;
      if (values.group === GROUPS.owners) {
        businessname = values.business?.trim() || `${first ?? email.split('@')[0]}'s Business`;
        await createBusiness(tx, { ownerUserid: user.userid, businessname, createdAt: systemClock() });
      }
      return { ...user, businessname };
    });
    console.log(`Created ${created.email} (${values.group}, ${status}), user id ${created.userid}.`);
    if (created.businessname) console.log(`Business "${created.businessname}" on the Free plan.`);
    if (status === 'FORCE_CHANGE_PASSWORD') console.log('Signing in with the temporary password asks for a new one.');
    return 0;
  } finally {
    await database.close();
  }
}

async function list() {
  const { database } = await openFromEnv();
  try {
    const { db } = database;
    const rows = await db
      .select({
        email: users.email,
        status: users.status,
        verified: users.emailVerified,
        enabled: users.enabled,
        userid: users.userid,
        business: businesses.businessname,
        role: businessMembers.role,
        created: users.createdAt,
      })
      .from(users)
      // The business a user is a member of (decision 026), with their role in its team.
      .leftJoin(businessMembers, eq(businessMembers.userid, users.userid))
      .leftJoin(businesses, eq(businesses.businessid, businessMembers.businessid))
      .orderBy(asc(users.createdAt));
    const groups = await db.select().from(userGroups);
    if (rows.length === 0) {
      console.log('No users yet.');
      return 0;
    }
    const table = rows.map((row) => [
      row.email,
      groups
        .filter((g) => g.userid === row.userid)
        .map((g) => g.groupName)
        .join(','),
      row.status,
      row.verified ? 'yes' : 'no',
      row.enabled ? 'yes' : 'no',
      row.business ?? '',
      row.role ?? '',
      row.created.toISOString().slice(0, 16).replace('T', ' '),
      row.userid,
    ]);
    const header = ['EMAIL', 'GROUPS', 'STATUS', 'VERIFIED', 'ENABLED', 'BUSINESS', 'ROLE', 'CREATED (UTC)', 'USER ID'];
    const widths = header.map((title, i) => Math.max(title.length, ...table.map((cells) => cells[i]!.length)));
    for (const cells of [header, ...table])
      console.log(
        cells
          .map((cell, i) => cell.padEnd(widths[i]!))
          .join('  ')
          .trimEnd(),
      );
    return 0;
  } finally {
    await database.close();
  }
}

async function plan(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: { email: { type: 'string' }, plan: { type: 'string' }, price: { type: 'string' } },
    strict: true,
  });
  const email = values.email?.trim().toLowerCase() ?? '';
  if (!email) usage('--email is required.');
  if (!values.plan?.trim()) usage('--plan is required.');
  if (values.price !== undefined && !/^\d{1,7}(\.\d{1,2})?$/.test(values.price.trim())) {
    usage('--price must be a monthly amount in dollars, like 39 or 39.50.');
  }
  const { database } = await openFromEnv();
  try {
    const { db } = database;
    const [target] = await db
      .select()
      .from(packages)
      .where(sql`lower(${packages.name}) = ${values.plan.trim().toLowerCase()}`);
    if (!target) {
      const names = (await db.select({ name: packages.name }).from(packages).orderBy(asc(packages.sortOrder))).map(
        (p) => p.name,
      );
      console.error(`Error: there is no plan "${values.plan}"; the plans are ${names.join(', ')}.`);
      return 1;
    }
    const price = values.price?.trim() ?? target.monthlyPrice;
    const [business] = await db
      .update(businesses)
      .set({ packageid: target.packageid, negotiatedMonthlyPrice: price, updatedAt: systemClock() })
      .where(
        sql`${businesses.ownerUserid} = (select ${users.userid} from ${users} where lower(${users.email}) = ${email})`,
      )
      .returning({ name: businesses.businessname });
    if (!business) {
      console.error(`Error: ${email} is not an owner with a business.`);
      return 1;
    }
    console.log(`"${business.name}" is now on ${target.name} at $${Number(price).toFixed(2)} a month.`);
    return 0;
  } finally {
    await database.close();
  }
}

async function mail(argv: string[]) {
  const { values } = parseArgs({ args: argv, options: { limit: { type: 'string', default: '50' } } });
  const limit = Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) usage('--limit must be a whole number from 1 to 10000.');
  const { database } = await openFromEnv();
  try {
    console.log(formatMailReport(await mailReport(database.db, limit)).join('\n'));
    return 0;
  } finally {
    await database.close();
  }
}

/** The e-mail of --email, lower-cased as stored, or the usage. */
function emailOf(values: { email?: string }): string {
  const email = values.email?.trim().toLowerCase() ?? '';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) usage('--email must be an e-mail address.');
  return email;
}

async function remove(argv: string[]) {
  const { values } = parseArgs({ args: argv, options: { email: { type: 'string' } }, strict: true });
  const email = emailOf(values);
  const { database } = await openFromEnv();
  try {
    const { db } = database;
    // Everything of the user's goes with it (ON DELETE CASCADE): sessions, groups, tokens, the business.
    const [gone] = await db
      .delete(users)
      .where(sql`lower(${users.email}) = ${email}`)
      .returning({ userid: users.userid, username: users.username });
    if (!gone) {
      console.error(`Error: there is no user with the e-mail ${email}.`);
      return 1;
    }
    await clearRateLimits(db, failBucket(gone.username));
    console.log(`Deleted ${email} (user id ${gone.userid}) and everything that was theirs.`);
    return 0;
  } finally {
    await database.close();
  }
}

async function reset(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      status: { type: 'string', default: 'CONFIRMED' },
    },
    strict: true,
  });
  const email = emailOf(values);
  if (!values.password) usage('--password is required.');
  const policy = passwordProblem(values.password, email);
  if (policy) usage(`--password: ${policy}`);
  const status = values.status as UserStatus;
  if (!STATUSES.includes(status) || status === 'UNCONFIRMED') {
    usage(`--status must be one of ${STATUSES.filter((x) => x !== 'UNCONFIRMED').join(', ')}.`);
  }
  const { database, env } = await openFromEnv();
  try {
    const { db } = database;
    const identity = await createIdentity({
      db,
      env,
      clock: systemClock,
      log: { info: () => {}, error: console.error },
    });
    const user = await identity.findUserByEmail(email);
    if (!user) {
      console.error(`Error: there is no user with the e-mail ${email}.`);
      return 1;
    }
    // The reset link's own path: new password, e-mail verified, lock-out lifted, every session revoked.
    await identity.setPassword(user.userid, values.password);
    if (status !== 'CONFIRMED') {
      await db.update(users).set({ status, updatedAt: systemClock() }).where(eq(users.userid, user.userid));
    }
    console.log(`Reset ${email}: new password, ${status}, e-mail verified, signed out everywhere, no lock-out.`);
    return 0;
  } finally {
    await database.close();
  }
}

const [command, ...rest] = process.argv.slice(2);
let code: number;
try {
  if (command === 'create') code = await create(rest);
  else if (command === 'list') code = await list();
  else if (command === 'plan') code = await plan(rest);
  else if (command === 'mail') code = await mail(rest);
  else if (command === 'delete') code = await remove(rest);
  else if (command === 'reset') code = await reset(rest);
  else if (!command || command === 'help' || command === '--help' || command === '-h') usage();
  else usage(`unknown command "${command}".`);
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')) usage(message);
  console.error(`Error: ${message}`);
  code = 1;
}
process.exit(code!);
