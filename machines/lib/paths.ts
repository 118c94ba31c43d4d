/**
 * Path generation for machines, without any DOM: shared by the generated tests (harness.tsx) and the
 * QA plan generator (scripts/lib/plan.ts), so a plan's scenario N is the generated test "N: …".
 * Recipe and pitfalls: shared/docs/statecharts-and-generated-tests.md §4.
 */
import { getShortestPaths } from '@xstate/graph';
import {
  __unsafe_getAllOwnEventDescriptors,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type EventObject,
  getStateNodes,
} from 'xstate';
import type { MachineEntry } from './entry.ts';

const covers = (descriptor: string, type: string) =>
  descriptor === type || descriptor === '*' || (descriptor.endsWith('.*') && type.startsWith(descriptor.slice(0, -1)));

/**
 * Per snapshot: the samples matching each event the active states handle (a bare `{ type }` when there is
 * no sample, e.g. `xstate.after.*`), kept only when they do something. Passing `events` to the graph
 * functions replaces their default source, so delays and actor outcomes must come back this way.
 */
export function enabledEvents<E extends EventObject>(samples: readonly E[]) {
  return (snapshot: AnyMachineSnapshot): E[] => {
    // A machine that reached its final state takes no more events, whatever its root still lists.
    if (snapshot.status !== 'active') return [];
    const out = new Map<string, E>();
    for (const descriptor of __unsafe_getAllOwnEventDescriptors(snapshot)) {
      const matching = samples.filter((e) => covers(descriptor, e.type));
      const candidates = matching.length ? matching : descriptor.includes('*') ? [] : [{ type: descriptor } as E];
      for (const e of candidates) if (snapshot.can(e)) out.set(JSON.stringify(e), e);
    }
    return [...out.values()];
  };
}

/** A state key that includes the incoming event and previous state: shortest paths then cover every transition. */
export function transitionKey(uiKey: (snapshot: AnyMachineSnapshot) => unknown) {
  const key = (s: AnyMachineSnapshot) => JSON.stringify(uiKey(s));
  return (s: AnyMachineSnapshot, e?: EventObject, prev?: AnyMachineSnapshot) =>
    prev ? `${key(s)} via ${JSON.stringify(e)} from ${key(prev)}` : key(s);
}

export interface PathStep {
  event: AnyEventObject;
  state: AnyMachineSnapshot;
}

export interface MachinePath {
  steps: PathStep[];
  state: AnyMachineSnapshot;
  /** The machine input the path starts from (for machines with input), and how a tester gets there. */
  input?: unknown;
  start?: string;
}

export interface PathOptions {
  samples: readonly AnyEventObject[];
  uiKey: (snapshot: AnyMachineSnapshot) => unknown;
  input?: unknown;
}

const eventsOf = (p: MachinePath) => p.steps.slice(1).map((s) => JSON.stringify(s.event));

/** Drops paths whose events are a prefix of a longer path: every transition is still walked and checked. */
function withoutPrefixes(paths: MachinePath[]): MachinePath[] {
  const seqs = paths.map(eventsOf);
  return paths.filter((_, i) => {
    const mine = seqs[i] ?? [];
    return !seqs.some((other, j) => j !== i && other.length > mine.length && mine.every((e, n) => other[n] === e));
  });
}

/** Every transition, as few paths as possible; deterministic order (breadth-first over the samples). */
export function generatePaths(machine: AnyStateMachine, options: PathOptions): MachinePath[] {
  const paths = getShortestPaths(machine, {
    events: enabledEvents(options.samples),
    serializeState: transitionKey(options.uiKey),
    limit: 5_000,
    ...(options.input === undefined ? {} : { input: options.input }),
  }) as unknown as MachinePath[];
  return withoutPrefixes(paths.map((p) => ({ steps: p.steps, state: p.state, input: options.input })));
}

/** All paths of a registry entry, one set per starting input. */
export function entryPaths(entry: MachineEntry): MachinePath[] {
  const { machine, samples, uiKey } = entry;
  const paths = !entry.inputs?.length
    ? generatePaths(machine, { samples, uiKey })
    : entry.inputs.flatMap(({ label, input }) =>
        generatePaths(machine, { samples, uiKey, input }).map((p) => ({ ...p, start: label })),
      );
  return entry.coverage === 'each-transition-once' ? coverEachTransition(machine, paths) : paths;
}

/** Which of the machine's transitions a step takes: source state, event, guard and targets identify one. */
function takenTransitions(machine: AnyStateMachine, from: AnyMachineSnapshot, event: AnyEventObject): string[] {
  return machine.getTransitionData(from as never, event).map((t) => {
    const guard = typeof t.guard === 'string' ? t.guard : ((t.guard as { type?: string } | undefined)?.type ?? '');
    const targets = (t.target ?? []).map((node) => node.id).join(',');
    return `${t.source.id} ${t.eventType} [${guard}] → ${targets}`;
  });
}

/** The transitions a path takes, step by step. */
export const pathTransitions = (machine: AnyStateMachine, path: MachinePath): string[] =>
  path.steps.slice(1).flatMap((step, n) => takenTransitions(machine, path.steps[n]!.state, step.event));

/**
 * Every transition the machine defines. Not counted: always-transitions (passed through at once) and
 * pure "ignore this event here" entries (no target, no actions), which nothing can take.
 */
export function definedTransitions(machine: AnyStateMachine): string[] {
  const walk = (node: AnyStateNode): string[] => [
    ...[...node.transitions.values()]
      .flat()
      .filter((t) => t.target !== undefined || t.actions.length > 0)
      .map((t) => {
        const guard = typeof t.guard === 'string' ? t.guard : ((t.guard as { type?: string } | undefined)?.type ?? '');
        return `${node.id} ${t.eventType} [${guard}] → ${(t.target ?? []).map((n) => n.id).join(',')}`;
      }),
    ...Object.values(node.states).flatMap((child) => walk(child as AnyStateNode)),
  ];
  return walk(machine.root);
}

/**
 * Greedy set cover: repeatedly keep the path that takes the most transitions not yet taken (the shorter
 * one on a tie), until the kept paths take every transition any path takes. Kept in generation order.
 */
export function coverEachTransition(machine: AnyStateMachine, paths: MachinePath[]): MachinePath[] {
  const sets = paths.map((p) => new Set(pathTransitions(machine, p)));
  const open = new Set(sets.flatMap((set) => [...set]));
  const kept = new Set<number>();
  while (open.size) {
    let best = -1;
    let gain = 0;
    sets.forEach((set, i) => {
      const g = [...set].filter((t) => open.has(t)).length;
      const shorter = best >= 0 && g === gain && paths[i]!.steps.length < paths[best]!.steps.length;
      if (g > gain || shorter) {
        best = i;
        gain = g;
      }
    });
    kept.add(best);
    for (const t of sets[best]!) open.delete(t);
  }
  return paths.filter((_, i) => kept.has(i));
}

/** An actor outcome's gist, so that paths differing only in the answer get different names. */
function outcomeHint(event: AnyEventObject): string {
  if ('output' in event) {
    const out = event.output as { kind?: string; step?: string } | null | undefined;
    return out === null ? '(null)' : out?.kind ? `(${out.step ?? out.kind})` : '';
  }
  if ('error' in event) {
    const err = event.error as { name?: string; message?: string; network?: boolean };
    return `(${err.network ? 'network' : err.name || err.message || 'no message'})`;
  }
  return '';
}

/** A readable, stable test name: the event sequence. */
export const pathName = (path: MachinePath) =>
  path.steps
    .slice(1)
    .map((s) => s.event.type.replace(/^xstate\./, '') + outcomeHint(s.event))
    .join(' → ') || '(first screen)';

/** A state with `always` transitions is never seen by a person: it is passed through at once. */
const isTransient = (node: AnyStateNode) => node.always !== undefined && node.always.length > 0;

/** Ids of every atomic or final state a person can see. */
export function restingStateIds(machine: AnyStateMachine): string[] {
  const walk = (node: AnyStateNode): string[] =>
    Object.values(node.states).length
      ? Object.values(node.states).flatMap((child) => walk(child as AnyStateNode))
      : isTransient(node)
        ? []
        : [node.id];
  return walk(machine.root);
}

/** Ids of the atomic states active in a snapshot. */
export const activeLeafIds = (machine: AnyStateMachine, snapshot: AnyMachineSnapshot) =>
  getStateNodes(machine.root, snapshot.value)
    .filter((n) => n.type === 'atomic' || n.type === 'final')
    .map((n) => n.id);
