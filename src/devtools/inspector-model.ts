/**
 * The offline statechart inspector's model: what the app's actors reported (their machine definition,
 * latest state and recent events), folded from @statelyai/inspect's events. Pure, so it is unit-tested.
 */
import type { TakenTransition } from './chart.ts';

/** The JSON form of a machine config, as @statelyai/inspect sends it (functions are dropped). */
export interface StateConfig {
  id?: string;
  type?: string;
  description?: string;
  initial?: string;
  states?: Record<string, StateConfig>;
  on?: Record<string, unknown>;
  after?: Record<string, unknown>;
  invoke?: { id?: string; src?: string } | Array<{ id?: string; src?: string }>;
  /** A list in this codebase (tests/unit/machine-tags.test.ts), but XState accepts one string too. */
  tags?: string | string[];
}

/** A state's tags as a list, whichever way the machine wrote them (`tags: 'busy'` or `tags: ['busy']`). */
export const tagsOf = (config: StateConfig): string[] =>
  config.tags === undefined ? [] : Array.isArray(config.tags) ? config.tags : [config.tags];

/** One microstep XState took inside a step (the event's transitions, then each `always` or raised event). */
export interface Microstep {
  /** The event that selected the transitions (the step's own, or the one raised). */
  eventType: string;
  transitions: TakenTransition[];
  /** The state value right after this microstep. */
  value: unknown;
}

export interface InspectedActor {
  sessionId: string;
  name: string;
  /** The actor that started this one (invoked or spawned it), if any. */
  parentId?: string | undefined;
  /** The root of this actor's system. */
  rootId?: string | undefined;
  definition: StateConfig | undefined;
  value: unknown;
  status: string | undefined;
  context: unknown;
  /** When the actor last reported anything, in inspection-event order. */
  seen: number;
  /** Newest first; `seq` counts the actor's events, a stable key for the log. */
  events: Array<{ type: string; at: string; seq: number }>;
  /** Microsteps reported since the last snapshot: they belong to the next history entry. */
  pending: Microstep[];
  /**
   * Whether it ever ran (reported a snapshot). React StrictMode renders twice in development and
   * creates an actor each time; the discarded twin is created, never started.
   */
  started?: boolean;
  /**
   * Oldest first: the snapshot after every step, with the event that led to it (`xstate.init` for the
   * first). Time travel shows any of these; at most MAX_HISTORY are kept.
   */
  history: HistoryEntry[];
}

export interface HistoryEntry {
  seq: number;
  event: { type: string; [key: string]: unknown };
  value: unknown;
  status: string | undefined;
  context: unknown;
  /** When it happened (ms since the epoch). */
  at: number;
  /** What XState took to get here, microstep by microstep (live actors; absent when not reported). */
  microsteps?: Microstep[];
}

/** An event between actors, for the sequence view: who sent it (if known) to whom, when. */
export interface Message {
  n: number;
  from?: string | undefined;
  to: string;
  type: string;
  at: number;
}

export type InspectorEvent =
  | {
      type: '@xstate.actor';
      sessionId: string;
      parentId?: string;
      rootId?: string;
      name: string;
      definition?: string;
      snapshot?: { value?: unknown; status?: string; context?: unknown };
      createdAt: string;
    }
  | {
      type: '@xstate.snapshot';
      sessionId: string;
      event?: { type?: string; [key: string]: unknown };
      snapshot?: { value?: unknown; status?: string; context?: unknown };
      createdAt: string;
    }
  | { type: '@xstate.event'; sessionId: string; sourceId?: string; event?: { type?: string }; createdAt: string }
  | {
      /** Sent by the portal's hook (src/app/devtools.tsx) beside @statelyai/inspect's events. */
      type: '@xstate.microstep';
      sessionId: string;
      event?: { type?: string };
      value?: unknown;
      transitions?: TakenTransition[];
      createdAt: string;
    };

const MAX_EVENTS = 40;
/** Messages kept for the sequence view. */
export const MAX_MESSAGES = 500;
export const MAX_HISTORY = 300;

/** @statelyai/inspect stamps events with Date.now() as a string; older versions sent an ISO date. */
const timeOf = (createdAt: string): number => {
  const n = Number(createdAt);
  return Number.isFinite(n) ? n : Date.parse(createdAt) || 0;
};

function step(
  history: HistoryEntry[],
  event: HistoryEntry['event'],
  snapshot: { value?: unknown; status?: string; context?: unknown } | undefined,
  createdAt: string,
  microsteps: Microstep[] = [],
): HistoryEntry[] {
  const seq = (history.at(-1)?.seq ?? 0) + 1;
  const entry: HistoryEntry = {
    seq,
    event,
    value: snapshot?.value,
    status: snapshot?.status,
    context: snapshot?.context,
    at: timeOf(createdAt),
    ...(microsteps.length ? { microsteps } : {}),
  };
  return [...history, entry].slice(-MAX_HISTORY);
}

const parse = (definition: string | undefined): StateConfig | undefined => {
  if (!definition) return undefined;
  try {
    const config = JSON.parse(definition) as StateConfig;
    return config && typeof config === 'object' && config.states ? config : undefined;
  } catch {
    return undefined;
  }
};

/** Folds one inspection event into the map of actors (a new map: React sees the change). */
export function reduceInspector(
  actors: Map<string, InspectedActor>,
  event: InspectorEvent,
): Map<string, InspectedActor> {
  const next = new Map(actors);
  const current = next.get(event.sessionId);
  const seen = Math.max(0, ...[...actors.values()].map((actor) => actor.seen)) + 1;
  if (event.type === '@xstate.actor') {
    next.set(event.sessionId, {
      seen,
      sessionId: event.sessionId,
      parentId: event.parentId ?? current?.parentId,
      rootId: event.rootId ?? current?.rootId,
      name: event.name,
      definition: parse(event.definition),
      value: event.snapshot?.value,
      status: event.snapshot?.status,
      context: event.snapshot?.context,
      events: current?.events ?? [],
      pending: current?.pending ?? [],
      started: current?.started ?? false,
      history: current?.history.length
        ? current.history
        : step([], { type: 'xstate.init' }, event.snapshot, event.createdAt),
    });
  } else if (current && event.type === '@xstate.snapshot') {
    next.set(event.sessionId, {
      ...current,
      seen,
      started: true,
      value: event.snapshot?.value,
      status: event.snapshot?.status,
      context: event.snapshot?.context,
      // A (re)start begins a new run: React StrictMode stops and starts every actor once in development.
      history: step(
        event.event?.type === 'xstate.init' ? [] : current.history,
        { ...event.event, type: event.event?.type ?? '(unknown event)' },
        event.snapshot,
        event.createdAt,
        current.pending,
      ),
      pending: [],
    });
  } else if (current && event.type === '@xstate.microstep') {
    const microstep: Microstep = {
      eventType: event.event?.type ?? '',
      transitions: event.transitions ?? [],
      value: event.value,
    };
    next.set(event.sessionId, { ...current, pending: [...current.pending, microstep].slice(-50) });
  } else if (current && event.type === '@xstate.event' && event.event?.type) {
    const seq = (current.events[0]?.seq ?? 0) + 1;
    const events = [{ type: event.event.type, at: event.createdAt, seq }, ...current.events].slice(0, MAX_EVENTS);
    next.set(event.sessionId, { ...current, seen, events });
  }
  return next;
}

/** The machine an actor runs: its definition's id (a root actor's name is that id too). */
export const machineName = (actor: InspectedActor): string => actor.definition?.id ?? actor.name;

/**
 * One actor per machine: the one that reported last. React StrictMode creates every actor twice in
 * development and discards one, and a page shown again starts a fresh actor; the live one keeps talking.
 */
export function liveMachines(actors: Map<string, InspectedActor>): InspectedActor[] {
  const byName = new Map<string, InspectedActor>();
  for (const actor of actors.values()) {
    if (!actor.definition) continue;
    // By machine id: an invoked child is named by its invoke id, which two machines may share.
    const key = machineName(actor);
    const other = byName.get(key);
    if (!other || actor.seen > other.seen) byName.set(key, actor);
  }
  return [...byName.values()].sort((a, b) => machineName(a).localeCompare(machineName(b)));
}

export { activePaths } from './chart.ts';

/**
 * The events between actors, oldest first, for the sequence view: every `@xstate.event` with its sender
 * (`sourceId`; none for the page itself) and receiver. Folded separately from the actors (it spans them).
 */
export function reduceMessages(messages: Message[], event: InspectorEvent): Message[] {
  if (event.type !== '@xstate.event' || !event.event?.type) return messages;
  // Starting and stopping are the tree's business (an actor's status), not messages.
  if (event.event.type === 'xstate.init' || event.event.type === 'xstate.stop') return messages;
  const message: Message = {
    n: (messages.at(-1)?.n ?? 0) + 1,
    from: event.sourceId,
    to: event.sessionId,
    type: event.event.type,
    at: timeOf(event.createdAt),
  };
  return [...messages, message].slice(-MAX_MESSAGES);
}

export interface ActorNode {
  actor: InspectedActor;
  children: ActorNode[];
}

/**
 * Every actor as a tree by parent (the session, the shell, each page's flows, what they invoke or
 * spawn); roots are actors without a known parent. Stopped actors stay, marked by their status.
 */
export function actorTree(actors: Map<string, InspectedActor>): ActorNode[] {
  // A root that never started is StrictMode's discarded twin (its children were only created with it).
  const twin = (actor: InspectedActor): boolean =>
    actor.parentId ? !!actors.get(actor.parentId) && twin(actors.get(actor.parentId)!) : actor.started === false;
  const nodes = new Map(
    [...actors.values()]
      .filter((a) => !twin(a))
      .map((actor) => [actor.sessionId, { actor, children: [] as ActorNode[] }]),
  );
  const roots: ActorNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.actor.parentId ? nodes.get(node.actor.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** The events a state handles, as a person reads them: after-delays and actor outcomes named plainly. */
export function handledEvents(state: StateConfig): string[] {
  const invokes = state.invoke ? (Array.isArray(state.invoke) ? state.invoke : [state.invoke]) : [];
  return [
    ...Object.keys(state.on ?? {}),
    ...Object.keys(state.after ?? {}).map((delay) => `after ${delay}`),
    ...invokes.map((invoke) => `runs ${invoke.id ?? invoke.src ?? 'an effect'}`),
  ];
}
