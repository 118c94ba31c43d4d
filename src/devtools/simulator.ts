/**
 * Simulator mode: a machine of machines/registry.ts run with no server and no effects. Every step is
 * XState's pure `transition` (nothing is invoked, no action runs, no timer starts), so the "answers" of
 * the server come from the entry's samples (`xstate.done.actor.*`, `xstate.error.actor.*`) and a delayed
 * transition is fired at once by sending its `xstate.after.*` event. The events offered are exactly those
 * the current state accepts (`state.can`), with the sample payloads the QA plans use. Pure: unit-tested.
 */
import {
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  initialTransition,
  transition,
} from 'xstate';
import { type MachineEntry, noteOf } from '#machines/lib/entry.ts';
import { enabledEvents } from '#machines/lib/paths.ts';
import { redact } from '#src/lib/redact.ts';
import { delayOf, formatMs } from './chart.ts';

export interface SimStep {
  event: AnyEventObject;
  snapshot: AnyMachineSnapshot;
  /** When the step was taken (ms since the epoch): poller timers count from it. */
  at: number;
}

export type OfferKind = 'action' | 'answer' | 'timer';

export interface Offer {
  event: AnyEventObject;
  kind: OfferKind;
  /** What the button says: the event and the gist of its sample payload. */
  label: string;
  /** How a tester causes it in the portal (the sample's note), if the entry says. */
  hint?: string;
  /** A stable key for the sample (its JSON), for tests and React keys. */
  key: string;
}

export function startSimulation(machine: AnyStateMachine, input?: unknown, now = Date.now()): SimStep[] {
  const [snapshot] = (initialTransition as (m: AnyStateMachine, i?: unknown) => [AnyMachineSnapshot, unknown])(
    machine,
    input,
  );
  return [{ event: { type: 'xstate.init' }, snapshot, at: now }];
}

/**
 * A simulation that starts where a live actor was: its state value and (redacted) context. Lets a
 * developer push by hand a machine the portal brought into some state. Undefined if the machine has no
 * such state (the live actor ran another version of it).
 */
export function simulationFrom(
  machine: AnyStateMachine,
  moment: { value: unknown; context: unknown },
  now = Date.now(),
): SimStep[] | undefined {
  try {
    const snapshot = machine.resolveState({ value: moment.value as never, context: moment.context as never });
    return [{ event: { type: 'xstate.init' }, snapshot: snapshot as AnyMachineSnapshot, at: now }];
  } catch {
    return undefined;
  }
}

/** The history after sending `event` at `cursor`: a step from an earlier moment drops the later ones. */
export function simulate(
  machine: AnyStateMachine,
  history: readonly SimStep[],
  cursor: number,
  event: AnyEventObject,
  now = Date.now(),
): SimStep[] {
  const from = history[cursor]!.snapshot;
  const [snapshot] = transition(machine, from as never, event as never) as [AnyMachineSnapshot, unknown];
  return [...history.slice(0, cursor + 1), { event, snapshot, at: now }];
}

const kindOf = (type: string): OfferKind =>
  type.startsWith('xstate.after.') ? 'timer' : /^xstate\.(done|error)\.actor\./.test(type) ? 'answer' : 'action';

/** A value as a person reads it: objects one level deep with bare keys, `{canCreate: true, limit: 3}`. */
const brief = (value: unknown): string =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? `{${Object.entries(value)
        .map(([k, v]) => `${k}: ${JSON.stringify(v)}`)
        .join(', ')}}`
    : (JSON.stringify(value) ?? String(value));

/** A short, redacted summary of an event's payload: `"Fresh cardamom buns…"`, `{canCreate: true, limit: 3}`. */
export function payloadSummary(event: AnyEventObject, max = 60): string {
  // An actor's answer carries the actor's id too (`actorId`), which its type already names.
  const { type: _type, actorId: _actorId, ...rest } = redact(event) as Record<string, unknown>;
  // An empty secret is shown as empty: a sample with no password differs from one with a password.
  for (const [key, value] of Object.entries(event)) if (value === '') rest[key] = '';
  const keys = Object.keys(rest);
  if (!keys.length) return '';
  // One field (the text typed, an actor's output or error): its value alone.
  const text = keys.length === 1 ? brief(rest[keys[0]!]) : brief(rest);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The button text of an event: "post.edit "Fresh…"", "done checkLimit {canCreate: true}", "fire after pollInterval (15 s) now". */
export function offerLabel(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: AnyEventObject): string {
  const { type } = event;
  if (type.startsWith('xstate.after.')) {
    const node = snapshot._nodes.find((n) => n.after.some((t) => t.eventType === type)) ?? machine.root;
    const delay = delayOf(node, type);
    const length = delay?.ms !== undefined ? ` (${formatMs(delay.ms)})` : '';
    return `Fire "after ${delay?.name ?? '?'}"${length} now`;
  }
  const name = type.startsWith('xstate.done.actor.')
    ? `done ${type.slice(18)}`
    : type.startsWith('xstate.error.actor.')
      ? `error ${type.slice(19)}`
      : type;
  const payload = payloadSummary(event);
  return payload ? `${name} ${payload}` : name;
}

/** Every event the state accepts now, with the entry's sample payloads: actions first, then answers, then timers. */
export function offers(entry: MachineEntry, snapshot: AnyMachineSnapshot): Offer[] {
  const order: OfferKind[] = ['action', 'answer', 'timer'];
  return enabledEvents(entry.samples)(snapshot)
    .map((event) => {
      const note = noteOf(entry, event);
      const hint = note?.action ?? note?.say ?? note?.arrange;
      return {
        event,
        kind: kindOf(event.type),
        label: offerLabel(entry.machine, snapshot, event),
        ...(hint ? { hint } : {}),
        key: JSON.stringify(event),
      };
    })
    .sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
}
