/**
 * Generated tests: play every path of a machine through the REAL view and check what a person sees.
 *
 * API (for every machine test; B uses it for the profile machine):
 * - `controllable<TOut, TIn>()`: a promise actor the test settles by hand (`resolve`, `reject`); `inputs`
 *   records what the machine passed to the effect, `calls` counts starts. Aborted calls leave the queue.
 * - `recorder()`: an `inspect` observer; `latest(id)` is the running machine's snapshot (checked against
 *   the path at every step, so view and machine cannot drift apart).
 * - `enabledEvents`, `transitionKey`, `generatePaths`, `entryPaths`, `pathName`: from ./paths.ts.
 * - `describeMachinePaths(entry, scenario)`: one `it` per generated path plus "reaches every state".
 *   `scenario.mount(path)` renders the view with fakes and returns `{ fakes, clock, recorder, … }`:
 *     · `xstate.done.actor.<id>` / `xstate.error.actor.<id>` settle `fakes[<invoke id>]` automatically;
 *     · `xstate.after.<delay>.…` advances `clock` by the machine's named delay automatically;
 *     · every other event type needs `scenario.perform[type]` (UI actions); unknown types throw.
 *   `scenario.expectUi` maps each visible leaf state (id without the machine id, e.g. 'ready.failed') to
 *   synchronous Testing Library assertions; a state without an entry fails the path.
 */
import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  fromPromise,
  type InspectionEvent,
  type SimulatedClock,
} from 'xstate';
import type { MachineEntry } from '#machines/lib/entry.ts';
import {
  activeLeafIds,
  definedTransitions,
  entryPaths,
  type MachinePath,
  pathName,
  pathTransitions,
  restingStateIds,
} from '#machines/lib/paths.ts';

export {
  enabledEvents,
  entryPaths,
  generatePaths,
  type MachinePath,
  pathName,
  restingStateIds,
  transitionKey,
} from '#machines/lib/paths.ts';

export interface Controllable<TOut, TIn> {
  logic: ReturnType<typeof fromPromise<TOut, TIn>>;
  inputs: TIn[];
  readonly calls: number;
  readonly pending: number;
  resolve: (value: TOut) => void;
  reject: (error: unknown) => void;
}

export function controllable<TOut = void, TIn = void>(): Controllable<TOut, TIn> {
  type Call = { resolve: (v: TOut) => void; reject: (e: unknown) => void };
  let pending: Call[] = [];
  const inputs: TIn[] = [];
  const logic = fromPromise<TOut, TIn>(({ input, signal }) => {
    inputs.push(input);
    return new Promise<TOut>((resolve, reject) => {
      const call = { resolve, reject };
      pending.push(call);
      // A stopped actor (its state was left) must not swallow the next outcome.
      signal.addEventListener('abort', () => {
        pending = pending.filter((c) => c !== call);
      });
    });
  });
  const next = () => {
    const call = pending.shift();
    if (!call) throw new Error('No pending call to settle: the effect was not started');
    return call;
  };
  return {
    logic,
    inputs,
    get calls() {
      return inputs.length;
    },
    get pending() {
      return pending.length;
    },
    resolve: (value) => next().resolve(value),
    reject: (error) => next().reject(error),
  };
}

/** Turns a sample `error` (plain data, printed in plans) into what a real effect rejects with. */
export const toError = (error: unknown) =>
  Object.assign(new Error((error as { message?: string })?.message ?? ''), error as object);

/** Records the latest snapshot of every machine actor, by machine id. */
export function recorder() {
  const snapshots = new Map<string, AnyMachineSnapshot>();
  const inspect = (event: InspectionEvent) => {
    if (event.type !== '@xstate.snapshot') return;
    const snapshot = event.snapshot as AnyMachineSnapshot;
    if (snapshot.machine?.id) snapshots.set(snapshot.machine.id, snapshot);
  };
  return { inspect, latest: (id: string) => snapshots.get(id) };
}

export interface Mounted {
  /** Fakes by INVOKE id (two invokes of one src may share a fake). */
  fakes: Record<string, Controllable<any, any>>;
  clock: SimulatedClock;
  recorder: ReturnType<typeof recorder>;
}

export interface Scenario<TMounted extends Mounted> {
  mount: (path: MachinePath) => TMounted;
  /** Returns nothing useful; a promise is awaited. */
  perform: Record<string, (event: any, mounted: TMounted) => unknown>;
  expectUi: Record<string, (snapshot: any, mounted: TMounted) => void>;
}

async function performStep(machine: AnyStateMachine, event: AnyEventObject, m: Mounted, scenario: Scenario<any>) {
  const own = scenario.perform[event.type];
  if (own) return void (await own(event, m));
  const [, kind, , id = ''] = /^xstate\.(done|error)\.actor\.(([^.]+))$/.exec(event.type) ?? [];
  if (kind) {
    const fake = m.fakes[id];
    if (!fake) throw new Error(`No fake for invoke "${id}" (needed by ${event.type})`);
    return act(async () => (kind === 'done' ? fake.resolve(event.output) : fake.reject(toError(event.error))));
  }
  const delay = /^xstate\.after\.([^.]+)\./.exec(event.type)?.[1];
  const ms = delay ? machine.implementations.delays[delay] : undefined;
  if (typeof ms === 'number') return act(() => m.clock.increment(ms));
  throw new Error(`No way to perform ${event.type}: add it to the scenario's perform map`);
}

function expectStep(machine: AnyStateMachine, state: AnyMachineSnapshot, m: Mounted, scenario: Scenario<any>) {
  const live = m.recorder.latest(machine.id);
  expect(live?.value, 'the running machine is where the path says').toEqual(state.value);
  for (const id of activeLeafIds(machine, state)) {
    const key = id.slice(machine.id.length + 1);
    const check = scenario.expectUi[key];
    if (!check) throw new Error(`No UI expectation for state "${key}"`);
    check(state, m);
  }
}

export async function runPath<TMounted extends Mounted>(
  machine: AnyStateMachine,
  path: MachinePath,
  scenario: Scenario<TMounted>,
): Promise<TMounted> {
  const m = scenario.mount(path);
  for (const [n, { event, state }] of path.steps.entries()) {
    if (n > 0) await performStep(machine, event, m, scenario);
    try {
      expectStep(machine, state, m, scenario);
    } catch (error) {
      const trace = path.steps.slice(1, n + 1).map((s) => s.event.type);
      (error as Error).message += `\n  after: ${['(start)', ...trace].join(' → ')}`;
      throw error;
    }
  }
  return m;
}

/** Short, unique test names: scenario number as in the QA plan, then the event sequence. */
export const pathTitle = (path: MachinePath, index: number) =>
  `${index + 1}: ${path.start ? `[${path.start}] ` : ''}${pathName(path)}`;

export function describeMachinePaths<TMounted extends Mounted>(entry: MachineEntry, scenario: Scenario<TMounted>) {
  const { machine } = entry;
  const paths = entryPaths(entry);
  describe(`${machine.id}: every transition through the view`, () => {
    it('reaches every state', () => {
      const reached = new Set(paths.flatMap((p) => p.steps.flatMap((s) => activeLeafIds(machine, s.state))));
      expect([...reached].sort()).toEqual(restingStateIds(machine).sort());
    });
    it('takes every transition the machine defines', () => {
      const taken = new Set(paths.flatMap((p) => pathTransitions(machine, p)));
      expect(definedTransitions(machine).filter((t) => !taken.has(t))).toEqual([]);
    });
    it.each(paths.map((p, i) => [pathTitle(p, i), p] as const))('%s', async (_title, path) => {
      await runPath(machine, path, scenario);
    });
  });
  return paths;
}
