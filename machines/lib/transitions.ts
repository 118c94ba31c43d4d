/**
 * The transitions a state node defines, read the one way the QA plans (a missing description), the
 * Mermaid diagrams and the inspector's chart all need: every transition that goes somewhere or does
 * something, with its guard named as a person reads it.
 */
import type { AnyStateNode } from 'xstate';

/** A transition as XState keeps it on a state node. */
export interface NodeTransition {
  /** The event it answers: a sent event, `xstate.after.*`, `xstate.done.actor.*`…; '' for `always`. */
  eventType: string;
  target?: readonly AnyStateNode[];
  guard?: unknown;
  actions: readonly unknown[];
  description?: string;
}

/**
 * The node's own transitions in definition order: each event's (delays and actor outcomes included),
 * then its `always` ones. A transition with neither a target nor actions only forbids its event (it
 * blocks a parent's handler and goes nowhere), so it is left out.
 */
export function transitionsOf(node: AnyStateNode): NodeTransition[] {
  const all = [...[...node.transitions.values()].flat(), ...(node.always ?? [])] as NodeTransition[];
  return all.filter((t) => t.target || t.actions.length > 0);
}

/** A guard as a person reads it: its name ('guard' for an anonymous function). */
export const guardName = (guard: unknown): string | undefined =>
  typeof guard === 'string'
    ? guard
    : typeof guard === 'function'
      ? guard.name || 'guard'
      : (guard as { type?: string } | undefined)?.type;
