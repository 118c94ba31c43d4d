import type { DemoApp } from './demo-app.ts';

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
 * follower, made by seedDemoFollowers) writes through the customer API; the owner reads, answers and
 * archives through the owner API, each line at its own moment. Needs the demo followers (the mailbox).
 */
export async function seedDemoConversations(app: DemoApp, businessid: string, now: Date): Promise<number> {
  let made = 0;
  for (const script of DEMO_CONVERSATIONS) {
    let conversationid = '';
    for (const line of script.lines) {
      app.at(new Date(now.getTime() - line.minutesAgo * 60_000));
      if (line.from === 'customer') {
        ({ conversationid } = await app.asCustomer<{ conversationid: string }>(
          script.follower,
          'POST',
          `/api/customer/businesses/${businessid}/messages`,
          { messageText: line.text },
        ));
      } else {
        const base = `/api/messaging/business/conversations/${conversationid}`;
        await app.asOwner('PUT', `${base}/read`);
        await app.asOwner('POST', `${base}/messages`, { messageText: line.text });
      }
    }
    if (script.archive) {
      await app.asOwner('PUT', `/api/messaging/business/conversations/${conversationid}`, { is_active: false });
    }
    made++;
  }
  return made;
}
