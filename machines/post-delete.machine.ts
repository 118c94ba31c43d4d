/**
 * Deleting a post from its card in Your Feed (issue 21; the spec has no words for it, so its texts are
 * here). The post leaves both feeds, its image leaves the media store, and it still counts toward today's
 * post limit (the server's rule). Made by `npm run new:flow -- dashboard post-delete`.
 */
import { assign, setup } from 'xstate';
import { confirmThenRun } from './lib/confirm.ts';
import { failureText, notProvided } from './lib/effects.ts';
import type { ViewTag } from './lib/tags.ts';

/** The flow's texts: the spec's where it has them (import those from contracts/), the rest here, once. */
export const POST_DELETE_TEXTS = {
  start: 'Delete',
  title: 'Delete this post?',
  question: 'Followers will no longer see it. It still counts toward today’s post limit.',
  confirm: 'Delete post',
  busy: 'Deleting...',
  failed: 'Could not delete the post.',
} as const;
const T = POST_DELETE_TEXTS;

export interface PostDeleteInput {
  /** The row the action is about. */
  id: string;
}

export interface PostDeleteContext {
  id: string;
  /** Why the effect failed, shown in the question; cleared when the question is asked again. */
  error: string | null;
}

export type PostDeleteEvent =
  | { type: 'postDelete.start' }
  | { type: 'postDelete.confirm' }
  | { type: 'postDelete.cancel' };

const postDelete = setup({
  types: {
    input: {} as PostDeleteInput,
    context: {} as PostDeleteContext,
    events: {} as PostDeleteEvent,
    tags: {} as ViewTag,
  },
  actors: {
    /** Answers nothing; the wiring calls the API (notProvided<void, …>: any answer is fine). */
    runPostDelete: notProvided<void, { id: string }>('runPostDelete'),
  },
  actions: {
    /** The view's callback: the list around it reloads, a toast says so. */
    reportPostDelete: (_, _params: { id: string }) => {},
  },
});

export const postDeleteMachine = postDelete.createMachine({
  id: 'postDelete',
  context: ({ input }) => ({ id: input.id, error: null }),
  initial: 'idle',
  states: {
    idle: {
      description: `The "${T.start}" button shows`,
      tags: ['ready'],
      on: {
        'postDelete.start': {
          target: 'asking',
          actions: assign({ error: null }),
          description: `Press "${T.start}"`,
        },
      },
    },
    ...confirmThenRun(postDelete)({
      ask: {
        state: 'asking',
        description: `A dialog asks "${T.title}", saying "${T.question}"; focus is on Cancel`,
        confirm: { event: 'postDelete.confirm', description: `Press "${T.confirm}" in the dialog` },
        cancel: { event: 'postDelete.cancel', target: 'idle', description: 'Press "Cancel" (or Escape)' },
      },
      run: {
        state: 'running',
        description: `The action runs; the dialog's button reads "${T.busy}" and both buttons wait`,
        invoke: {
          id: 'runPostDelete',
          src: 'runPostDelete',
          input: ({ context }) => ({ id: context.id }),
          onDone: {
            target: 'idle',
            actions: { type: 'reportPostDelete', params: ({ context }) => ({ id: context.id }) },
            description: 'The post is deleted; the dialog closes and Your Feed reloads without it',
          },
          onError: {
            target: 'asking',
            actions: assign({ error: ({ event }) => failureText(event.error, T.failed) }),
            description: 'The server refuses or cannot be reached; the dialog stays with the reason',
          },
        },
      },
    }),
  },
});
