/**
 * A machine as the inspector draws it: the tree of states (nested states are boxes inside their parent)
 * and every transition as an edge labelled "event [guard]", delays with their duration. Built from the
 * machine's own state nodes, so it reads exactly what XState runs: the registry's machine when the
 * inspector has it, else the JSON definition a live actor reported, turned back into a machine. Pure,
 * so it is unit-tested; the layout (elkjs) is in layout.ts.
 */
import { type AnyEventObject, type AnyStateMachine, type AnyStateNode, createMachine } from 'xstate';
import { guardName, transitionsOf } from '#machines/lib/transitions.ts';

export interface ChartState {
  /** Dotted path from the root ('' for the machine itself), as in state values: 'ready.failed'. */
  path: string;
  key: string;
  type: string;
  description?: string;
  tags: string[];
  /** What the state runs while active (invoked actors), by id. */
  invokes: string[];
  /** Path of the child entered first, for compound states. */
  initial?: string;
  children: ChartState[];
}

export interface ChartEdge {
  /** Unique within the chart. */
  id: string;
  source: string;
  target: string;
  /** The event type XState matches ('' for an `always` transition). */
  eventType: string;
  /** "event [guard]" as a person reads it: "after pollInterval (15 s)", "done signIn", "always". */
  label: string;
  guard?: string;
  /** Delay name of an `after` transition, and its duration when it is a fixed number. */
  delay?: { name: string; ms?: number };
  description?: string;
}

export interface Chart {
  id: string;
  root: ChartState;
  edges: ChartEdge[];
}

const pathOf = (node: AnyStateNode) => node.path.join('.');

/** "1.5 s", "3 min", "250 ms". */
export function formatMs(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000 || ms % 60_000 !== 0) return `${Number((ms / 1000).toFixed(1))} s`;
  return `${ms / 60_000} min`;
}

/** The delay an `after` event stands for: its name, and its length when fixed (`after: { 3000: … }` or a number in `delays`). */
export function delayOf(node: AnyStateNode, eventType: string): { name: string; ms?: number } | undefined {
  const match = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (!match) return undefined;
  const name = match[1]!;
  const configured = node.machine.implementations.delays[name];
  const ms = typeof configured === 'number' ? configured : /^\d+$/.test(name) ? Number(name) : undefined;
  return ms === undefined ? { name } : { name, ms };
}

/** An event type as the diagram labels it. */
export function eventLabel(node: AnyStateNode, eventType: string): string {
  const delay = delayOf(node, eventType);
  if (delay) {
    if (/^\d+$/.test(delay.name)) return `after ${formatMs(delay.ms!)}`;
    return delay.ms === undefined ? `after ${delay.name}` : `after ${delay.name} (${formatMs(delay.ms)})`;
  }
  if (eventType.startsWith('xstate.done.actor.')) return `done ${eventType.slice(18)}`;
  if (eventType.startsWith('xstate.error.actor.')) return `error ${eventType.slice(19)}`;
  if (eventType.startsWith('xstate.done.state.')) return 'done';
  return eventType || 'always';
}

function stateOf(node: AnyStateNode): ChartState {
  const children = Object.values(node.states) as AnyStateNode[];
  const initial = node.initial?.target[0] as AnyStateNode | undefined;
  return {
    path: pathOf(node),
    key: node.key,
    type: node.type,
    ...(node.description ? { description: node.description } : {}),
    tags: [...node.tags],
    invokes: (node.invoke as Array<{ id: string; src: unknown }>).map((i) =>
      typeof i.src === 'string' ? i.src : i.id,
    ),
    ...(initial && node.type !== 'parallel' ? { initial: pathOf(initial) } : {}),
    children: children.map(stateOf),
  };
}

function edgesOf(node: AnyStateNode): ChartEdge[] {
  const out: ChartEdge[] = [];
  for (const t of transitionsOf(node)) {
    const { eventType } = t;
    const guard = guardName(t.guard);
    const text = eventLabel(node, eventType);
    const delay = delayOf(node, eventType);
    for (const to of t.target ?? [node]) {
      out.push({
        id: `${pathOf(node)}>${eventType}>${pathOf(to)}>${out.length}`,
        source: pathOf(node),
        target: pathOf(to),
        eventType,
        label: guard ? `${text} [${guard}]` : text,
        ...(guard ? { guard } : {}),
        ...(delay ? { delay } : {}),
        ...(t.description ? { description: t.description } : {}),
      });
    }
  }
  return [...out, ...(Object.values(node.states) as AnyStateNode[]).flatMap(edgesOf)];
}

export function chartOf(machine: AnyStateMachine): Chart {
  return { id: machine.id, root: stateOf(machine.root), edges: edgesOf(machine.root) };
}

/**
 * A live actor's definition (its config as JSON: functions became `{ type: name }`) turned back into a
 * machine for drawing only: it never runs. Undefined when the JSON is not a machine config.
 */
export function machineFromDefinition(definition: unknown): AnyStateMachine | undefined {
  if (!definition || typeof definition !== 'object' || !('states' in definition)) return undefined;
  try {
    return createMachine(definition as never) as unknown as AnyStateMachine;
  } catch {
    return undefined;
  }
}

/** Every state of the chart, depth first. */
export const allStates = (state: ChartState): ChartState[] => [state, ...state.children.flatMap(allStates)];

/** Dotted paths of every active state in a state value: { loading: 'fetchingUser' } → loading, loading.fetchingUser. */
export function activePaths(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [`${prefix}${value}`];
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => [
    `${prefix}${key}`,
    ...activePaths(child, `${prefix}${key}.`),
  ]);
}

/** A transition XState took, as an inspection microstep reports it (or `getTransitionData` gives it). */
export interface TakenTransition {
  /** '' for an `always` transition. */
  eventType: string;
  /** Dotted path of the state that declares it. */
  source: string;
  /** Dotted paths of its targets; none for a transition that stays (actions only). */
  targets: string[];
  guard?: string;
}

/** The chart edge of each transition taken, in order (a transition the chart does not draw is skipped). */
export function edgesOfTransitions(chart: Chart, transitions: readonly TakenTransition[]): string[] {
  const ids: string[] = [];
  for (const t of transitions) {
    const targets = t.targets.length ? t.targets : [t.source];
    for (const target of targets) {
      const edge = chart.edges.find(
        (e) =>
          e.source === t.source &&
          e.eventType === t.eventType &&
          e.target === target &&
          e.guard === t.guard &&
          !ids.includes(e.id),
      );
      if (edge) ids.push(edge.id);
    }
  }
  return ids;
}

/**
 * The transitions XState selects for `event` in `snapshot` (guards evaluated, as the machine would),
 * read with the machine's own `getTransitionData`: pure, nothing runs. The simulator's first microstep.
 */
export function selectedTransitions(machine: AnyStateMachine, snapshot: unknown, event: AnyEventObject) {
  try {
    const selected = machine.getTransitionData(snapshot as never, event as never) as Array<{
      eventType: string;
      source: AnyStateNode;
      target?: readonly AnyStateNode[];
      guard?: unknown;
    }>;
    return selected.map((t): TakenTransition => {
      const guard = guardName(t.guard);
      return {
        eventType: t.eventType,
        source: pathOf(t.source),
        targets: (t.target ?? []).map(pathOf),
        ...(guard ? { guard } : {}),
      };
    });
  } catch {
    return undefined;
  }
}

/**
 * The edges a step took when only the states before and after are known: transitions for the step's
 * event out of a state active before it ('' counts: root-level events), preferring those that lead into
 * a state active after it (guarded alternatives share an event; the one taken is the one whose target
 * is now active), then the `always` transitions of states passed through at once on the way. `exact`,
 * when given, are the event's own edges as XState selected them (the simulator's `getTransitionData`);
 * the live view has XState's microsteps instead (`edgesOfTransitions`).
 */
export function takenEdges(
  chart: Chart,
  before: unknown,
  eventType: string | undefined,
  after: unknown,
  exact?: readonly string[],
): string[] {
  if (!eventType) return [];
  const was = new Set(['', ...activePaths(before)]);
  const now = new Set(['', ...activePaths(after)]);
  const candidates = chart.edges.filter((e) => e.eventType === eventType && was.has(e.source));
  const landed = candidates.filter((e) => now.has(e.target));
  const chosen = exact?.length ? chart.edges.filter((e) => exact.includes(e.id)) : undefined;
  const taken = [...(chosen ?? (landed.length ? landed : candidates))];
  // A target passed through at once (it has `always` transitions): follow them to where the step ended.
  for (let i = 0; i < taken.length && i < 20; i++) {
    const edge = taken[i]!;
    if (now.has(edge.target)) continue;
    const onward = chart.edges.filter((e) => e.eventType === '' && e.source === edge.target);
    const passing = (e: ChartEdge) => chart.edges.some((n) => n.eventType === '' && n.source === e.target);
    const direct = onward.filter((e) => now.has(e.target));
    taken.push(...(direct.length ? direct : onward.filter(passing)).slice(0, 1));
  }
  // An entered compound state's initial child that passes through at once (`checking` → `always`).
  for (let i = 0; i < taken.length && i < 20; i++) {
    const edge = taken[i]!;
    const inner = chart.edges.filter((e) => e.eventType === '' && e.source.startsWith(`${edge.target}.`));
    const passedThrough = inner.filter((e) => !now.has(e.source) && now.has(e.target) && !taken.includes(e));
    taken.push(...passedThrough.slice(0, 1));
  }
  // Several guarded alternatives landing in one state: the first listed wins in XState too.
  const seen = new Set<string>();
  return taken
    .filter((e) => {
      const key = `${e.source}>${e.target}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .map((e) => e.id);
}
