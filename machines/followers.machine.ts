/**
 * The Followers page (spec §2 "Followers (/customers)"): a page of followers at a time, Previous and
 * Next, a search by name or e-mail (issue 26: after a pause in typing, from page 1; the page and the
 * search start from the URL), a follower's details and history in a dialog, and the list as a CSV file.
 * Effects are actors: loadPage, loadDetail, exportCsv.
 */
import { assign, setup } from 'xstate';
import type { FollowerDetail, FollowersPage } from '#contracts/followers.ts';
import { failureOr, failureText, notProvided } from './lib/effects.ts';
import type { ViewTag } from './lib/tags.ts';

export const FOLLOWERS_TEXTS = {
  loadFailed: 'Could not load followers.',
  detailFailed: 'Could not fetch follower details.',
  exportFailed: 'Could not export followers. Please try again.',
  empty: "You don't have any followers yet.",
  searchLabel: 'Search followers',
  searchHint: 'Name or e-mail',
} as const;

/** "No followers match "amelia"." */
export const noFollowersMatch = (query: string) => `No followers match "${query.trim()}".`;

/** How long the search waits for a pause in typing. */
export const FOLLOWERS_SEARCH_DEBOUNCE_MS = 300;

/** Where the page starts: the page number and search of the URL (`/customers?page=2&q=amelia`). */
export interface FollowersInput {
  page?: number;
  q?: string;
}

export interface FollowersContext {
  page: number;
  /** The search as typed; the list shows the followers matching its trimmed words (all when blank). */
  query: string;
  list: FollowersPage | null;
  /**
   * The failure on show: "Could not load followers." in place of the list, a failed export over the
   * list, or "Could not fetch follower details." in the Follower Details dialog.
   */
  error: string | null;
  selected: string | null;
  detail: FollowerDetail | null;
}

export type FollowersEvent =
  | { type: 'followers.next' }
  | { type: 'followers.previous' }
  | { type: 'followers.retry' }
  | { type: 'followers.search'; q: string }
  | { type: 'followers.open'; customerid: string }
  | { type: 'followers.close' }
  | { type: 'followers.export' };

export const followersMachine = setup({
  types: {
    context: {} as FollowersContext,
    events: {} as FollowersEvent,
    input: {} as FollowersInput | undefined,
    tags: {} as ViewTag | 'exporting',
  },
  actors: {
    loadPage: notProvided<FollowersPage, { page: number; q: string }>('loadPage'),
    loadDetail: notProvided<FollowerDetail, { customerid: string }>('loadDetail'),
    exportCsv: notProvided<void>('exportCsv'),
  },
  delays: { debounce: FOLLOWERS_SEARCH_DEBOUNCE_MS },
  guards: {
    newSearch: ({ context, event }) => event.type === 'followers.search' && event.q !== context.query,
    hasNext: ({ context }) => !!context.list && context.page < context.list.pagination.totalPages,
    hasPrevious: ({ context }) => context.page > 1,
    listed: ({ context, event }) =>
      event.type === 'followers.open' && !!context.list?.followers.some((f) => f.customerid === event.customerid),
    hasFollowers: ({ context }) => (context.list?.followers.length ?? 0) > 0,
  },
}).createMachine({
  id: 'followers',
  context: ({ input }) => ({
    page: input?.page && Number.isSafeInteger(input.page) && input.page > 0 ? input.page : 1,
    query: input?.q ?? '',
    list: null,
    error: null,
    selected: null,
    detail: null,
  }),
  initial: 'loading',
  on: {
    'followers.search': {
      guard: 'newSearch',
      target: '.typing',
      actions: assign({ query: ({ event }) => event.q, page: 1, error: null }),
      description: 'Type in "Search followers" (a name or e-mail)',
    },
  },
  states: {
    typing: {
      description: 'The search waits for a pause in typing; the list shown stays',
      tags: ['ready'],
      after: {
        debounce: {
          target: 'loading',
          description: 'A moment passes without typing: page 1 of the matching followers loads',
        },
      },
    },
    loading: {
      description: 'Placeholder rows show while a page of followers loads',
      tags: ['loading', 'busy'],
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => ({ page: context.page, q: context.query.trim() }),
        onDone: {
          target: 'ready',
          actions: assign({ list: ({ event }) => event.output, error: null }),
          description:
            'The page shows each follower with initials, name and "Followed on: {date}", and "Page X of Y" when there is more than one page (or "You don\'t have any followers yet.", or with a search "No followers match …")',
        },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => failureOr(event.error, FOLLOWERS_TEXTS.loadFailed) }),
          description: 'The server cannot be reached or refuses: "Could not load followers." with Try again',
        },
      },
    },
    failed: {
      description: '"Could not load followers." shows with a Try again button',
      tags: ['error'],
      on: {
        'followers.retry': { target: 'loading', actions: assign({ error: null }), description: 'Press "Try again"' },
      },
    },
    ready: {
      description: 'A page of followers is shown',
      tags: ['ready'],
      initial: 'list',
      on: {
        'followers.next': {
          guard: 'hasNext',
          target: '#followers.loading',
          actions: assign({ page: ({ context }) => context.page + 1, error: null }),
          description: 'Press "Next"',
        },
        'followers.previous': {
          guard: 'hasPrevious',
          target: '#followers.loading',
          actions: assign({ page: ({ context }) => context.page - 1, error: null }),
          description: 'Press "Previous"',
        },
      },
      states: {
        list: {
          description: 'The followers of this page, with Previous / Next and Export CSV',
          on: {
            'followers.open': {
              guard: 'listed',
              target: 'loadingDetail',
              actions: assign({ selected: ({ event }) => event.customerid, detail: null, error: null }),
              description: 'Press a follower',
            },
            'followers.export': {
              guard: 'hasFollowers',
              target: 'exporting',
              actions: assign({ error: null }),
              description: 'Press "Export CSV"',
            },
          },
        },
        exporting: {
          description: 'Every follower is being written to a CSV file; the button reads "Exporting..."',
          tags: ['exporting'],
          invoke: {
            id: 'exportCsv',
            src: 'exportCsv',
            onDone: { target: 'list', description: 'The browser saves followers-….csv' },
            onError: {
              target: 'list',
              actions: assign({ error: ({ event }) => failureText(event.error, FOLLOWERS_TEXTS.exportFailed) }),
              description: 'The export fails; an alert says so and the list stays',
            },
          },
        },
        loadingDetail: {
          description: 'The "Follower Details" dialog opens and loads the follower',
          invoke: {
            id: 'loadDetail',
            src: 'loadDetail',
            input: ({ context }) => ({ customerid: context.selected! }),
            onDone: {
              target: 'detail',
              actions: assign({ detail: ({ event }) => event.output }),
              description:
                "The dialog shows the name, email and joined date, and the follower's vouchers, bookings and a link to the conversation",
            },
            onError: {
              target: 'detail',
              actions: assign({ error: ({ event }) => failureOr(event.error, FOLLOWERS_TEXTS.detailFailed) }),
              description:
                'The follower cannot be fetched: the alert with the server\'s reason (e.g. "Follower not found."), else "Could not fetch follower details."',
            },
          },
          on: { 'followers.close': { target: 'list', description: 'Close the dialog while it loads' } },
        },
        detail: {
          description: '"Follower Details" shows the follower (or why it could not)',
          on: {
            'followers.close': {
              target: 'list',
              actions: assign({ selected: null, detail: null, error: null }),
              description: 'Close the dialog (Close, ×, or Escape); focus returns to the follower',
            },
          },
        },
      },
    },
  },
});
