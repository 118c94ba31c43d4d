import { createApp } from './app.ts';
import { createIdentity } from './identity/identity.ts';
import { authorized, type Call, person, signInCustomer } from './sim/customers.ts';
import type { AppDeps } from './types.ts';

type Line = { from: 'customer' | 'owner'; text: string; minutesAgo: number };
type Script = { follower: number; lines: Line[]; read?: boolean; archive?: boolean };

const HOUR = 60;
const DAY = 24 * HOUR;

/**
 * The demo's conversations (machines/samples/messages.samples.ts names them): Amelia Hughes and Isla
 * Okafor wait for an answer (2 and 1 unread), Noah Patel was answered, and Oliver Nguyen's conversation
 * was archived with his last thanks unread.
 */
export const DEMO_CONVERSATIONS: Script[] = [
  {
    follower: 3,
    lines: [
      {
        from: 'customer',
        text: 'Hi, I think I left my scarf on the bench by the window yesterday.',
        minutesAgo: 4 * DAY,
      },
      { from: 'owner', text: "We found it! It's waiting for you behind the counter.", minutesAgo: 4 * DAY - 20 },
      { from: 'customer', text: 'Thanks again for finding my scarf!', minutesAgo: 4 * DAY - 45 },
    ],
    archive: true,
  },
  {
    follower: 1,
    lines: [
      {
        from: 'customer',
        text: 'Can I book the big table for Saturday at 10? We are six.',
        minutesAgo: DAY + 2 * HOUR,
      },
      { from: 'owner', text: 'Of course, see you at 10!', minutesAgo: DAY + HOUR + 50 },
    ],
  },
  {
    follower: 0,
    lines: [
      { from: 'customer', text: 'Hi! Do you have oat milk?', minutesAgo: 2 * HOUR },
      { from: 'customer', text: 'And could you keep two cardamom buns for me?', minutesAgo: 2 * HOUR - 2 },
    ],
  },
  {
    follower: 2,
    lines: [{ from: 'customer', text: 'Is the terrace heated today?', minutesAgo: 30 }],
  },
];

/**
 * Writes the demo conversations through the APIs, as the app and the portal would: each customer (a demo
 * follower, made by seedDemoFollowers) signs in and writes through the customer API; the owner reads,
 * answers and archives through the owner API. The app runs in-process under a clock set to each line's time.
 */
export async function seedDemoConversations(
  deps: AppDeps,
  owner: { email: string; password: string; businessid: string },
): Promise<number> {
  if (!deps.mailer.mailboxEnabled) return 0; // no demo followers without the development mailbox
  const end = deps.clock().getTime();
  let now = new Date(end);
  const clock = () => now;
  const env = { ...deps.env, LOG_REQUESTS: 'false' as const };
  const identity = await createIdentity({ db: deps.db, env, clock, log: deps.log });
  const app = createApp({ ...deps, clock, env, identity });
  const pool = { userPoolId: deps.env.USER_POOL_ID, clientId: deps.env.USER_POOL_CLIENT_ID };
  const call: Call = async (path, init) => app.request(`http://localhost${path}`, init);
  const write = async (path: string, token: string, method: string, body?: unknown) => {
    const response = await call(path, authorized(token, method, body));
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as { conversationid: string };
  };

  let made = 0;
  for (const script of DEMO_CONVERSATIONS) {
    const customer = person(script.follower, 'customers.example');
    let conversationid = '';
    for (const line of script.lines) {
      now = new Date(end - line.minutesAgo * 60_000);
      if (line.from === 'customer') {
        const token = await signInCustomer(call, pool, customer.email, customer.password);
        ({ conversationid } = await write(`/api/customer/businesses/${owner.businessid}/messages`, token, 'POST', {
          messageText: line.text,
        }));
      } else {
        const token = await signInCustomer(call, pool, owner.email, owner.password);
        const base = `/api/messaging/business/conversations/${conversationid}`;
        await write(`${base}/read`, token, 'PUT');
        await write(`${base}/messages`, token, 'POST', { messageText: line.text });
      }
    }
    if (script.archive) {
      const token = await signInCustomer(call, pool, owner.email, owner.password);
      await write(`/api/messaging/business/conversations/${conversationid}`, token, 'PUT', { is_active: false });
    }
    made++;
  }
  return made;
}
