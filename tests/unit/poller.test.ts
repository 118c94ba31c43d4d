/**
 * The pollers against a simulated clock: exact intervals, never two requests in flight, nothing while
 * hidden, backoff growth and cap, Retry-After, abort on stop, and 304s that keep the very same data.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { Conversation } from '#contracts/messaging.ts';
import { CALENDAR_POLL_MS, calendarPollerMachine } from '#machines/bookings-calendar.machine.ts';
import { chatPollerMachine, conversationsPollerMachine } from '#machines/messaging-pollers.machine.ts';
import { backoffMs, MAX_BACKOFF_MS, type PollFailure, type PollResult } from '#machines/poller.machine.ts';

type Call = {
  input: { params: { status: 'active' | 'archived' }; etag: string | null };
  signal: AbortSignal;
  resolve: (value: PollResult<Conversation[]>) => void;
  reject: (error: PollFailure) => void;
};

const ada: Conversation = {
  conversationid: 'c1',
  firstname: 'Ada',
  surname: 'Lovelace',
  last_message: 'Hi',
  last_message_at: '2026-11-24T08:00:00.000Z',
  unread_count: 1,
  is_active: true,
};

function start(options: { hidden?: boolean; random?: () => number; machine?: typeof conversationsPollerMachine } = {}) {
  const calls: Call[] = [];
  const poll = fromPromise<PollResult<Conversation[]>, Call['input']>(
    ({ input, signal }) =>
      new Promise((resolve, reject) => {
        calls.push({ input, signal, resolve, reject });
      }),
  );
  const clock = new SimulatedClock();
  const machine = (options.machine ?? conversationsPollerMachine).provide({ actors: { poll } });
  const actor = createActor(machine, {
    clock,
    input: { params: { status: 'active' }, hidden: options.hidden ?? false, random: options.random ?? (() => 1) },
  }).start();
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
  /** Settles the newest request and lets the machine take the outcome. */
  const answer = async (result: PollResult<Conversation[]>) => {
    calls.at(-1)!.resolve(result);
    await flush();
  };
  const fail = async (error: PollFailure) => {
    calls.at(-1)!.reject(error);
    await flush();
  };
  return { actor, calls, clock, answer, fail };
}

afterEach(() => vi.restoreAllMocks());

describe('the conversations poller', () => {
  it('asks at once, then exactly every 15 s after each answer, sending the last ETag', async () => {
    const { actor, calls, clock, answer } = start();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.input).toEqual({ params: { status: 'active' }, etag: null });
    await answer({ kind: 'fresh', data: [ada], etag: '"v1"' });
    expect(actor.getSnapshot().context.data).toEqual([ada]);
    clock.increment(14_999);
    expect(calls).toHaveLength(1);
    clock.increment(1);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.input.etag).toBe('"v1"');
    actor.stop();
  });

  it('never has two requests in flight when an answer takes longer than the interval', async () => {
    const { actor, calls, clock, answer } = start();
    clock.increment(60_000);
    expect(calls).toHaveLength(1);
    await answer({ kind: 'unchanged' });
    clock.increment(15_000);
    expect(calls).toHaveLength(2);
    clock.increment(45_000);
    expect(calls).toHaveLength(2);
    actor.stop();
  });

  it('keeps the very same data object on a 304, so nothing that shows it re-renders', async () => {
    const { actor, clock, answer } = start();
    await answer({ kind: 'fresh', data: [ada], etag: '"v1"' });
    const before = actor.getSnapshot().context.data;
    clock.increment(15_000);
    await answer({ kind: 'unchanged' });
    expect(actor.getSnapshot().context.data).toBe(before);
    expect(actor.getSnapshot().context.etag).toBe('"v1"');
    actor.stop();
  });

  it('makes no request while the tab is hidden, aborts the one in flight, and asks at once when visible', async () => {
    const { actor, calls, clock, answer } = start();
    actor.send({ type: 'visibility.hidden' });
    expect(calls[0]!.signal.aborted).toBe(true);
    clock.increment(10 * 60_000);
    expect(calls).toHaveLength(1);
    actor.send({ type: 'visibility.visible' });
    expect(calls).toHaveLength(2);
    await answer({ kind: 'fresh', data: [ada], etag: '"v2"' });
    actor.send({ type: 'visibility.hidden' });
    clock.increment(10 * 60_000);
    expect(calls).toHaveLength(2);
    actor.stop();
  });

  it('starts without a request when the tab is hidden', () => {
    const { actor, calls, clock } = start({ hidden: true });
    clock.increment(10 * 60_000);
    expect(calls).toHaveLength(0);
    actor.send({ type: 'visibility.visible' });
    expect(calls).toHaveLength(1);
    actor.stop();
  });

  it('backs off exponentially with jitter after failures, capped at 5 minutes, and recovers on success', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { actor, calls, clock, fail, answer } = start({ random: () => 1 });
    const waits: number[] = [];
    for (let n = 1; n <= 7; n++) {
      await fail({ message: 'HTTP 503: Service Unavailable', status: 503 });
      const before = calls.length;
      let waited = 0;
      while (calls.length === before) {
        clock.increment(1000);
        waited += 1000;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([30_000, 60_000, 120_000, 240_000, 300_000, 300_000, 300_000]);
    expect(actor.getSnapshot().context.error).toBe('HTTP 503: Service Unavailable');
    expect(actor.getSnapshot().context.data).toEqual([]);
    await answer({ kind: 'fresh', data: [ada], etag: '"v3"' });
    expect(actor.getSnapshot().context).toMatchObject({ failures: 0, error: null, data: [ada] });
    clock.increment(15_000);
    expect(calls).toHaveLength(9);
    actor.stop();
  });

  it('spreads the wait between half and all of the backoff ceiling', () => {
    expect(backoffMs(15_000, 1, 0)).toBe(15_000);
    expect(backoffMs(15_000, 1, 0.5)).toBe(22_500);
    expect(backoffMs(15_000, 1, 1)).toBe(30_000);
    expect(backoffMs(15_000, 30, 0)).toBe(MAX_BACKOFF_MS / 2);
  });

  it("waits exactly a 429's Retry-After", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { actor, calls, clock, fail } = start();
    await fail({ message: 'HTTP 429: Too Many Requests', status: 429, retryAfter: 42 });
    clock.increment(41_999);
    expect(calls).toHaveLength(1);
    clock.increment(1);
    expect(calls).toHaveLength(2);
    actor.stop();
  });

  it('aborts its request when stopped (the panel closes) and asks nothing after', () => {
    const { actor, calls, clock } = start();
    actor.stop();
    expect(calls[0]!.signal.aborted).toBe(true);
    clock.increment(60_000);
    expect(calls).toHaveLength(1);
  });

  it('asks at once on poll.now while waiting', async () => {
    const { actor, calls, answer } = start();
    await answer({ kind: 'unchanged' });
    actor.send({ type: 'poll.now' });
    expect(calls).toHaveLength(2);
    actor.stop();
  });
});

describe('the chat poller', () => {
  it('asks every 10 s and keeps the messages when a poll fails (failures are logged only)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { actor, calls, clock, answer, fail } = start({
      machine: chatPollerMachine as unknown as typeof conversationsPollerMachine,
    });
    await answer({ kind: 'fresh', data: [ada], etag: '"m1"' });
    clock.increment(9_999);
    expect(calls).toHaveLength(1);
    clock.increment(1);
    expect(calls).toHaveLength(2);
    await fail({ message: '', network: true });
    expect(actor.getSnapshot().context).toMatchObject({ data: [ada], error: null });
    expect(warn).toHaveBeenCalled();
    clock.increment(20_000);
    expect(calls).toHaveLength(3);
    actor.stop();
  });
});

describe('an immediate poll asked for mid-request', () => {
  it('is made as soon as the request on its way answers, never alongside it', async () => {
    const { actor, calls, answer } = start();
    actor.send({ type: 'poll.now' });
    expect(calls).toHaveLength(1);
    await answer({ kind: 'fresh', data: [ada], etag: '"v1"' });
    expect(calls).toHaveLength(2);
    expect(calls[1]!.input.etag).toBe('"v1"');
    await answer({ kind: 'unchanged' });
    expect(calls).toHaveLength(2);
    actor.stop();
  });
});

describe("the calendar's poller (started after the calendar loaded its window)", () => {
  const calendarPoller = calendarPollerMachine as unknown as typeof conversationsPollerMachine;

  it('does not ask for the window it was just shown: the first request comes one interval later', () => {
    const { actor, calls, clock } = start({ machine: calendarPoller });
    expect(calls).toHaveLength(0);
    clock.increment(CALENDAR_POLL_MS - 1);
    expect(calls).toHaveLength(0);
    clock.increment(1);
    expect(calls).toHaveLength(1);
    actor.stop();
  });

  it('asks at once when the tab comes back from the background', () => {
    const { actor, calls } = start({ machine: calendarPoller, hidden: true });
    expect(calls).toHaveLength(0);
    actor.send({ type: 'visibility.visible' });
    expect(calls).toHaveLength(1);
    actor.stop();
  });
});
