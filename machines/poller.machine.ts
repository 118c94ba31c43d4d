/**
 * A poller as a statechart (docs/decisions/012-messaging-polls-and-etags.md). The faults web pollers
 * usually have are impossible by construction:
 * - never two requests in flight: the next request is scheduled only in `waiting`/`backingOff`, which
 *   are entered after the previous one settled (fixed delay between the end of one and the next);
 * - no requests while the tab is hidden: `visibility.hidden` leaves `active`, which cancels the timer
 *   and stops (aborts) the request; `visibility.visible` comes back with an immediate fetch;
 * - failures back off exponentially with jitter, capped, and reset on the next success; a 429 waits
 *   what its Retry-After says;
 * - stopping the actor (the panel or the chat closes) aborts the request;
 * - a 304 (`unchanged`) keeps the very same data object, so nothing that selects it re-renders.
 * One factory makes the conversations poller (15 s) and the chat poller (10 s); effects are actors.
 */
import { assign, fromCallback, setup } from 'xstate';
import { failureText, notProvided } from './lib/effects.ts';

/** What one poll answers: new data with its ETag, or "unchanged" (HTTP 304). */
export type PollResult<T> = { kind: 'fresh'; data: T; etag: string | null } | { kind: 'unchanged' };

/** A failed poll: the wiring's text (e.g. "HTTP 503: Service Unavailable"), its status and Retry-After. */
export interface PollFailure {
  message: string;
  network?: boolean;
  status?: number;
  /** Seconds, from a 429's Retry-After header. */
  retryAfter?: number;
}

export interface PollerInput<P> {
  /** The request's parameters (the status filter, the conversation id). */
  params: P;
  /** Whether the tab is hidden when the poller starts (document.visibilityState). */
  hidden: boolean;
  /** The jitter source, 0..1 (Math.random in the app; fixed in tests). */
  random?: () => number;
}

export interface PollerContext<T, P> {
  params: P;
  data: T | null;
  error: string | null;
  etag: string | null;
  /** Failures in a row since the last success. */
  failures: number;
  /** The wait before the next attempt after a failure. */
  retryMs: number;
  random: () => number;
  startHidden: boolean;
  /** poll.now came while a request was on its way: ask again as soon as it answers. */
  again: boolean;
}

export type PollerEvent =
  | { type: 'visibility.hidden' }
  | { type: 'visibility.visible' }
  /** Fetch now instead of at the next tick (something changed here: a message sent, a conversation read). */
  | { type: 'poll.now' };

/** The longest a failing poller waits between attempts. */
export const MAX_BACKOFF_MS = 5 * 60_000;
/** The longest Retry-After honoured (a misconfigured server must not park the poller for a day). */
export const MAX_RETRY_AFTER_MS = 60 * 60_000;

/**
 * Exponential backoff with "equal jitter": after the n-th failure in a row the wait is between half and
 * all of min(cap, interval * 2^n), so many clients that failed together do not retry together.
 */
export function backoffMs(interval: number, failures: number, random: number): number {
  const ceiling = Math.min(MAX_BACKOFF_MS, interval * 2 ** Math.min(failures, 20));
  return Math.round(ceiling / 2 + (ceiling / 2) * random);
}

export const NETWORK_ERROR = 'An unknown network error occurred.';

export interface PollerOptions {
  id: string;
  /** Spec §9: 15 s for the conversations, 10 s for an open chat. */
  interval: number;
  /** What the poller keeps when a poll fails: the data ('keep', chat: failures are logged only) or an empty list with the error text ('empty'). */
  onFailure: 'keep' | 'empty';
  /** What the data is, for the QA plan: "the conversations", "the messages". */
  what: string;
  /**
   * The page has just loaded the data itself when the poller starts (the calendar mounts its poller once
   * its window is shown): the first request waits one interval instead of asking for the same data again.
   * Coming back to a hidden tab still asks at once.
   */
  afterLoad?: boolean;
}

export function createPollerMachine<T, P>({ id, interval, onFailure, what, afterLoad = false }: PollerOptions) {
  return setup({
    types: {
      input: {} as PollerInput<P>,
      context: {} as PollerContext<T, P>,
      events: {} as PollerEvent,
      tags: {} as 'busy',
    },
    actors: {
      poll: notProvided<PollResult<T>, { params: P; etag: string | null }>('poll'),
      /** Sends visibility.hidden / visibility.visible; the app listens to document's visibilitychange. */
      visibility: fromCallback(() => undefined),
    },
    delays: {
      pollInterval: interval,
      retryDelay: ({ context }) => context.retryMs,
    },
    guards: {
      startsHidden: ({ context }) => context.startHidden,
      askAgain: ({ context }) => context.again,
      isFresh: ({ event }) => (event as { output?: PollResult<T> }).output?.kind === 'fresh',
      isRateLimited: ({ event }) => {
        const error = (event as { error?: PollFailure }).error;
        return error?.status === 429 && typeof error.retryAfter === 'number' && error.retryAfter >= 0;
      },
    },
    actions: {
      recordFailure: assign(({ context, event }) => {
        const error = (event as { error?: PollFailure }).error;
        const failures = context.failures + 1;
        const retryMs =
          error?.status === 429 && typeof error.retryAfter === 'number'
            ? Math.min(MAX_RETRY_AFTER_MS, error.retryAfter * 1000)
            : backoffMs(interval, failures, context.random());
        return onFailure === 'empty'
          ? { failures, retryMs, error: failureText(error, NETWORK_ERROR), data: [] as unknown as T, etag: null }
          : { failures, retryMs };
      }),
      logFailure: ({ event }) => {
        const error = (event as { error?: PollFailure }).error;
        console.warn(`${id}: ${failureText(error, NETWORK_ERROR)}`);
      },
    },
  }).createMachine({
    id,
    context: ({ input }) => ({
      params: input.params,
      data: null,
      error: null,
      etag: null,
      failures: 0,
      retryMs: 0,
      random: input.random ?? Math.random,
      startHidden: input.hidden,
      again: false,
    }),
    invoke: { id: 'visibility', src: 'visibility' },
    initial: 'starting',
    states: {
      starting: {
        description: `Opening: the poller decides whether the tab is visible before asking for ${what}`,
        always: [
          { guard: 'startsHidden', target: 'paused', description: 'The tab is in the background: no request' },
          afterLoad
            ? {
                target: 'active.waiting',
                description: `The tab is in front and ${what} were just loaded: the first request waits ${interval / 1000} s`,
              }
            : { target: 'active', description: 'The tab is in front: ask at once' },
        ],
      },
      active: {
        description: `The tab is visible and ${what} are kept up to date`,
        on: {
          'visibility.hidden': {
            target: 'paused',
            description: 'Switch to another tab or minimise the window: the timer and any request stop',
          },
        },
        initial: 'fetching',
        states: {
          fetching: {
            description: `One request for ${what} is on its way (never two)`,
            tags: ['busy'],
            on: {
              'poll.now': {
                actions: assign({ again: true }),
                description: 'Something changed here while a request is on its way: ask again when it answers',
              },
            },
            invoke: {
              id: 'poll',
              src: 'poll',
              input: ({ context }) => ({ params: context.params, etag: context.etag }),
              onDone: [
                {
                  guard: 'isFresh',
                  target: 'answered',
                  actions: assign(({ event }) => {
                    const output = event.output as Extract<PollResult<T>, { kind: 'fresh' }>;
                    return { data: output.data, etag: output.etag, error: null, failures: 0 };
                  }),
                  description: `The server answers with changed ${what}; they are shown`,
                },
                {
                  target: 'answered',
                  actions: assign({ error: null, failures: 0 }),
                  description: 'The server answers "not modified" (304): nothing on screen moves',
                },
              ],
              onError: [
                {
                  guard: 'isRateLimited',
                  target: 'backingOff',
                  actions: ['recordFailure', 'logFailure'],
                  description: 'The server answers 429 Too Many Requests: wait exactly its Retry-After',
                },
                {
                  target: 'backingOff',
                  actions: ['recordFailure', 'logFailure'],
                  description: 'The server cannot be reached or fails: wait longer after each failure in a row',
                },
              ],
            },
          },
          answered: {
            description: 'The request answered',
            always: [
              {
                guard: 'askAgain',
                target: 'fetching',
                actions: assign({ again: false }),
                description: 'Something changed while it was on its way: ask again at once',
              },
              { target: 'waiting', description: 'Nothing asked for meanwhile: wait for the next tick' },
            ],
          },
          waiting: {
            description: `Waiting ${interval / 1000} s before asking again`,

            after: { pollInterval: { target: 'fetching', description: `${interval / 1000} s pass` } },
            on: { 'poll.now': { target: 'fetching', description: 'Something changed here; ask at once' } },
          },
          backingOff: {
            description: 'The last request failed; the next one waits (doubling, with jitter, at most 5 minutes)',
            after: { retryDelay: { target: 'fetching', description: 'The backoff wait passes' } },
            on: { 'poll.now': { target: 'fetching', description: 'Something changed here; try at once' } },
          },
        },
      },
      paused: {
        description: 'The tab is hidden: no requests at all',
        on: {
          'visibility.visible': {
            target: 'active',
            description: 'Come back to the tab: ask at once, then keep polling',
          },
        },
      },
    },
  });
}

export type PollerMachine<T, P> = ReturnType<typeof createPollerMachine<T, P>>;
