import { BOOKING_TEXTS } from '#contracts/bookings.ts';
import { clientSignature, clientStart, fromHex, poolNameOf, srpTimestamp } from '../identity/srp.ts';

/**
 * Customers as the mobile app makes them, over the customer API only: sign up, open the verification
 * link from the development mailbox, sign in with SRP at /cognito, follow. `npm run simulate` calls a
 * running server with fetch; the demo seed calls the app in-process (app.request): the same requests.
 */
export type Call = (path: string, init?: RequestInit) => Promise<Response>;
export type Pool = { userPoolId: string; clientId: string };
export type Person = { firstName: string; lastName: string; email: string; password: string };

const JSON_HEADERS = { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' };

async function expectOk(response: Response, what: string) {
  if (response.ok) return response;
  const body = await response.text();
  let message = body;
  try {
    message = (JSON.parse(body) as { message?: string }).message ?? body;
  } catch {}
  throw new Error(`${what} answered ${response.status}: ${message}`);
}

/** A refusal of the identity endpoint: its `__type` (NotAuthorizedException, ...) and its message. */
export class CognitoCallError extends Error {
  readonly type: string;
  constructor(body: Record<string, any>) {
    super(String(body.message));
    this.type = String(body.__type);
    this.name = this.type;
  }
}

/** One Cognito JSON call (what the SDK and Amplify send); a refusal throws a CognitoCallError. */
async function cognito(call: Call, operation: string, body: unknown) {
  const response = await call('/cognito/', {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
    },
    body: JSON.stringify(body),
  });
  const json = (await response.json().catch(() => ({ message: `${operation} answered ${response.status}` }))) as Record<
    string,
    any
  >;
  if (response.status !== 200) throw new CognitoCallError(json);
  return json;
}

/** What the second SRP step answers: tokens, or the next challenge (NEW_PASSWORD_REQUIRED). */
export type SrpAnswer = {
  AuthenticationResult?: { AccessToken: string; IdToken: string; RefreshToken: string; ExpiresIn: number };
  ChallengeName?: string;
  Session?: string;
  ChallengeParameters: Record<string, string>;
};

/**
 * SRP sign-in as Amplify does it (USER_SRP_AUTH, then PASSWORD_VERIFIER), over the raw protocol: the
 * final answer, tokens or a challenge. `answer` sends the second step elsewhere (another copy of the
 * server behind a balancer: the challenge lives in the database). The one client half of SRP that
 * tests, seeds and scripts share.
 */
export async function srpSignIn(
  call: Call,
  pool: Pool,
  username: string,
  password: string,
  answer: Call = call,
): Promise<SrpAnswer> {
  const { a, A } = clientStart();
  const start = await cognito(call, 'InitiateAuth', {
    AuthFlow: 'USER_SRP_AUTH',
    ClientId: pool.clientId,
    AuthParameters: { USERNAME: username, SRP_A: A.toString(16) },
  });
  const p = start.ChallengeParameters as Record<string, string>;
  const timestamp = srpTimestamp(new Date());
  const signature = clientSignature({
    a,
    A,
    B: fromHex(p.SRP_B!),
    saltHex: p.SALT!,
    poolName: poolNameOf(pool.userPoolId),
    userId: p.USER_ID_FOR_SRP!,
    password,
    secretBlock: p.SECRET_BLOCK!,
    timestamp,
  });
  return (await cognito(answer, 'RespondToAuthChallenge', {
    ChallengeName: 'PASSWORD_VERIFIER',
    ClientId: pool.clientId,
    ChallengeResponses: {
      USERNAME: p.USER_ID_FOR_SRP,
      PASSWORD_CLAIM_SECRET_BLOCK: p.SECRET_BLOCK,
      TIMESTAMP: timestamp,
      PASSWORD_CLAIM_SIGNATURE: signature,
    },
  })) as SrpAnswer;
}

/** SRP sign-in of anyone (customer or owner); the access token, or an error naming the challenge that came instead. */
export async function signInCustomer(call: Call, pool: Pool, email: string, password: string): Promise<string> {
  const answer = await srpSignIn(call, pool, email, password);
  const token = answer.AuthenticationResult?.AccessToken;
  if (!token) throw new Error(`sign-in of ${email} stopped at ${answer.ChallengeName}`);
  return token;
}

/** The mails the server "sent" (its development outbox), newest first. */
export type ReadMailbox = () => Promise<Array<{ to: string; links: string[] }>>;

/** The development mailbox over HTTP (GET /dev/mailbox.json answers only on the same computer). */
export const mailboxOverHttp =
  (call: Call): ReadMailbox =>
  async () =>
    (await (await expectOk(await call('/dev/mailbox.json'), 'the mailbox')).json()) as Awaited<ReturnType<ReadMailbox>>;

/** Sign-up, the mailed verification link, sign-in. Needs the development mailbox (no SMTP_URL). */
export async function createCustomer(call: Call, pool: Pool, person: Person, mailbox: ReadMailbox): Promise<string> {
  await expectOk(
    await call('/api/public/customers/register', {
      method: 'POST',
      headers: JSON_HEADERS,
      body: JSON.stringify(person),
    }),
    `sign-up of ${person.email}`,
  );
  const link = (await mailbox())
    .find((mail) => mail.to === person.email.toLowerCase())
    ?.links.find((l) => new URL(l).pathname === '/verify-email');
  if (!link)
    throw new Error(`no verification mail for ${person.email} (is SMTP_URL set? the simulator reads the dev mailbox)`);
  const token = new URL(link).searchParams.get('token') ?? '';
  await expectOk(await call(`/api/public/verify-email?token=${encodeURIComponent(token)}`), 'verification');
  return signInCustomer(call, pool, person.email, person.password);
}

export async function followBusiness(call: Call, accessToken: string, businessid: string) {
  await expectOk(
    await call(`/api/customer/businesses/${businessid}/follow`, {
      method: 'POST',
      headers: { ...JSON_HEADERS, authorization: `Bearer ${accessToken}` },
    }),
    'follow',
  );
}

/** What simulated customers write (`npm run simulate -- --chat`): the n-th customer's first message. */
const CHAT_LINES = [
  'Hi! Are you open on Sunday?',
  'Do you have oat milk?',
  'Could I book a table for four tomorrow at 12?',
  'Is the terrace open today?',
  'Do you sell gift cards?',
  'I think I left my umbrella yesterday. Did anyone find it?',
];
export const chatLine = (n: number) => CHAT_LINES[n % CHAT_LINES.length]!;

/** The customer writes to a business they follow (the customer API starts the conversation). */
export async function sendMessage(call: Call, accessToken: string, businessid: string, messageText: string) {
  await expectOk(
    await call(`/api/customer/businesses/${businessid}/messages`, {
      method: 'POST',
      headers: { ...JSON_HEADERS, authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({ messageText }),
    }),
    'message',
  );
}

const FIRST = [
  'Amelia',
  'Noah',
  'Isla',
  'Oliver',
  'Freya',
  'Leo',
  'Ava',
  'Arlo',
  'Ivy',
  'Theo',
  'Mia',
  'Finn',
  'Ella',
  'Jude',
  'Rosie',
];
const LAST = [
  'Hughes',
  'Patel',
  'Okafor',
  'Nguyen',
  'Kowalski',
  'Byrne',
  'Silva',
  'Haddad',
  'Larsen',
  'Moreau',
  'Tanaka',
  'Evans',
];

/** The n-th simulated person: deterministic, so runs and screenshots repeat. */
export function person(n: number, domain = 'example.com', password = 'Customer#Sim2026'): Person {
  const firstName = FIRST[n % FIRST.length]!;
  const lastName = LAST[Math.floor(n / FIRST.length + n) % LAST.length]!;
  return { firstName, lastName, email: `${firstName}.${lastName}.${n}@${domain}`.toLowerCase(), password };
}

/** POST /api/customer/vouchers/{id}/claim as the customer (the app after scanning the voucher QR code). */
export async function claimVoucher(call: Call, accessToken: string, voucherid: string) {
  const response = await expectOk(
    await call(`/api/customer/vouchers/${voucherid}/claim`, {
      method: 'POST',
      headers: { ...JSON_HEADERS, authorization: `Bearer ${accessToken}` },
    }),
    'claim',
  );
  return (await response.json()) as { issuedvoucherid: string; code: string; title: string };
}

/** A request as the signed-in caller: bearer token, anti-forgery header, and a JSON body if any. */
export function authorized(token: string, method: string, body?: unknown): RequestInit {
  return {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'x-requested-with': 'XMLHttpRequest',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  };
}

/**
 * The customer books a free slot of the business through the customer API, as the app would: the
 * business's resources, then each day from tomorrow (up to `days` ahead) the free one-hour slots of
 * each resource; the n-th customer takes the n-th resource and slot, so a crowd spreads out. A slot
 * taken meanwhile (409) moves on to the next. Answers the booking, or undefined when nothing was free.
 */
export async function bookFreeSlot(
  call: Call,
  accessToken: string,
  businessid: string,
  n: number,
  now = new Date(),
  days = 30,
): Promise<{ bookingid: string; resourcename: string; start: string } | undefined> {
  const get = async <T>(path: string, what: string) =>
    (await (await expectOk(await call(path, authorized(accessToken, 'GET')), what)).json()) as T;
  const { data: resources } = await get<{ data: Array<{ resourceid: string }> }>(
    `/api/customer/businesses/${businessid}/resources`,
    'resources',
  );
  if (resources.length === 0) return undefined;
  for (let day = 1; day <= days; day++) {
    const date = new Date(now.getTime() + day * 86_400_000).toISOString().slice(0, 10);
    for (let r = 0; r < resources.length; r++) {
      const { resourceid } = resources[(n + r) % resources.length]!;
      const { data } = await get<{ data: { availableSlots: Array<{ start: string; end: string }> } }>(
        `/api/customer/businesses/${businessid}/availability/${resourceid}?date=${date}&duration=60&partysize=1`,
        'availability',
      );
      const slots = data.availableSlots;
      for (let s = 0; s < slots.length; s++) {
        const slot = slots[(n + s) % slots.length]!;
        const body = { resourceid, bookingstarttime: slot.start, bookingendtime: slot.end, partysize: 1, notes: null };
        const response = await call('/api/customer/bookings', authorized(accessToken, 'POST', body));
        if (response.status === 409) {
          // Taken meanwhile: the next slot. Anything else (the upcoming-bookings cap) ends the search.
          const { message } = (await response.clone().json()) as { message: string };
          if (message === BOOKING_TEXTS.slotTaken || message === BOOKING_TEXTS.notBookable) continue;
        }
        const { data: made } = (await (await expectOk(response, 'book')).json()) as {
          data: { bookingid: string; resourcename: string; start: string };
        };
        return made;
      }
    }
  }
  return undefined;
}
