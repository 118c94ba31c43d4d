/**
 * Path generation for machines, without any DOM: shared by the generated tests (tests/generated) and
 * the QA plan generator (machines/plans/plan.ts), so a plan's scenario N is the generated test "N: …".
 * Recipe and pitfalls: shared/docs/statecharts-and-generated-tests.md §4.
 *
 * Two path sets per machine:
 * - 'cover' (the default, and what the QA plans use): the fewest shortest paths that together take every
 *   transition the machine defines and use every sample event at least once;
 * - 'full' (`PATHS=full npm test`, for deep runs): a shortest path to every transition from every distinct
 *   state (each state key × incoming event), prefixes dropped.
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
  initialTransition,
  transition,
} from 'xstate';
import { type MachineEntry, noteOf } from './entry.ts';

export type PathSet = 'cover' | 'full';

/** The path set of this run: `PATHS=full` asks for every transition from every distinct state. */
export const pathSetFromEnv = (): PathSet =>
  (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.PATHS === 'full'
    ? 'full'
    : 'cover';

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
  /** steps[0] is `xstate.init` with the initial snapshot; every later step is an event and the state it led to. */
  steps: PathStep[];
  state: AnyMachineSnapshot;
  /** The machine input the path starts from (for machines with input), and the label of that start. */
  input?: unknown;
  start?: string;
}

/**
 * The snapshots a sequence of events REALLY leads to, computed again from the initial state. The graph's
 * own steps carry one representative snapshot per state key, which may come from another path (another
 * error text, another typed name): plans and tests must never show those.
 */
export function replay(machine: AnyStateMachine, events: readonly AnyEventObject[], input?: unknown): MachinePath {
  let [state] = (initialTransition as (m: AnyStateMachine, i?: unknown) => [AnyMachineSnapshot, unknown])(
    machine,
    input,
  );
  const steps: PathStep[] = [{ event: { type: 'xstate.init' }, state }];
  for (const event of events) {
    [state] = transition(machine, state as never, event as never) as [AnyMachineSnapshot, unknown];
    steps.push({ event, state });
  }
  return { steps, state, input };
}

const eventsOf = (p: MachinePath) => p.steps.slice(1).map((s) => s.event);

/** Drops paths whose events are a prefix of a longer path: every transition is still walked and checked. */
function withoutPrefixes(paths: MachinePath[]): MachinePath[] {
  const seqs = paths.map((p) => eventsOf(p).map((e) => JSON.stringify(e)));
  return paths.filter((path, i) => {
    const mine = seqs[i] ?? [];
    return !seqs.some(
      (other, j) =>
        j !== i && paths[j]!.start === path.start && other.length > mine.length && mine.every((e, n) => other[n] === e),
    );
  });
}

interface GenerateOptions {
  samples: readonly AnyEventObject[];
  uiKey: (snapshot: AnyMachineSnapshot) => unknown;
  input?: unknown;
}

/** Shortest paths to every (state key, incoming event, previous state key); deterministic (breadth-first). */
export function shortestTransitionPaths(machine: AnyStateMachine, options: GenerateOptions): MachinePath[] {
  const paths = getShortestPaths(machine, {
    events: enabledEvents(options.samples),
    serializeState: transitionKey(options.uiKey),
    limit: 5_000,
    ...(options.input === undefined ? {} : { input: options.input }),
  }) as unknown as MachinePath[];
  return paths.map((p) => replay(machine, eventsOf(p), options.input));
}

/**
 * A state passes in a blink when it waits for an effect (an invoke) that the person does not answer:
 * a request to the local server takes milliseconds, too fast to check by eye. States the entry lists as
 * `plan.lasting` wait for the person (e.g. the browser's location prompt).
 */
export function isBlink(entry: MachineEntry, snapshot: AnyMachineSnapshot): boolean {
  if (snapshot.status !== 'active') return false;
  const leaves = activeLeaves(entry.machine, snapshot);
  const relative = (n: AnyStateNode) => n.id.slice(entry.machine.id.length + 1);
  if (leaves.some((n) => entry.plan.lasting?.includes(relative(n)))) return false;
  const withAncestors = new Set<AnyStateNode>();
  for (const leaf of leaves) for (let n: AnyStateNode | undefined = leaf; n; n = n.parent) withAncestors.add(n);
  return [...withAncestors].some((n) => n.invoke.length > 0);
}

/**
 * A path that ends while the page still waits for the server is finished with the first answer the
 * samples offer, so every scenario ends on something a person can see.
 */
function settled(entry: MachineEntry, path: MachinePath): MachinePath {
  let result = path;
  for (let guard = 0; guard < 5 && isBlink(entry, result.state); guard++) {
    const events = eventsOf(result);
    const next = enabledEvents(entry.samples)(result.state).find((e) => !entry.impossible?.([...events, e]));
    if (!next) break;
    result = replay(entry.machine, [...eventsOf(result), next], result.input);
  }
  return { ...result, ...(path.start ? { start: path.start } : {}) };
}

/** Every path of a registry entry in the requested set, one family per starting input. */
const computed = new WeakMap<MachineEntry, Map<PathSet, MachinePath[]>>();

/** Paths are pure functions of the entry: computed once per entry and set (plans and tests ask often). */
export function entryPaths(entry: MachineEntry, set: PathSet = pathSetFromEnv()): MachinePath[] {
  const cached = computed.get(entry) ?? new Map<PathSet, MachinePath[]>();
  computed.set(entry, cached);
  if (!cached.has(set)) cached.set(set, computePaths(entry, set));
  return cached.get(set)!;
}

function computePaths(entry: MachineEntry, set: PathSet): MachinePath[] {
  const { machine, samples, uiKey } = entry;
  const starts = entry.inputs?.length
    ? entry.inputs.map(({ label, input }) => ({ label, input }))
    : [{ label: undefined, input: undefined }];
  const all = starts
    .flatMap(({ label, input }) =>
      shortestTransitionPaths(machine, { samples, uiKey, input }).map((p) =>
        settled(entry, { ...p, ...(label ? { start: label } : {}) }),
      ),
    )
    // Answers the real server cannot give in that order are never played (nor printed in a plan).
    .filter((p) => !entry.impossible?.(eventsOf(p)));
  if (set === 'full') return withoutPrefixes(all);
  const required = (entry.scenarios ?? []).map(({ start, events }) => {
    const input = starts.find((s) => s.label === start)?.input;
    return settled(entry, { ...replay(machine, events, input), ...(start ? { start } : {}) });
  });
  const covering = coveringPaths(
    machine,
    all,
    all.map((p) => walkable(entry, p)),
    required.map((p) => coverageItems(machine, p)),
  );
  // The required paths come last, so the covering scenarios keep their numbers.
  return [...covering, ...required];
}

/**
 * False when a step needs the person to act while the page waits in a blink (e.g. press a button
 * mid-request), or to send an event its sample says a person cannot send in that state.
 */
export function walkable(entry: MachineEntry, path: MachinePath): boolean {
  return path.steps.slice(1).every((step, n) => {
    const before = path.steps[n]!.state;
    if (noteOf(entry, step.event)?.notByHandIn?.(before)) return false;
    return /^xstate\.(done|error)\.actor\./.test(step.event.type) || !isBlink(entry, before);
  });
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

/** What a path contributes to coverage: the transitions it takes and the sample events it uses. */
function coverageItems(machine: AnyStateMachine, path: MachinePath): Set<string> {
  const starts = path.start ? [`start ${path.start}`] : [];
  return new Set([...starts, ...pathTransitions(machine, path), ...eventsOf(path).map((e) => JSON.stringify(e))]);
}

/**
 * Greedy set cover over shortest paths: repeatedly keep the path that adds the most transitions and
 * samples not yet taken (the shorter one on a tie), then drop any kept path the others make redundant.
 * Paths a person can walk (`preferred`) go first; others only for what no walkable path covers.
 * Kept in generation order, so scenarios read from short to long.
 */
export function coveringPaths(
  machine: AnyStateMachine,
  paths: MachinePath[],
  preferred: readonly boolean[] = paths.map(() => true),
  alreadyCovered: ReadonlyArray<ReadonlySet<string>> = [],
): MachinePath[] {
  const sets = paths.map((p) => coverageItems(machine, p));
  const open = new Set(sets.flatMap((set) => [...set]));
  for (const set of alreadyCovered) for (const item of set) open.delete(item);
  const kept = new Set<number>();
  const gainOf = (i: number) => [...sets[i]!].filter((t) => open.has(t)).length;
  while (open.size) {
    let best = -1;
    let gain = 0;
    const anyPreferred = sets.some((_, i) => preferred[i] && gainOf(i) > 0);
    sets.forEach((set, i) => {
      if (anyPreferred && !preferred[i]) return;
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
  // A path picked early may be covered entirely by later picks: try dropping unwalkable, then short ones first.
  const order = [...kept].sort(
    (a, b) => Number(preferred[a]) - Number(preferred[b]) || paths[a]!.steps.length - paths[b]!.steps.length,
  );
  for (const i of order) {
    const others = [...kept].filter((j) => j !== i).flatMap((j) => [...sets[j]!]);
    const rest = new Set([...others, ...alreadyCovered.flatMap((set) => [...set])]);
    if ([...sets[i]!].every((item) => rest.has(item))) kept.delete(i);
  }
  return paths.filter((_, i) => kept.has(i));
}

/** An actor outcome's gist, so that paths differing only in the answer get different names. */
function outcomeHint(event: AnyEventObject): string {
  if ('output' in event) {
    const out = event.output as { kind?: string; step?: string; signedIn?: boolean } | null | undefined;
    if (out === null) return '(null)';
    if (typeof out?.signedIn === 'boolean') return out.signedIn ? '(signed in)' : '(signed out)';
    return out?.kind ? `(${out.step ?? out.kind})` : '';
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

/** The atomic (or final) state nodes active in a snapshot. */
export const activeLeaves = (machine: AnyStateMachine, snapshot: AnyMachineSnapshot): AnyStateNode[] =>
  getStateNodes(machine.root, snapshot.value).filter((n) => n.type === 'atomic' || n.type === 'final');

/** Ids of the atomic states active in a snapshot. */
export const activeLeafIds = (machine: AnyStateMachine, snapshot: AnyMachineSnapshot) =>
  activeLeaves(machine, snapshot).map((n) => n.id);

/** Every event type some state of the machine handles. */
export const machineEventTypes = (machine: AnyStateMachine): Set<string> => {
  const walk = (node: AnyStateNode): string[] => [
    ...node.transitions.keys(),
    ...Object.values(node.states).flatMap((child) => walk(child as AnyStateNode)),
  ];
  return new Set(walk(machine.root));
};
