/**
 * apiEffect (src/api/effect.ts), the one way a wiring gives a machine an API call: the call gets the
 * actor's input and an abort signal that fires when the machine leaves the state, and a failure reaches
 * the machine as its Failure. The real API client with a fake fetch (a unit test of the wiring helper).
 */
import { render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assign, createActor, setup, waitFor } from 'xstate';
import type { Failure } from '#machines/lib/effects.ts';
import { notProvided } from '#machines/lib/effects.ts';
import { getRules } from '#src/api/bookings.ts';
import { configureApi } from '#src/api/client.ts';
import { apiEffect } from '#src/api/effect.ts';
import { useFlowActor } from '#src/lib/use-flow-actor.ts';

/** A machine that runs one effect and keeps what came back, the way every flow machine does. */
const probe = setup({
  types: {
    context: {} as { output: unknown; failure: Failure | null },
    events: {} as { type: 'leave' },
  },
  actors: { run: notProvided<unknown, { resourceid: string }>('run') },
}).createMachine({
  context: { output: null, failure: null },
  initial: 'running',
  states: {
    running: {
      on: { leave: 'left' },
      invoke: {
        src: 'run',
        input: { resourceid: 'r-1' },
        onDone: { target: 'done', actions: assign({ output: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ failure: ({ event }) => event.error as Failure }) },
      },
    },
    left: {},
    done: {},
    failed: {},
  },
});

const json = (body: unknown, status = 200, statusText = '') =>
  new Response(JSON.stringify(body), { status, statusText, headers: { 'Content-Type': 'application/json' } });

let answer: (request: Request) => Response | Promise<Response>;
const signals: AbortSignal[] = [];
beforeEach(() => {
  signals.length = 0;
  configureApi({
    baseUrl: 'http://portal.test',
    accessToken: async () => 'access-123',
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.signal) signals.push(init.signal);
      return answer(new Request(new URL(String(input), 'http://portal.test'), init));
    }) as typeof fetch,
  });
});
afterEach(() => configureApi({ fetch: undefined }));

const run = (effect: ReturnType<typeof apiEffect<unknown, { resourceid: string }>>) =>
  createActor(probe.provide({ actors: { run: effect } })).start();

describe('apiEffect', () => {
  it("hands the call the machine's input, and the machine gets the parsed answer", async () => {
    const urls: string[] = [];
    answer = (request) => {
      urls.push(request.url);
      return json([]);
    };
    const actor = run(apiEffect(({ resourceid }, signal) => getRules(resourceid, signal)));
    const done = await waitFor(actor, (s) => s.matches('done'));
    expect(done.context.output).toEqual([]);
    expect(urls).toEqual(['http://portal.test/api/availability/r-1']);
  });

  it('cancels the request when the machine leaves the state', async () => {
    answer = () => new Promise(() => {});
    const actor = run(apiEffect(({ resourceid }, signal) => getRules(resourceid, signal)));
    await vi.waitFor(() => expect(signals).toHaveLength(1));
    expect(signals[0]!.aborted).toBe(false);
    actor.send({ type: 'leave' });
    expect(signals[0]!.aborted).toBe(true);
  });

  it("turns a refusal into the machine's Failure: the server's message and the status", async () => {
    answer = () => json({ message: 'Rule overlaps another rule on Monday.' }, 409);
    const actor = run(apiEffect(({ resourceid }, signal) => getRules(resourceid, signal)));
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.context.failure).toEqual({
      message: 'Rule overlaps another rule on Monday.',
      network: false,
      status: 409,
    });
  });

  it('leaves the message empty when the server said nothing, so the machine uses its own text', async () => {
    answer = () => new Response('', { status: 500, statusText: 'Internal Server Error' });
    const failed = await waitFor(run(apiEffect(({ resourceid }, signal) => getRules(resourceid, signal))), (s) =>
      s.matches('failed'),
    );
    expect(failed.context.failure).toEqual({ message: '', network: false, status: 500 });
  });

  it('says when the request got no answer at all', async () => {
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    const failed = await waitFor(run(apiEffect(({ resourceid }, signal) => getRules(resourceid, signal))), (s) =>
      s.matches('failed'),
    );
    expect(failed.context.failure?.network).toBe(true);
  });

  it("keeps the identity provider's error name, by which the sign-in recognises a few refusals", async () => {
    const refusal = Object.assign(new Error('User is not confirmed.'), { name: 'UserNotConfirmedException' });
    const failed = await waitFor(run(apiEffect(() => Promise.reject(refusal))), (s) => s.matches('failed'));
    expect(failed.context.failure).toMatchObject({
      message: 'User is not confirmed.',
      name: 'UserNotConfirmedException',
    });
  });

  it("maps failures the screen's own way when given a mapping", async () => {
    answer = () => new Response('', { status: 503, statusText: 'Service Unavailable' });
    const effect = apiEffect(
      ({ resourceid }: { resourceid: string }, signal) => getRules(resourceid, signal),
      () => ({ message: 'mapped' }),
    );
    const failed = await waitFor(run(effect), (s) => s.matches('failed'));
    expect(failed.context.failure).toEqual({ message: 'mapped' });
  });

  it("under React StrictMode (development), the first mount's cancelled request is not taken for a failure", async () => {
    // StrictMode mounts twice: @xstate/react stops the first actor and starts it again from its snapshot,
    // so the first request is aborted while a second one runs. Only the second may reach the machine.
    answer = (request) =>
      new Promise((resolve, reject) => {
        // As fetch does: an aborted request rejects, also one aborted before it was sent.
        const aborted = () => reject(new DOMException('This operation was aborted', 'AbortError'));
        if (request.signal.aborted) aborted();
        request.signal.addEventListener('abort', aborted);
        setTimeout(() => resolve(json([])), 20);
      });
    const logic = probe.provide({
      actors: { run: apiEffect(({ resourceid }, signal) => getRules(resourceid, signal)) },
    });
    function Probe() {
      const [state] = useFlowActor(logic);
      return <p>{String(state.value)}</p>;
    }
    render(
      <StrictMode>
        <Probe />
      </StrictMode>,
    );
    await screen.findByText('done');
    expect(signals.filter((s) => s.aborted)).toHaveLength(1);
  });
});
