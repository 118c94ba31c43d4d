/**
 * The one way a view runs a flow machine. It starts the actor with the app's inspector (development
 * only), re-renders on every snapshot, and hands back what a view needs: the snapshot to render and
 * `send`. Tests inject a machine with fake effects and a SimulatedClock through `FlowHooks`.
 *
 *   const [state, send] = useFlowActor(logic ?? liveProfileLogic, { input: { business } });
 *   <Button {...enabledFor(state, { type: 'profile.cancel' })} onClick={() => send({ type: 'profile.cancel' })}>
 */
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorOptions, AnyStateMachine, EventFrom, InputFrom, SnapshotFrom } from 'xstate';
import { useInspect } from './inspect.ts';

/**
 * Optional props through which tests inject a machine with fake actors (`machine.provide`) and a
 * SimulatedClock / inspector. The app never passes them: views fall back to their wired logic.
 */
export interface FlowHooks<TLogic extends AnyStateMachine> {
  logic?: TLogic;
  options?: Pick<ActorOptions<TLogic>, 'clock' | 'inspect'>;
  /** wouter passes route params to a Route's `component`; views ignore them. */
  params?: unknown;
}

export interface FlowOptions<TLogic extends AnyStateMachine> {
  input?: InputFrom<TLogic>;
  /** The test hooks' options (clock, inspect); the app's inspector is used when absent. */
  options?: FlowHooks<TLogic>['options'];
}

export function useFlowActor<TLogic extends AnyStateMachine>(
  logic: TLogic,
  { input, options }: FlowOptions<TLogic> = {},
) {
  const inspect = useInspect();
  const actor = useActorRef(logic, {
    inspect,
    ...options,
    ...(input === undefined ? {} : { input }),
  } as ActorOptions<TLogic>);
  const state = useSelector(actor, (s) => s) as SnapshotFrom<TLogic>;
  return [state, actor.send as (event: EventFrom<TLogic>) => void, actor] as const;
}

/**
 * Props for a control that sends `event`: enabled exactly when the machine would accept it now
 * (`state.can`), and marked with `data-event` so the generated view tests can check, at every state,
 * that no enabled control sends an event the machine would ignore. Never enable by a list of state names.
 */
export function enabledFor<TState extends { can: (event: never) => boolean }>(
  state: TState,
  event: Parameters<TState['can']>[0],
  extraDisabled = false,
) {
  return { 'data-event': (event as { type: string }).type, disabled: extraDisabled || !state.can(event) };
}
