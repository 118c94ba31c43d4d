/**
 * What the path generator needs to know about a machine: the generated tests and the QA plans are both
 * built from it, so they always describe the same scenarios.
 */
import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine, InputFrom } from 'xstate';

export interface MachineEntry<TMachine extends AnyStateMachine = AnyStateMachine> {
  machine: TMachine;
  /** Heading of the QA plan, e.g. "Sign in". */
  title: string;
  /**
   * Payloads for user events and outcomes for invoked actors (`xstate.done.actor.<id>` with `output`,
   * `xstate.error.actor.<id>` with `error`). Use values a tester can type: they are printed in the plan.
   */
  samples: readonly AnyEventObject[];
  /** What a person can see in a snapshot; two snapshots with the same key look the same. */
  uiKey: (snapshot: AnyMachineSnapshot) => unknown;
  /** Starting points for machines with input, e.g. a page opened with and without its token. */
  inputs?: ReadonlyArray<{ label: string; input: InputFrom<TMachine> }>;
  /**
   * 'transition-in-every-state' (default): every transition from every distinct state. For a parallel
   * machine that multiplies each region's transitions by every combination of the other regions, so
   * 'each-transition-once' keeps the fewest paths that still take every transition of the machine.
   */
  coverage?: 'transition-in-every-state' | 'each-transition-once';
}

/** Keeps the machine's own types while the entry is written, then stores it in the untyped list. */
export const defineEntry = <TMachine extends AnyStateMachine>(entry: MachineEntry<TMachine>) =>
  entry as unknown as MachineEntry;

/** Invoked-actor outcomes as the graph traversal sends them. */
export const done = (id: string, output?: unknown) => ({ type: `xstate.done.actor.${id}`, output });
export const fail = (id: string, error: { message: string; name?: string; network?: boolean }) => ({
  type: `xstate.error.actor.${id}`,
  error,
});

/** The usual key: which state, and whether an error is on screen (its text is asserted per path). */
export const stateAndError = (snapshot: AnyMachineSnapshot) => ({
  state: snapshot.value,
  error: !!snapshot.context?.error,
});
