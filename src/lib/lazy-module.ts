/**
 * A code-split module that is loaded before it is shown: `load()` starts (once) and returns the import,
 * `current()` has it synchronously once it arrived. Views render what is loaded and keep showing what
 * they had (or the loading screen) until then, so there is no Suspense fallback flash between pages.
 */
import { useEffect, useReducer, useState } from 'react';

export interface LazyModule<T> {
  readonly id: number;
  load: () => Promise<T>;
  current: () => T | undefined;
}

let ids = 0;

export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  let value: T | undefined;
  let pending: Promise<T> | undefined;
  const load = () => {
    pending ??= importer().then(
      (module) => {
        value = module;
        return module;
      },
      (error: unknown) => {
        pending = undefined; // a failed chunk (offline, a new deploy) may be tried again
        throw error;
      },
    );
    return pending;
  };
  return { id: ++ids, load, current: () => value };
}

/**
 * True once every module is loaded; starts loading those that are not. A failed load is thrown to the
 * error boundary ("Something went wrong." with "Refresh the Page").
 */
export function useLoaded(modules: ReadonlyArray<LazyModule<unknown>>): boolean {
  const ready = modules.every((m) => m.current() !== undefined);
  const [, loaded] = useReducer((n: number) => n + 1, 0);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  const key = modules.map((m) => m.id).join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names the modules
  useEffect(() => {
    if (ready) return;
    let live = true;
    Promise.all(modules.map((m) => m.load())).then(
      () => live && loaded(),
      (error: unknown) => live && setFailure({ error }),
    );
    return () => {
      live = false;
    };
  }, [ready, key]);
  if (failure) throw failure.error;
  return ready;
}
