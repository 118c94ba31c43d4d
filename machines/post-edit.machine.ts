/**
 * Post edit (dashboard): a person presses the action, is asked, and the effect runs; a failure is shown in
 * the question, which stays open. Made by `npm run new:flow`: the effect `runPostEdit` is a placeholder
 * the wiring provides. Say here which spec section this flow implements.
 */
import { assign, setup } from 'xstate';
import { confirmThenRun } from './lib/confirm.ts';
import { failureText, notProvided } from './lib/effects.ts';
import type { ViewTag } from './lib/tags.ts';

/** The flow's texts: the spec's where it has them (import those from contracts/), the rest here, once. */
export const POST_EDIT_TEXTS = {
  start: 'Post edit',
  title: 'Post edit?',
  question: 'This action cannot be undone.',
  confirm: 'Post edit',
  busy: 'Working...',
  failed: 'Could not finish: please try again.',
} as const;
const T = POST_EDIT_TEXTS;

export interface PostEditInput {
  /** The row the action is about. */
  id: string;
}

export interface PostEditContext {
  id: string;
  /** Why the effect failed, shown in the question; cleared when the question is asked again. */
  error: string | null;
}

export type PostEditEvent = { type: 'postEdit.start' } | { type: 'postEdit.confirm' } | { type: 'postEdit.cancel' };

const postEdit = setup({
  types: {
    input: {} as PostEditInput,
    context: {} as PostEditContext,
    events: {} as PostEditEvent,
    tags: {} as ViewTag,
  },
  actors: {
    /** Answers nothing; the wiring calls the API (notProvided<void, …>: any answer is fine). */
    runPostEdit: notProvided<void, { id: string }>('runPostEdit'),
  },
  actions: {
    /** The view's callback: the list around it reloads, a toast says so. */
    reportPostEdit: (_, _params: { id: string }) => {},
  },
});

export const postEditMachine = postEdit.createMachine({
  id: 'postEdit',
  context: ({ input }) => ({ id: input.id, error: null }),
  initial: 'idle',
  states: {
    idle: {
      description: `The "${T.start}" button shows`,
      tags: ['ready'],
      on: {
        'postEdit.start': {
          target: 'asking',
          actions: assign({ error: null }),
          description: `Press "${T.start}"`,
        },
      },
    },
    ...confirmThenRun(postEdit)({
      ask: {
        state: 'asking',
        description: `A dialog asks "${T.title}", saying "${T.question}"; focus is on Cancel`,
        confirm: { event: 'postEdit.confirm', description: `Press "${T.confirm}" in the dialog` },
        cancel: { event: 'postEdit.cancel', target: 'idle', description: 'Press "Cancel" (or Escape)' },
      },
      run: {
        state: 'running',
        description: `The action runs; the dialog's button reads "${T.busy}" and both buttons wait`,
        invoke: {
          id: 'runPostEdit',
          src: 'runPostEdit',
          input: ({ context }) => ({ id: context.id }),
          onDone: {
            target: 'idle',
            actions: { type: 'reportPostEdit', params: ({ context }) => ({ id: context.id }) },
            description: 'The server takes it; the dialog closes',
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
