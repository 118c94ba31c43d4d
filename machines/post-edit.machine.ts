/**
 * Editing a post in place on its card in Your Feed (issue 21; the spec has no words for it, so its texts
 * are here). The text is edited; the image stays. The rules are a new post's (spec §5): something to
 * show, checked here first and again by the server. Made by `npm run new:flow -- dashboard post-edit`.
 */
import { assign, setup } from 'xstate';
import { POST_TEXTS, type Post } from '#contracts/posts.ts';
import { failureText, notProvided } from './lib/effects.ts';
import type { ViewTag } from './lib/tags.ts';

/** The flow's texts: the spec's where it has them (import those from contracts/), the rest here, once. */
export const POST_EDIT_TEXTS = {
  start: 'Edit',
  label: 'Edit post text',
  save: 'Save',
  busy: 'Saving...',
  cancel: 'Cancel',
  failed: 'Could not save the post.',
} as const;
const T = POST_EDIT_TEXTS;

export interface PostEditInput {
  post: Post;
}

export interface PostEditContext {
  post: Post;
  draft: string;
  /** Why the save was refused or failed, shown under the editor; cleared by typing or leaving. */
  error: string | null;
}

export type PostEditEvent =
  | { type: 'postEdit.start' }
  | { type: 'postEdit.change'; content: string }
  | { type: 'postEdit.save' }
  | { type: 'postEdit.cancel' };

const postEdit = setup({
  types: {
    input: {} as PostEditInput,
    context: {} as PostEditContext,
    events: {} as PostEditEvent,
    tags: {} as ViewTag,
  },
  actors: {
    runPostEdit: notProvided<Post, { postid: string; content: string | null; imageUrl: string | null }>('runPostEdit'),
  },
  actions: {
    /** The view's callback: Your Feed reloads. */
    reportPostEdit: (_, _params: { post: Post }) => {},
  },
  guards: {
    nothingToShow: ({ context }) => context.draft.trim() === '' && context.post.imageurl === null,
  },
});

export const postEditMachine = postEdit.createMachine({
  id: 'postEdit',
  context: ({ input }) => ({ post: input.post, draft: input.post.content, error: null }),
  initial: 'idle',
  states: {
    idle: {
      description: `The card shows the post's text and an "${T.start}" button`,
      tags: ['ready'],
      on: {
        'postEdit.start': {
          target: 'editing',
          actions: assign({ draft: ({ context }) => context.post.content, error: null }),
          description: `Press "${T.start}" on the card`,
        },
      },
    },
    editing: {
      description: `The text becomes an editor holding it, focused, with "${T.cancel}" and "${T.save}"`,
      tags: ['ready'],
      on: {
        'postEdit.change': {
          actions: assign({ draft: ({ event }) => event.content, error: null }),
          description: 'Type in the editor',
        },
        'postEdit.save': [
          {
            guard: 'nothingToShow',
            actions: assign({ error: POST_TEXTS.empty }),
            description: `Press "${T.save}" with only spaces on a post without a photo: "${POST_TEXTS.empty}"`,
          },
          { target: 'saving', description: `Press "${T.save}" (or Ctrl+Enter)` },
        ],
        'postEdit.cancel': {
          target: 'idle',
          actions: assign({ error: null }),
          description: `Press "${T.cancel}" (or Escape in the editor); the text is as before`,
        },
      },
    },
    saving: {
      description: `The post is being saved; "${T.save}" reads "${T.busy}" and both buttons wait`,
      tags: ['busy'],
      invoke: {
        id: 'runPostEdit',
        src: 'runPostEdit',
        input: ({ context }) => ({
          postid: context.post.postid,
          content: context.draft.trim() || null,
          imageUrl: context.post.imageurl,
        }),
        onDone: {
          target: 'idle',
          actions: [
            assign({ post: ({ event }) => event.output }),
            { type: 'reportPostEdit', params: ({ event }) => ({ post: event.output }) },
          ],
          description: 'The post is saved; the card shows the new text',
        },
        onError: {
          target: 'editing',
          actions: assign({ error: ({ event }) => failureText(event.error, T.failed) }),
          description: 'The server refuses or cannot be reached; the editor stays with the reason under it',
        },
      },
    },
  },
});
