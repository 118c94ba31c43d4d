/**
 * Create Booking's suggestions under Customer Email (issue 24): typing at least 2 characters of a name or
 * e-mail lists the business's matching followers and past guests after a short pause (debounce); newer
 * typing restarts the pause and stops the request it replaces (its answer is never shown). Arrow keys
 * move through the list, Enter or a click picks (`fill` puts the e-mail in the field), Escape closes.
 * A failed search is quiet: the list stays closed and the field works as a plain e-mail input.
 * Effects: searchCustomers; `fill` tells the booking form.
 */
import { assertEvent, assign, setup } from 'xstate';
import { BOOKING_TEXTS, CUSTOMER_SEARCH_MIN, type CustomerSuggestion } from '#contracts/bookings.ts';
import { failureOr, notProvided } from './lib/effects.ts';
import type { ViewTag } from './lib/tags.ts';

export interface CustomerSuggestContext {
  query: string;
  suggestions: CustomerSuggestion[];
  /** The highlighted option (aria-activedescendant), -1 for none. */
  active: number;
  /** The last search's failure; never shown (the field stays a plain e-mail input). */
  error: string | null;
}

export type CustomerSuggestEvent =
  | { type: 'suggest.type'; value: string }
  | { type: 'suggest.next' }
  | { type: 'suggest.previous' }
  | { type: 'suggest.pick'; index: number }
  | { type: 'suggest.close' };

export const SUGGEST_DEBOUNCE_MS = 250;

const longEnough = (value: string) => value.trim().length >= CUSTOMER_SEARCH_MIN;
const closedList = { suggestions: [] as CustomerSuggestion[], active: -1 };

/** "Ada Lovelace", or the e-mail when the customer has no name. */
export const suggestionName = (s: CustomerSuggestion) =>
  [s.firstname, s.lastname].filter((part) => part?.trim()).join(' ') || s.email;

export const customerSuggestMachine = setup({
  types: {
    context: {} as CustomerSuggestContext,
    events: {} as CustomerSuggestEvent,
    tags: {} as ViewTag | 'open',
  },
  actors: {
    searchCustomers: notProvided<CustomerSuggestion[], { q: string }>('searchCustomers'),
  },
  delays: { debounce: SUGGEST_DEBOUNCE_MS },
  actions: {
    fill: (_, _params: { email: string }) => {},
    remember: assign({
      query: ({ event }) => {
        assertEvent(event, 'suggest.type');
        return event.value;
      },
    }),
  },
  guards: {
    searchable: ({ event }) => event.type === 'suggest.type' && longEnough(event.value),
    found: ({ event }) => (event as { output?: unknown[] }).output?.length !== 0,
    listed: ({ context, event }) =>
      event.type === 'suggest.pick' && event.index >= 0 && event.index < context.suggestions.length,
  },
}).createMachine({
  id: 'customerSuggest',
  context: { query: '', ...closedList, error: null },
  initial: 'closed',
  on: {
    'suggest.type': [
      {
        guard: 'searchable',
        target: '.waiting',
        reenter: true,
        actions: ['remember', assign({ ...closedList })],
        description: 'Type at least 2 characters in Customer Email: the search waits for a pause in typing',
      },
      {
        target: '.closed',
        actions: ['remember', assign({ ...closedList })],
        description: 'Type fewer than 2 characters in Customer Email: nothing is searched and no list shows',
      },
    ],
  },
  states: {
    closed: {
      description: 'Customer Email is a plain e-mail input; no suggestion list shows',
    },
    waiting: {
      description: 'A pause in typing is awaited before searching',
      after: { debounce: { target: 'searching', description: 'A quarter of a second passes without typing' } },
    },
    searching: {
      description: 'Matching followers and past guests are being looked up',
      tags: ['loading'],
      invoke: {
        id: 'searchCustomers',
        src: 'searchCustomers',
        input: ({ context }) => ({ q: context.query.trim() }),
        onDone: [
          {
            guard: 'found',
            target: 'open',
            actions: assign({ suggestions: ({ event }) => event.output, active: -1, error: null }),
            description:
              'Matches arrive: a list under Customer Email shows name, e-mail and "Follower" or "Past guest"',
          },
          {
            target: 'closed',
            actions: assign({ ...closedList, error: null }),
            description: 'Nobody matches: no list shows',
          },
        ],
        onError: {
          target: 'closed',
          actions: assign({
            ...closedList,
            error: ({ event }) => failureOr(event.error, BOOKING_TEXTS.customersFailed),
          }),
          description: 'The search fails: no list shows and Customer Email works as a plain e-mail input',
        },
      },
    },
    open: {
      description: 'The suggestion list shows under Customer Email',
      tags: ['ready', 'open'],
      on: {
        'suggest.next': {
          actions: assign({ active: ({ context }) => (context.active + 1) % context.suggestions.length }),
          description: 'Press ArrowDown in Customer Email: the next suggestion is highlighted',
        },
        'suggest.previous': {
          actions: assign({
            active: ({ context }) => (context.active <= 0 ? context.suggestions.length - 1 : context.active - 1),
          }),
          description: 'Press ArrowUp in Customer Email: the previous suggestion is highlighted',
        },
        'suggest.pick': {
          guard: 'listed',
          target: 'closed',
          actions: [
            {
              type: 'fill',
              params: ({ context, event }) => {
                assertEvent(event, 'suggest.pick');
                return { email: context.suggestions[event.index]!.email };
              },
            },
            assign({ ...closedList }),
          ],
          description: 'Click a suggestion (or press Enter on the highlighted one): its e-mail fills Customer Email',
        },
        'suggest.close': {
          target: 'closed',
          actions: assign({ ...closedList }),
          description: 'Press Escape (or leave Customer Email): the list closes',
        },
      },
    },
  },
});
