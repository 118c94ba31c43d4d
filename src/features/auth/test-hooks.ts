import type { ActorOptions, AnyActorLogic } from 'xstate';
import { useInspect } from '#src/app/inspect.ts';

/**
 * Optional props through which tests inject a machine with fake actors (`machine.provide`) and a
 * SimulatedClock / inspector. The app never passes them: pages fall back to their wired logic.
 */
export interface TestHooks<TLogic extends AnyActorLogic> {
  logic?: TLogic;
  options?: Pick<ActorOptions<TLogic>, 'clock' | 'inspect'>;
  /** wouter passes route params to a Route's `component`; the pages ignore them. */
  params?: unknown;
}

/** What a page starts its actor with: the test's options, else the app's inspector (development only). */
export function useActorOptions<TOptions extends object>(options?: TOptions) {
  const inspect = useInspect();
  return { inspect, ...options };
}
