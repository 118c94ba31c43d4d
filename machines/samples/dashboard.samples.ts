/** Samples for the dashboard: the post composer, and the loading parts (feed, stats, package page). */
import { dailyPostLimitReached } from '#contracts/limits.ts';
import type { Post } from '#contracts/posts.ts';
import { followersMachine } from '../followers.machine.ts';
import { defineEntry, done, fail, note, stateAndError } from '../lib/entry.ts';
import { loadMachine } from '../load.machine.ts';
import { composerPlaceholder, postComposerMachine } from '../post-composer.machine.ts';
import { demoBusiness, demoOwner, demoUser } from './demo.samples.ts';

const stopServer = 'stop the server (Ctrl+C where `npm start` runs) and start it again after this step';
const networkFailure = 'An unknown network error occurred.';
const noServerWithoutReason = 'The server always gives a reason, so the fallback text needs a fake';

const newPost: Post = {
  postid: '6d0b5a52-7a6e-4e55-9a3f-1f3c0c1e2b10',
  content: 'Fresh cardamom buns until noon!',
  imageurl: `posts/${demoBusiness.businessid}/0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9.png`,
  createdat: '2026-11-23T09:30:00.000Z',
  authoremail: demoOwner.email,
};

export const postComposerEntry = defineEntry({
  machine: postComposerMachine,
  title: 'Post composer (dashboard)',
  samples: [
    note(
      { type: 'post.edit', content: 'Fresh cardamom buns until noon!' },
      { say: 'type `Fresh cardamom buns until noon!` in the composer' },
    ),
    note({ type: 'post.edit', content: '   ' }, { say: 'replace the text with three spaces' }),
    note(
      { type: 'post.attach', photo: { name: 'buns.png', type: 'image/png', size: 48_000 } },
      { say: 'press "Photo" and choose a PNG or JPG photo smaller than 5 MB' },
    ),
    note(
      { type: 'post.attach', photo: { name: 'menu.pdf', type: 'application/pdf', size: 20_000 } },
      { say: 'press "Photo" and choose a PDF or text file (the file dialog: "All files")' },
    ),
    note(
      { type: 'post.attach', photo: { name: 'huge.jpg', type: 'image/jpeg', size: 6_000_000 } },
      { say: 'press "Photo" and choose a JPG larger than 5 MB' },
    ),
    note({ type: 'post.removePhoto' }, { say: 'press the × on the photo preview' }),
    { type: 'post.submit' },
    done('checkLimit', { canCreate: true, limit: 3 }),
    note(done('checkLimit', { canCreate: false, limit: 3 }), {
      arrange: 'Post three times today first (the demo business is on Starter: 3 posts a day)',
    }),
    note(fail('checkLimit', { message: networkFailure, network: true }), {
      arrange:
        'In DevTools → Network → Network request blocking, block the pattern `*can-create-post*` (remove the block after this scenario)',
      tells:
        'The post is made all the same: it shows at the top of the feed, and DevTools → Network shows the blocked `can-create-post` request',
    }),
    done('getUploadTarget', {
      uploadUrl: 'http://localhost:8787/api/public/media-uploads?key=k&token=t',
      key: newPost.imageurl,
    }),
    note(fail('getUploadTarget', { message: networkFailure, network: true }), {
      arrange:
        'In DevTools → Network → Network request blocking, block the pattern `*upload-url*` (remove the block after this scenario)',
    }),
    done('uploadPhoto'),
    note(fail('uploadPhoto', { message: 'Invalid file type. Please select a JPG, PNG, or GIF.' }), {
      arrange: 'Rename a text file to `fake.png` and choose it as the photo: its bytes are not an image',
    }),
    done('createPost', newPost),
    note(fail('createPost', { message: dailyPostLimitReached(3) }), {
      notByHand: 'Another tab would have to post the last allowed post between the check and this post',
    }),
    note(fail('createPost', { message: '' }), { notByHand: noServerWithoutReason }),
  ],
  uiKey: (s) => ({
    state: s.value,
    text: s.context.content !== '',
    photo: s.context.photo !== null,
    error: !!s.context.error,
  }),
  inputs: [
    {
      label: 'The dashboard of the demo business',
      input: { business: demoBusiness, firstName: demoUser.firstname },
      start: { url: '/', signedInAs: demoOwner },
    },
    {
      label: 'The dashboard when the business profile could not be loaded',
      input: { business: null, firstName: demoUser.firstname },
      start: {
        url: '/',
        signedInAs: demoOwner,
        andThen: 'in DevTools → Network, block the request URL `/api/businesses/me` and reload the page',
      },
    },
  ],
  plan: {
    shows: (s) => [
      `The composer's placeholder reads "${composerPlaceholder(s.context.firstName)}"`,
      ...(s.context.photo ? [`A preview of ${s.context.photo.name} with a remove button`] : []),
      ...(s.context.error ? [`Under the composer: "${s.context.error}"`] : []),
    ],
    test: 'tests/generated/post-composer.generated.test.tsx',
    usesUp:
      "Each post counts toward the day's limit (Starter: 3 a day) and stays in the feed: the next day, or a fresh seed puts it back",
  },
});

export const loadEntry = defineEntry({
  machine: loadMachine,
  title: 'Loading a part of a page (Your Feed, the stats cards, My Package)',
  samples: [
    note({ type: 'load.retry' }, { say: 'press "Try again"' }),
    note({ type: 'load.refresh' }, { say: 'post something with the composer (Your Feed reloads)' }),
    done('load', []),
    note(fail('load', { message: networkFailure, network: true }), { arrange: stopServer }),
  ],
  uiKey: stateAndError,
  inputs: [
    {
      label: 'Your Feed on the dashboard',
      input: { failedText: 'Error fetching posts' },
      start: { url: '/', signedInAs: demoOwner },
    },
  ],
  plan: {
    test: 'tests/generated/load.generated.test.tsx',
  },
});

export const followersEntry = defineEntry({
  machine: followersMachine,
  title: 'Your Followers (/customers)',
  samples: [
    { type: 'followers.next' },
    { type: 'followers.previous' },
    note({ type: 'followers.retry' }, { say: 'press "Try again"' }),
    note({ type: 'followers.open', customerid: 'a1' }, { say: 'press the first follower in the list' }),
    note({ type: 'followers.close' }, { say: 'press "Close" (or Escape)' }),
    note({ type: 'followers.export' }, { say: 'press "Export CSV"' }),
    note({ type: 'followers.search', q: 'amelia' }, { say: 'type `amelia` in "Search followers"' }),
    note({ type: 'followers.search', q: 'zzzz' }, { say: 'replace the search with `zzzz`' }),
    note({ type: 'followers.search', q: '' }, { say: 'clear "Search followers"' }),
    done('loadPage', {
      followers: [
        { customerid: 'a1', firstname: 'Amelia', lastname: 'Hughes', followedat: '2026-11-20T10:00:00.000Z' },
      ],
      pagination: { currentPage: 1, totalPages: 3 },
    }),
    note(done('loadPage', { followers: [], pagination: { currentPage: 1, totalPages: 0 } }), {
      arrange: 'Sign in as a business without followers (register a new business)',
    }),
    note(fail('loadPage', { message: networkFailure, network: true }), { arrange: stopServer }),
    done('loadDetail', {
      firstname: 'Amelia',
      surname: 'Hughes',
      email: 'amelia.hughes.0@customers.example',
      createdat: '2026-11-20T09:58:00.000Z',
      history: {
        vouchers: [
          {
            title: 'Free coffee',
            status: 'redeemed',
            issuedat: '2026-11-21T10:00:00.000Z',
            redeemedat: '2026-11-22T10:00:00.000Z',
          },
        ],
        bookings: [
          {
            bookingid: '5a0c1f7e-2b3d-4c5e-8f90-1a2b3c4d5e6f',
            resourcename: 'Window table',
            start: '2026-11-26T15:00:00.000Z',
            status: 'confirmed',
          },
        ],
        conversationid: '7b1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
      },
    }),
    note(
      done('loadDetail', {
        firstname: 'Quinn',
        surname: null,
        email: 'quinn@customers.example',
        createdat: '2026-11-20T09:58:00.000Z',
        history: { vouchers: [], bookings: [], conversationid: null },
      }),
      { arrange: 'Open a follower who has claimed no voucher, made no booking and sent no message' },
    ),
    note(fail('loadDetail', { message: 'Follower not found.' }), {
      notByHand: 'The customer would have to unfollow between the list loading and the press',
    }),
    done('exportCsv'),
    note(fail('exportCsv', { message: networkFailure, network: true }), { arrange: stopServer }),
  ],
  uiKey: (s) => ({
    state: s.value,
    page: s.context.page,
    searching: s.context.query.trim() !== '',
    empty: s.context.list?.followers.length === 0,
    pages: s.context.list?.pagination.totalPages ?? 0,
    error: !!s.context.error,
  }),
  plan: {
    start: { url: '/customers', signedInAs: demoOwner },
    lasting: [],
    shows: (s) => [
      ...(s.context.list && s.context.list.pagination.totalPages > 1
        ? [`"Page ${s.context.page} of ${s.context.list.pagination.totalPages}"`]
        : []),
      ...(s.context.query.trim() ? [`"Search followers" holds "${s.context.query}", and so does the URL (q=)`] : []),
      ...(s.context.error && s.matches({ ready: 'detail' }) ? [`The dialog's alert: "${s.context.error}"`] : []),
      ...(s.context.error && s.matches({ ready: 'list' }) ? [`An alert: "${s.context.error}"`] : []),
    ],
    test: 'tests/generated/followers.generated.test.tsx',
  },
});
