/**
 * Samples for messaging: the two pollers, the Messages panel and the chat dialog. Names and texts are the
 * demo seed's (server/seed/conversations.ts): Amelia Hughes and Isla Okafor wrote and wait for an
 * answer, Noah Patel was answered, Oliver Nguyen's conversation is archived with a message unread.
 */
import type { AnyMachineSnapshot } from 'xstate';
import type { Conversation, Message } from '#contracts/messaging.ts';
import { chatMachine } from '../chat.machine.ts';
import { defineEntry, done, fail, note } from '../lib/entry.ts';
import { messagesPanelMachine } from '../messages-panel.machine.ts';
import { chatPollerMachine, chatPollParams, conversationsPollerMachine } from '../messaging-pollers.machine.ts';
import { demoOwner } from './demo.samples.ts';

const stopServer = 'stop the server (Ctrl+C where `npm start` runs) and start it again after this step';
const networkFailure = 'An unknown network error occurred.';
const openPanel = 'press "Messages" in the top bar';
/** Opening a conversation reads its messages: a second walk needs them unread again. */
export const unreadFirst =
  'Amelia Hughes and Noah Patel must have unread messages (their "New: …" lines); opening their conversation reads them, so after an earlier walk start from a fresh seed first (stop the server, delete the `.data` folder, `npm start`)';

export const amelia: Conversation = {
  conversationid: '0d4c7a52-6f0e-4c47-9d3b-2a1f5b8e9c01',
  firstname: 'Amelia',
  surname: 'Hughes',
  email: 'amelia.hughes.0@customers.example',
  last_message: 'And could you keep two cardamom buns for me?',
  last_message_at: '2026-11-24T08:12:00.000Z',
  unread_count: 2,
  is_active: true,
};
export const noah: Conversation = {
  conversationid: '1e5d8b63-7a1f-4d58-8e4c-3b2a6c9f0d12',
  firstname: 'Noah',
  surname: 'Patel',
  last_message: 'Of course, see you at 10!',
  last_message_at: '2026-11-23T15:40:00.000Z',
  unread_count: 0,
  is_active: true,
};
export const oliver: Conversation = {
  conversationid: '2f6e9c74-8b2a-4e69-9f5d-4c3b7d0a1e23',
  firstname: 'Oliver',
  surname: 'Nguyen',
  last_message: 'Thanks again for finding my scarf!',
  last_message_at: '2026-11-20T11:05:00.000Z',
  unread_count: 1,
  is_active: false,
};

export const ameliaMessages: Message[] = [
  {
    messageid: 'a1',
    messagetext: 'Hi! Do you have oat milk?',
    sendertype: 'customer',
    isread: false,
    createdat: '2026-11-24T08:10:00.000Z',
  },
  {
    messageid: 'a2',
    messagetext: 'And could you keep two cardamom buns for me?',
    sendertype: 'customer',
    isread: false,
    createdat: '2026-11-24T08:12:00.000Z',
  },
];
export const reply: Message = {
  messageid: 'a3',
  messagetext: 'Yes to both! They are waiting for you at the counter.',
  sendertype: 'business',
  isread: false,
  createdat: '2026-11-24T08:20:00.000Z',
  sentby: 'Maya',
};

const pollerSamples = (fresh: unknown, what: string) => [
  note({ type: 'visibility.hidden' }, { action: 'Switch to another browser tab (or minimise the window)' }),
  note({ type: 'visibility.visible' }, { action: 'Come back to the portal tab' }),
  done('poll', fresh),
  note(done('poll', { kind: 'unchanged' }), {
    arrange: `Change nothing: the server answers 304 Not Modified and ${what} stay as they are`,
  }),
  note(fail('poll', { message: networkFailure, network: true }), { arrange: stopServer }),
  note(
    {
      ...fail('poll', { message: 'HTTP 429: Too Many Requests', status: 429 }),
      error: { message: 'HTTP 429: Too Many Requests', status: 429, retryAfter: 30 },
    },
    {
      notByHand: 'This server does not rate-limit polls; a proxy in front of it could',
    },
  ),
];

export const conversationsPollerEntry = defineEntry({
  machine: conversationsPollerMachine,
  title: 'Conversations poll (every 15 s: Messages button count, the panel lists)',
  samples: [
    ...pollerSamples({ kind: 'fresh', data: [amelia, noah], etag: '"c1"' }, 'the conversations'),
    note(
      { type: 'poll.now' },
      { action: `${openPanel}, expand "Amelia Hughes", press "Open full conversation" (it is marked read at once)` },
    ),
  ],
  uiKey: (s) => ({ state: s.value, data: s.context.data !== null, error: !!s.context.error }),
  inputs: [
    {
      label: 'The portal open in the front tab',
      input: { params: { status: 'active' }, hidden: false, random: () => 0.5 },
      start: { url: '/', signedInAs: demoOwner, andThen: openPanel },
    },
    {
      label: 'The portal opened in a background tab',
      input: { params: { status: 'active' }, hidden: true, random: () => 0.5 },
      start: {
        url: '/',
        signedInAs: demoOwner,
        note: 'Open the portal with a middle click (a new tab in the background), then watch the Network panel of DevTools',
      },
    },
  ],
  plan: {
    lasting: ['active.waiting', 'active.backingOff', 'paused'],
    shows: (s) => [
      ...(s.context.error ? [`The panel says "Error: ${s.context.error}"`] : []),
      ...(s.matches('paused') ? ['DevTools → Network shows no requests to /api/messaging'] : []),
    ],
    test: 'tests/generated/conversations-poller.generated.test.tsx',
  },
});

export const chatPollerEntry = defineEntry({
  machine: chatPollerMachine,
  title: 'Chat poll (every 10 s, the newest 50 messages of an open chat)',
  samples: [
    ...pollerSamples({ kind: 'fresh', data: ameliaMessages, etag: '"m1"' }, 'the messages'),
    note({ type: 'poll.now' }, { notByHand: 'The chat asks for no immediate poll; only a test sends it' }),
  ],
  uiKey: (s) => ({ state: s.value, data: s.context.data !== null }),
  inputs: [
    {
      label: "Amelia Hughes's conversation open",
      input: { params: chatPollParams(amelia.conversationid), hidden: false, random: () => 0.5 },
      start: {
        url: '/',
        signedInAs: demoOwner,
        andThen: `${openPanel}, expand "Amelia Hughes" and press "Open full conversation"`,
      },
    },
  ],
  plan: {
    lasting: ['active.waiting', 'active.backingOff', 'paused'],
    shows: (s) => (s.context.data?.length ? [`The chat shows "${s.context.data.at(-1)!.messagetext}" last`] : []),
    test: 'tests/generated/chat-poller.generated.test.tsx',
  },
});

/** The demo's Archived tab holds Oliver Nguyen only; Amelia and Noah are in the Active tab. */
const onlyActive = (s: AnyMachineSnapshot) =>
  s.context.tab === 'archived' ? "The demo's Archived tab lists Oliver Nguyen only" : undefined;

export const messagesPanelEntry = defineEntry({
  machine: messagesPanelMachine,
  title: 'Messages panel',
  samples: [
    note({ type: 'tab.select', tab: 'archived' }, { action: 'Press the "Archived" tab' }),
    note({ type: 'tab.select', tab: 'active' }, { action: 'Press the "Active" tab' }),
    note(
      { type: 'conversation.toggle', conversation: amelia },
      { action: 'Press "Amelia Hughes" in the list', notByHandIn: onlyActive },
    ),
    note(
      { type: 'conversation.toggle', conversation: noah },
      { action: 'Press "Noah Patel" in the list', notByHandIn: onlyActive },
    ),
    note(
      { type: 'conversation.open', conversation: amelia },
      { action: 'Press "Open full conversation" under Amelia Hughes', notByHandIn: onlyActive },
    ),
    note(
      { type: 'conversation.open', conversation: noah },
      { action: 'Press "Open full conversation" under Noah Patel', notByHandIn: onlyActive },
    ),
    note({ type: 'chat.close' }, { action: 'Press "Close" in the chat dialog (or Escape)' }),
    done('loadPreview', ameliaMessages),
    note(done('markRead', { conversationid: amelia.conversationid, marked: 2, unread_count: 0 }), {
      tells:
        'The unread count on the Messages button drops by the conversation\'s unread messages, and DevTools → Console shows no "Marking the conversation read failed" warning',
    }),
    note(fail('markRead', { message: networkFailure, network: true }), {
      arrange:
        'In DevTools → Network → Network request blocking, block the pattern `*/read` (remove the block after this scenario)',
      tells:
        'DevTools → Console shows the warning "Marking the conversation read failed: An unknown network error occurred."; the unread count on the Messages button stays',
    }),
    note(fail('loadPreview', { message: networkFailure, network: true }), {
      arrange: 'In DevTools → Network → Network request blocking, block `*limit=5*` (remove the block after this step)',
    }),
  ],
  uiKey: (s) => ({
    state: s.value,
    tab: s.context.tab,
    expanded: s.context.expanded?.firstname ?? null,
    previewFailed: s.context.previewFailed,
  }),
  plan: {
    start: {
      url: '/',
      signedInAs: demoOwner,
      andThen: openPanel,
      note: unreadFirst,
    },
    // The chat marks the conversation read as it opens, and stays until the owner closes it.
    lasting: ['chatting'],
    shows: (s) => {
      const news = (s.context.preview ?? []).filter(
        (m: Message) => m.sendertype === 'customer' && !m.isread,
      ) as Message[];
      return s.matches({ browsing: 'expanded' }) && !s.context.previewFailed
        ? news.length
          ? news.map((m) => `"New: ${m.messagetext}"`)
          : ['"No new messages"']
        : [];
    },
    test: 'tests/generated/messages-panel.generated.test.tsx',
    usesUp: 'Opening a conversation reads its messages: a fresh seed puts it back',
  },
});

export const chatEntry = defineEntry({
  machine: chatMachine,
  title: 'Chat dialog',
  samples: [
    note(
      { type: 'chat.edit', text: 'Yes to both! They are waiting for you at the counter.' },
      {
        say: 'type `Yes to both! They are waiting for you at the counter.` in "Type your message..."',
      },
    ),
    note({ type: 'chat.edit', text: '   ' }, { say: 'replace the text with three spaces' }),
    note({ type: 'chat.send' }, { action: 'Press Enter (or "Send")' }),
    { type: 'chat.archive' },
    { type: 'chat.reactivate' },
    done('sendMessage', reply),
    note(fail('sendMessage', { message: networkFailure, network: true }), {
      arrange: stopServer,
      tells:
        'The message does not show in the conversation, and DevTools → Console shows the warning "Sending the message failed: An unknown network error occurred."',
    }),
    done('archive', { ...amelia, is_active: false }),
    note(fail('archive', { message: networkFailure, network: true }), {
      arrange: stopServer,
      tells:
        'DevTools → Console shows the warning "Archiving the conversation failed: An unknown network error occurred."',
    }),
    done('reactivate', { ...amelia, is_active: true }),
    note(fail('reactivate', { message: networkFailure, network: true }), {
      arrange: stopServer,
      tells:
        'DevTools → Console shows the warning "Reactivating the conversation failed: An unknown network error occurred."',
    }),
  ],
  uiKey: (s) => ({ state: s.value, draft: s.context.draft.trim() !== '' }),
  inputs: [
    {
      label: "Amelia Hughes's conversation (Active tab)",
      input: { conversation: amelia },
      start: {
        url: '/',
        signedInAs: demoOwner,
        andThen: `${openPanel}, expand "Amelia Hughes" and press "Open full conversation"`,
      },
    },
    {
      label: "Oliver Nguyen's conversation (Archived tab)",
      input: { conversation: oliver },
      start: {
        url: '/',
        signedInAs: demoOwner,
        andThen: `${openPanel}, press "Archived", expand "Oliver Nguyen" and press "Open full conversation"`,
      },
    },
  ],
  plan: {
    fields: { text: 'Type your message...' },
    shows: (s) => [
      ...(s.context.draft ? [`The message box holds "${s.context.draft}"`] : []),
      ...(s.context.sent.length ? [`"${s.context.sent.at(-1)!.messagetext}" shows last, on the right`] : []),
    ],
    test: 'tests/generated/chat.generated.test.tsx',
    usesUp:
      'Replies stay in the conversation and opening it reads its messages; archiving moves it to the Archived tab (press "Reactivate" there): a fresh seed puts it back',
  },
});
