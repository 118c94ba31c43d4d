/** Pollers whose requests are fakes, for views that include the shell's conversations poll. */
import { fromPromise } from 'xstate';
import type { Conversation } from '#contracts/messaging.ts';
import { conversationsPollerMachine } from '#machines/messaging-pollers.machine.ts';
import type { PollResult } from '#machines/poller.machine.ts';

/** A business that has conversations with nobody yet: every poll answers an empty list. */
export const noConversations = conversationsPollerMachine.provide({
  actors: {
    poll: fromPromise(async (): Promise<PollResult<Conversation[]>> => ({ kind: 'fresh', data: [], etag: null })),
  },
});

/** Polls that answer these conversations. */
export const conversationsAnswering = (data: Conversation[]) =>
  conversationsPollerMachine.provide({
    actors: {
      poll: fromPromise(async (): Promise<PollResult<Conversation[]>> => ({ kind: 'fresh', data, etag: '"1"' })),
    },
  });
