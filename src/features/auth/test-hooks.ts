import { useInspect } from '#src/lib/inspect.ts';

/** The auth pages' test hooks are the shared flow hooks (src/lib/use-flow-actor.ts). */
export type { FlowHooks as TestHooks } from '#src/lib/use-flow-actor.ts';

/** What a page starts its actor with: the test's options, else the app's inspector (development only). */
export function useActorOptions<TOptions extends object>(options?: TOptions) {
  const inspect = useInspect();
  return { inspect, ...options };
}
