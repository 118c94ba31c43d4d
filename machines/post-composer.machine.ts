/**
 * The post composer on the dashboard (spec §2 "Post composer", §5 post rules, §8 "Could not create the
 * post."): text and an optional photo, checked, then the daily limit asked, the photo uploaded to a
 * signed target, and the post created. Effects are actors (checkLimit, getUploadTarget, uploadPhoto,
 * createPost) and one action (reportPosted: the feed refreshes).
 */
import { assertEvent, assign, setup } from 'xstate';
import type { BusinessProfile } from '#contracts/businesses.ts';
import { dailyPostLimitReached } from '#contracts/limits.ts';
import { IMAGE_TYPES, MAX_IMAGE_BYTES, POST_TEXTS, type Post, type UploadTarget } from '#contracts/posts.ts';
import { failureText, notProvided } from './lib/effects.ts';

/** The chosen photo: what the browser's file picker gave (the bytes travel in `data`). */
export interface Photo {
  name: string;
  type: string;
  size: number;
  data?: Blob;
}

export interface ComposerContext {
  business: BusinessProfile | null;
  firstName: string | null;
  content: string;
  photo: Photo | null;
  target: UploadTarget | null;
  /** The message under the composer: a rule broken, the limit reached, or why posting failed. */
  error: string | null;
  /** Posts left today, from the limit check's answer (null until the server has said). */
  postsLeft?: number | null;
}

export type ComposerEvent =
  | { type: 'post.edit'; content: string }
  | { type: 'post.attach'; photo: Photo }
  | { type: 'post.removePhoto' }
  | { type: 'post.submit' };

export const composerPlaceholder = (firstName: string | null) =>
  `What's on your mind${firstName?.trim() ? `, ${firstName.trim()}` : ''}?`;

/** The spec's check of a picked file, before anything is sent. */
export function photoProblem(photo: Photo): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(photo.type)) return POST_TEXTS.fileType;
  if (photo.size > MAX_IMAGE_BYTES) return POST_TEXTS.fileSize;
  return null;
}

export const postComposerMachine = setup({
  types: {
    input: {} as { business: BusinessProfile | null; firstName: string | null },
    context: {} as ComposerContext,
    events: {} as ComposerEvent,
    tags: {} as 'busy',
  },
  actors: {
    checkLimit: notProvided<{ canCreate: boolean; limit: number; remaining?: number }, { businessid: string }>(
      'checkLimit',
    ),
    getUploadTarget: notProvided<UploadTarget, { filename: string; fileType: string }>('getUploadTarget'),
    uploadPhoto: notProvided<void, { target: UploadTarget; photo: Photo }>('uploadPhoto'),
    createPost: notProvided<Post, { businessid: string; content: string | null; imageUrl: string | null }>(
      'createPost',
    ),
  },
  actions: {
    reportPosted: (_, _params: { post: Post }) => {},
    clear: assign({ content: '', photo: null, target: null, error: null }),
    notePostsLeft: assign({
      postsLeft: ({ context, event }) => {
        const remaining = (event as { output?: { remaining?: unknown } }).output?.remaining;
        return typeof remaining === 'number' ? remaining : (context.postsLeft ?? null);
      },
    }),
  },
  guards: {
    hasSomething: ({ context }) => context.content !== '' || context.photo !== null,
    nothingToPost: ({ context }) => context.content.trim() === '' && context.photo === null,
    noBusiness: ({ context }) => context.business === null,
    photoRefused: ({ event }) => {
      assertEvent(event, 'post.attach');
      return photoProblem(event.photo) !== null;
    },
    hasPhoto: ({ context }) => context.photo !== null,
  },
}).createMachine({
  id: 'postComposer',
  context: ({ input }) => ({
    business: input.business,
    firstName: input.firstName,
    content: '',
    photo: null,
    target: null,
    error: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      description:
        'The composer shows "What\'s on your mind, {first name}?", a Photo button and Post (off while there is neither text nor a photo)',
      on: {
        'post.edit': {
          actions: assign({ content: ({ event }) => event.content, error: null }),
          description: 'Type in the composer',
        },
        'post.attach': [
          {
            guard: 'photoRefused',
            actions: assign({ error: ({ event }) => photoProblem(event.photo) }),
            description:
              'Choose a file that is not a JPG, PNG or GIF, or is over 5 MB; it is not attached and the reason shows',
          },
          {
            // A new photo needs its own upload: an earlier target (even one spent on a refused file) goes.
            actions: assign({ photo: ({ event }) => event.photo, target: null, error: null }),
            description: 'Choose a JPG, PNG or GIF of at most 5 MB; its preview shows with a remove button',
          },
        ],
        'post.removePhoto': {
          guard: 'hasPhoto',
          // The photo's upload target goes with it, so a text-only post names no image (issue 26).
          actions: assign({ photo: null, target: null }),
          description: 'Press the remove button on the photo preview',
        },
        'post.submit': { guard: 'hasSomething', target: 'validating', description: 'Press "Post"' },
      },
    },
    validating: {
      description: 'The post is checked before anything is sent',
      always: [
        {
          guard: 'nothingToPost',
          target: 'idle',
          actions: assign({ error: POST_TEXTS.empty }),
          description: 'Only spaces were typed and no photo chosen: "Please add some content or an image."',
        },
        {
          guard: 'noBusiness',
          target: 'idle',
          actions: assign({ error: POST_TEXTS.noBusiness }),
          description: 'The business profile could not be loaded: "Business profile not available."',
        },
        { target: 'checkingLimit', actions: assign({ error: null }), description: 'There is something to post' },
      ],
    },
    checkingLimit: {
      description: 'The daily post limit of the package is checked; the button reads "Posting..."',
      tags: ['busy'],
      invoke: {
        id: 'checkLimit',
        src: 'checkLimit',
        input: ({ context }) => ({ businessid: context.business!.businessid }),
        onDone: [
          {
            guard: ({ event }) => !event.output.canCreate,
            target: 'idle',
            actions: assign({ error: ({ event }) => dailyPostLimitReached(event.output.limit), postsLeft: 0 }),
            description:
              'Today\'s posts already reach the package limit: "You\'ve reached your daily post limit ({limit} posts). Upgrade your package to post more."',
          },
          {
            guard: 'hasPhoto',
            target: 'gettingUploadTarget',
            actions: 'notePostsLeft',
            description: 'Under the limit, with a photo',
          },
          { target: 'posting', actions: 'notePostsLeft', description: 'Under the limit, text only' },
        ],
        onError: [
          // Spec §5: if the limit check itself fails, posting proceeds (the server still enforces it).
          { guard: 'hasPhoto', target: 'gettingUploadTarget', description: 'The limit check fails; posting goes on' },
          { target: 'posting', description: 'The limit check fails; posting goes on (text only)' },
        ],
      },
    },
    gettingUploadTarget: {
      description: 'A signed upload address for the photo is requested',
      tags: ['busy'],
      invoke: {
        id: 'getUploadTarget',
        src: 'getUploadTarget',
        input: ({ context }) => ({ filename: context.photo!.name, fileType: context.photo!.type }),
        onDone: {
          target: 'uploading',
          actions: assign({ target: ({ event }) => event.output }),
          description: 'The server gives an upload address',
        },
        onError: {
          target: 'idle',
          actions: assign({ error: ({ event }) => failureText(event.error, POST_TEXTS.createFailed) }),
          description: 'The server refuses or cannot be reached; the reason shows and nothing is lost',
        },
      },
    },
    uploading: {
      description: 'The photo is being uploaded',
      tags: ['busy'],
      invoke: {
        id: 'uploadPhoto',
        src: 'uploadPhoto',
        input: ({ context }) => ({ target: context.target!, photo: context.photo! }),
        onDone: { target: 'posting', description: 'The photo is stored' },
        onError: {
          target: 'idle',
          // The refused upload's key names nothing stored: it must never reach a post.
          actions: assign({ error: ({ event }) => failureText(event.error, POST_TEXTS.createFailed), target: null }),
          description: 'The upload is refused (type by content, size) or fails; the reason shows, text and photo stay',
        },
      },
    },
    posting: {
      description: 'The post is being created',
      tags: ['busy'],
      invoke: {
        id: 'createPost',
        src: 'createPost',
        input: ({ context }) => ({
          businessid: context.business!.businessid,
          content: context.content.trim() || null,
          imageUrl: context.photo ? (context.target?.key ?? null) : null,
        }),
        onDone: {
          target: 'idle',
          actions: [
            'clear',
            assign({
              postsLeft: ({ context }) => (context.postsLeft == null ? null : Math.max(0, context.postsLeft - 1)),
            }),
            { type: 'reportPosted', params: ({ event }) => ({ post: event.output }) },
          ],
          description: 'The post is created; the composer clears and the feed shows it at the top',
        },
        onError: {
          target: 'idle',
          actions: assign({ error: ({ event }) => failureText(event.error, POST_TEXTS.createFailed), target: null }),
          description:
            'The server refuses (e.g. the daily limit reached meanwhile) or cannot be reached; its message shows, else "Could not create the post."',
        },
      },
    },
  },
});
