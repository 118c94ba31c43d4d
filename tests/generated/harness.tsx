/**
 * Generated tests: play every path of a machine through the REAL view and check what a person sees.
 *
 *   describeFlow(entry, {
 *     url: '/reset-password?token=abc',                    // where the view is mounted (wouter, in memory)
 *     render: (hooks) => <ResetPasswordPage {...hooks} />, // hooks = { logic, options } (FlowHooks)
 *     perform: { 'resetPassword.submit': (e) => … },       // how a person sends each user event
 *     expectUi: { 'form.editing': (s, flow) => … },        // what each visible leaf state shows
 *   });
 *
 * `mountFlow` does the rest: one `controllable()` fake per invoked actor (by src, reachable by invoke id
 * in `flow.fakes`), a SimulatedClock, an inspector that records every machine's latest snapshot, and the
 * memory router. At every step of every path it checks that
 *   · the running machine is where the path says, and each active leaf state's `expectUi` passes;
 *   · every ENABLED control marked `data-event` (see enabledFor) sends an event the machine accepts now
 *     (`state.can`), so a button cannot be enabled in a state that would ignore it.
 * Actor outcomes (`xstate.done/error.actor.<id>`) settle the fake of that invoke and delays advance the
 * clock by the machine's named delay, unless `perform` says otherwise; any other event needs `perform`.
 * The paths are the covering set (`PATHS=full` for every transition from every distinct state).
 */
import { act, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it, type Mock, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import {
  type ActorRefLike,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  fromPromise,
  type InspectionEvent,
  SimulatedClock,
} from 'xstate';
import type { MachineEntry } from '#machines/lib/entry.ts';
import {
  activeLeafIds,
  definedTransitions,
  entryPaths,
  type MachinePath,
  machineEventTypes,
  pathName,
  pathTransitions,
  restingStateIds,
} from '#machines/lib/paths.ts';
import { InspectContext } from '#src/lib/inspect.ts';

export { type MachinePath, pathName } from '#machines/lib/paths.ts';

export interface Controllable<TOut, TIn> {
  logic: ReturnType<typeof fromPromise<TOut, TIn>>;
  inputs: TIn[];
  readonly calls: number;
  readonly pending: number;
  resolve: (value: TOut) => void;
  reject: (error: unknown) => void;
}

/** A promise actor the test settles by hand; `inputs` records what the machine passed to the effect. */
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

/** Records the latest snapshot and the actor of every machine, by machine id. */
export function recorder() {
  const snapshots = new Map<string, AnyMachineSnapshot>();
  const actors = new Map<string, ActorRefLike>();
  const inspect = (event: InspectionEvent) => {
    if (event.type !== '@xstate.snapshot') return;
    const snapshot = event.snapshot as AnyMachineSnapshot;
    const id = snapshot.machine?.id;
    if (!id) return;
    snapshots.set(id, snapshot);
    actors.set(id, event.actorRef);
  };
  return { inspect, latest: (id: string) => snapshots.get(id), actor: (id: string) => actors.get(id) };
}

/** What a mounted flow hands to `render`, `perform` and `expectUi`. */
export interface Flow {
  /** Fakes by INVOKE id (invokes of one src share a fake). */
  fakes: Record<string, Controllable<any, any>>;
  clock: SimulatedClock;
  recorder: ReturnType<typeof recorder>;
  /** A named spy, made on first use: pass it as a callback prop, assert on it later. */
  spy: (name: string) => Mock;
  /** The current path of the memory router, and every path it has been at. */
  location: () => string;
  history: () => readonly string[];
  navigate: (to: string) => void;
  /** The running machine's latest snapshot. */
  live: () => AnyMachineSnapshot;
  /** The generated path being played. */
  path: MachinePath;
  /** Free room for what a test remembers between steps (e.g. what was typed). */
  memo: Record<string, unknown>;
}

export interface FlowHooksFor<TLogic extends AnyStateMachine = AnyStateMachine> {
  logic: TLogic;
  options: { clock: SimulatedClock; inspect: (event: InspectionEvent) => void };
}

export interface FlowSpec {
  /** The view under test, given the test hooks (the machine with fakes, the clock, the inspector). */
  render: (hooks: FlowHooksFor<any>, flow: Flow) => ReactElement;
  /** Where the view is mounted; may depend on the path's input (e.g. a token in the query). */
  url?: string | ((path: MachinePath) => string);
  /** Machine actions replaced by spies (`flow.spy(name)`), e.g. a print dialog. */
  spies?: readonly string[];
  /** How a person sends each user event; may override the default settling of an outcome. */
  perform?: Record<string, (event: any, flow: Flow) => unknown>;
  /** Synchronous checks per visible leaf state (id without the machine id, e.g. 'ready.failed'). */
  expectUi: Record<string, (snapshot: any, flow: Flow) => void>;
}

/** Every invoke of the machine: id and src name. */
function invokesOf(machine: AnyStateMachine): Array<{ id: string; src: string }> {
  const walk = (node: AnyStateNode): Array<{ id: string; src: string }> => [
    ...(node.invoke as Array<{ id: string; src: unknown }>).map((i) => ({
      id: i.id,
      src: typeof i.src === 'string' ? i.src : i.id,
    })),
    ...Object.values(node.states).flatMap((child) => walk(child as AnyStateNode)),
  ];
  return walk(machine.root);
}

/** Renders the flow's view on a fresh machine with fakes for every effect; see the file comment. */
export function mountFlow(entry: MachineEntry, spec: FlowSpec, path: MachinePath): Flow {
  const { machine } = entry;
  const bySrc = new Map<string, Controllable<any, any>>();
  const fakes: Flow['fakes'] = {};
  for (const { id, src } of invokesOf(machine)) {
    if (!bySrc.has(src)) bySrc.set(src, controllable<any, any>());
    fakes[id] = bySrc.get(src)!;
  }
  const spies = new Map<string, Mock>();
  const spy = (name: string) => {
    if (!spies.has(name)) spies.set(name, vi.fn());
    return spies.get(name)!;
  };
  const logic = machine.provide({
    actors: Object.fromEntries([...bySrc].map(([src, fake]) => [src, fake.logic])),
    actions: Object.fromEntries((spec.spies ?? []).map((name) => [name, (...args: unknown[]) => spy(name)(...args)])),
  } as never) as AnyStateMachine;
  const clock = new SimulatedClock();
  const rec = recorder();
  const url = typeof spec.url === 'function' ? spec.url(path) : (spec.url ?? '/');
  const memory = memoryLocation({ path: url, record: true });
  const flow: Flow = {
    fakes,
    clock,
    recorder: rec,
    spy,
    location: () => memory.history.at(-1) ?? url,
    history: () => memory.history,
    navigate: (to) => act(() => memory.navigate(to)),
    live: () => {
      const snapshot = rec.latest(machine.id);
      if (!snapshot) throw new Error(`The view did not start the ${machine.id} machine with the hooks' inspector`);
      return snapshot;
    },
    path,
    memo: {},
  };
  render(
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      <InspectContext.Provider value={rec.inspect}>
        {spec.render({ logic, options: { clock, inspect: rec.inspect } }, flow)}
      </InspectContext.Provider>
    </Router>,
  );
  return flow;
}

/** The default way to make an outcome or a delay happen: settle the invoke's fake, or advance the clock. */
export async function settle(machine: AnyStateMachine, event: AnyEventObject, flow: Flow): Promise<void> {
  const [, kind, id = ''] = /^xstate\.(done|error)\.actor\.([^.]+)$/.exec(event.type) ?? [];
  if (kind) {
    const fake = flow.fakes[id];
    if (!fake) throw new Error(`No fake for invoke "${id}" (needed by ${event.type})`);
    return act(async () => (kind === 'done' ? fake.resolve(event.output) : fake.reject(toError(event.error))));
  }
  const delay = /^xstate\.after\.([^.]+)\./.exec(event.type)?.[1];
  const ms = delay ? machine.implementations.delays[delay] : undefined;
  if (typeof ms === 'number') return act(() => flow.clock.increment(ms));
  throw new Error(`No way to perform ${event.type}: add it to the flow's perform map`);
}

/** Does the machine accept an event of this type now (bare, or as any sample of it)? */
function accepts(snapshot: AnyMachineSnapshot, type: string, samples: readonly AnyEventObject[]): boolean {
  return [{ type }, ...samples.filter((s) => s.type === type)].some((event) => {
    try {
      return snapshot.can(event);
    } catch {
      return false; // a guard that needs the payload: another candidate may carry it
    }
  });
}

/** Every enabled `[data-event]` control of this machine must send an event the machine accepts now. */
export function expectControlsMatch(entry: MachineEntry, snapshot: AnyMachineSnapshot): void {
  const own = machineEventTypes(entry.machine);
  for (const control of document.querySelectorAll<HTMLElement>('[data-event]')) {
    const type = control.dataset.event ?? '';
    if (!own.has(type)) continue; // a control of another machine on the same page
    if (control.matches(':disabled') || control.getAttribute('aria-disabled') === 'true') continue;
    const name = control.getAttribute('aria-label') ?? control.textContent?.trim() ?? type;
    expect(
      accepts(snapshot, type, entry.samples),
      `"${name}" is enabled and sends ${type}, which ${entry.machine.id} ignores in ${JSON.stringify(snapshot.value)}`,
    ).toBe(true);
  }
}

function expectStep(entry: MachineEntry, state: AnyMachineSnapshot, flow: Flow, spec: FlowSpec) {
  const { machine } = entry;
  const live = flow.live();
  expect(live.value, 'the running machine is where the path says').toEqual(state.value);
  for (const id of activeLeafIds(machine, state)) {
    const key = id.slice(machine.id.length + 1);
    const check = spec.expectUi[key];
    if (!check) throw new Error(`No UI expectation for state "${key}"`);
    check(state, flow);
  }
  expectControlsMatch(entry, live);
}

/** Plays one path through the mounted view, checking every step. */
export async function runPath(entry: MachineEntry, path: MachinePath, spec: FlowSpec): Promise<Flow> {
  const flow = mountFlow(entry, spec, path);
  for (const [n, { event, state }] of path.steps.entries()) {
    if (n > 0) {
      const own = spec.perform?.[event.type];
      await (own ? own(event, flow) : settle(entry.machine, event, flow));
    }
    try {
      expectStep(entry, state, flow, spec);
    } catch (error) {
      const trace = path.steps.slice(1, n + 1).map((s) => s.event.type);
      (error as Error).message += `\n  after: ${['(start)', ...trace].join(' → ')}`;
      throw error;
    }
  }
  return flow;
}

/** Short, unique test names: scenario number as in the QA plan, then the event sequence. */
export const pathTitle = (path: MachinePath, index: number) =>
  `${index + 1}: ${path.start ? `[${path.start}] ` : ''}${pathName(path)}`;

/** One test per path of the machine's path set, plus coverage checks on the set itself. */
export function describeFlow(entry: MachineEntry, spec: FlowSpec) {
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
      await runPath(entry, path, spec);
    });
  });
  return paths;
}
