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
 * Runs `start` once the browser has painted the frame being prepared now (the next animation frame, then
 * a task after it), at once in a hidden tab (no frames there). Returns a cancel function.
 */
export function afterPaint(start: () => void): () => void {
  if (typeof requestAnimationFrame !== 'function' || document.visibilityState === 'hidden') {
    const timer = setTimeout(start, 0);
    return () => clearTimeout(timer);
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(start, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * True once every module is loaded; starts loading those that are not (with `afterPaint`, only once
 * the screen that asks for them is painted: what it shows meanwhile does not wait for their bytes).
 * A failed load is thrown to the error boundary ("Something went wrong." with "Refresh the Page").
 */
export function useLoaded(
  modules: ReadonlyArray<LazyModule<unknown>>,
  { afterPaint: later = false }: { afterPaint?: boolean } = {},
): boolean {
  const ready = modules.every((m) => m.current() !== undefined);
  const [, loaded] = useReducer((n: number) => n + 1, 0);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  const key = modules.map((m) => m.id).join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names the modules
  useEffect(() => {
    if (ready) return;
    let live = true;
    const start = () =>
      Promise.all(modules.map((m) => m.load())).then(
        () => live && loaded(),
        (error: unknown) => live && setFailure({ error }),
      );
    let cancel: (() => void) | undefined;
    if (later) cancel = afterPaint(start);
    else void start();
    return () => {
      live = false;
      cancel?.();
    };
  }, [ready, key, later]);
  if (failure) throw failure.error;
  return ready;
}
