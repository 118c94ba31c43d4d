/**
 * One read-only screen part that loads data and shows it (the feed, the dashboard stats, the package
 * page): loading, then the data or the screen's own error text, with a retry; `load.refresh` reloads
 * while the data stays on screen (the feed after a post). The screen gives its failure text as input
 * (spec §8: "Error fetching posts", "Error loading stats", "Failed to load package information").
 */
import { assign, setup } from 'xstate';
import { failureOr, notProvided } from './lib/effects.ts';
import type { ViewTag } from './lib/tags.ts';

export interface LoadContext<T = unknown> {
  data: T | null;
  error: string | null;
  failedText: string;
}

export type LoadEvent = { type: 'load.retry' } | { type: 'load.refresh' };

export const loadMachine = setup({
  types: {
    input: {} as { failedText: string },
    context: {} as LoadContext,
    events: {} as LoadEvent,
    tags: {} as ViewTag,
  },
  actors: { load: notProvided<unknown>('load') },
}).createMachine({
  id: 'load',
  context: ({ input }) => ({ data: null, error: null, failedText: input.failedText }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Placeholders show where the data will be',
      tags: ['loading', 'busy'],
      invoke: {
        id: 'load',
        src: 'load',
        onDone: {
          target: 'ready',
          actions: assign({ data: ({ event }) => event.output, error: null }),
          description: 'The data arrives and is shown (or its empty text when there is none)',
        },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ context, event }) => failureOr(event.error, context.failedText) }),
          description: "The server cannot be reached or refuses; the screen's error text shows with Try again",
        },
      },
    },
    ready: {
      description: 'The data is shown',
      tags: ['ready'],
      on: { 'load.refresh': { target: 'refreshing', description: 'Something changed (a new post); reload' } },
    },
    refreshing: {
      description: 'The data stays on screen while it is reloaded',
      tags: ['ready', 'busy'],
      invoke: {
        id: 'load',
        src: 'load',
        onDone: {
          target: 'ready',
          actions: assign({ data: ({ event }) => event.output, error: null }),
          description: 'The new data replaces the old',
        },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ context, event }) => failureOr(event.error, context.failedText) }),
          description: "The reload fails; the screen's error text shows with Try again",
        },
      },
    },
    failed: {
      description: "The screen's error text shows with a Try again button",
      tags: ['error'],
      on: {
        'load.retry': { target: 'loading', actions: assign({ error: null }), description: 'Press "Try again"' },
        'load.refresh': {
          target: 'loading',
          actions: assign({ error: null }),
          description: 'Something changed; load again',
        },
      },
    },
  },
});
