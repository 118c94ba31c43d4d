/**
 * Poller details: for a machine that polls, what its timer is doing, when the next poll is due, how far
 * it has backed off and whether the page is hidden. The convention the inspector reads (README,
 * docs/decisions/013-statechart-inspector.md):
 *
 * - a machine is a poller when its root has `meta: { poller: { … } }`, or its id ends in "Poller";
 * - the timer is the delayed transition (`after`) of an active state: its delay, evaluated with the
 *   machine's own `delays` implementation and the snapshot's context, counted from the moment the state
 *   was entered; a context field `nextPollAt` (ms since the epoch or an ISO date) overrides it;
 * - the backoff level is the context number named by `meta.poller.backoffLevel`, else `backoffLevel`,
 *   else `failures` (failures in a row);
 * - the page is hidden when the context has `hidden: true`, when an active state is tagged `hidden`, or
 *   when the state named by `meta.poller.hiddenState` (default `paused`) is active.
 * Pure, so it is unit-tested.
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { activePaths, delayOf } from './chart.ts';

export interface PollerMeta {
  /** Context field holding the backoff level (failures in a row). */
  backoffLevel?: string;
  /** State (dotted path) active while the page is hidden. */
  hiddenState?: string;
}

export interface PollerDetails {
  /** "waiting", "backingOff", "paused", … the deepest active states, joined. */
  state: string;
  /** The pending delayed transition, if a timer runs. */
  timer: { from: string; delay: string; ms?: number; nextAt?: number; to: string } | null;
  /** True while a request is in flight (an active state invokes something). */
  requesting: boolean;
  backoffLevel: number | null;
  hidden: boolean;
}

export function pollerMeta(machine: AnyStateMachine): PollerMeta | null {
  const meta = (machine.root.meta as { poller?: PollerMeta | true } | undefined)?.poller;
  if (meta) return meta === true ? {} : meta;
  return /Poller$/.test(machine.id) ? {} : null;
}

const pathOf = (node: AnyStateNode) => node.path.join('.');

function nodesOf(machine: AnyStateMachine, value: unknown): AnyStateNode[] {
  const active = new Set(activePaths(value));
  const out: AnyStateNode[] = [];
  const walk = (node: AnyStateNode) => {
    for (const child of Object.values(node.states) as AnyStateNode[]) {
      if (active.has(pathOf(child))) {
        out.push(child);
        walk(child);
      }
    }
  };
  walk(machine.root);
  return out;
}

const asTime = (v: unknown): number | undefined =>
  typeof v === 'number' ? v : typeof v === 'string' && !Number.isNaN(Date.parse(v)) ? Date.parse(v) : undefined;

/**
 * What a poller shows at one moment. `enteredAt` says when a state (dotted path) was last entered, so the
 * next poll time is computed from the delay; without it only the delay is known.
 */
export function pollerDetails(
  machine: AnyStateMachine,
  value: unknown,
  context: unknown,
  enteredAt: (path: string) => number | undefined = () => undefined,
): PollerDetails {
  const meta = pollerMeta(machine) ?? {};
  const ctx = (context && typeof context === 'object' ? context : {}) as Record<string, unknown>;
  const nodes = nodesOf(machine, value);
  const leaves = nodes.filter((n) => !Object.keys(n.states).length);

  let timer: PollerDetails['timer'] = null;
  for (const node of [...nodes].reverse()) {
    const delayed = node.after[0];
    if (!delayed) continue;
    const delay = delayOf(node, delayed.eventType);
    let ms = delay?.ms;
    const impl = delay ? machine.implementations.delays[delay.name] : undefined;
    if (ms === undefined && typeof impl === 'function') {
      try {
        const computed = (impl as (args: unknown) => unknown)({ context: ctx, event: { type: 'xstate.init' } });
        if (typeof computed === 'number') ms = computed;
      } catch {
        // A delay that needs more than the context: the inspector shows its name only.
      }
    }
    const entered = enteredAt(pathOf(node));
    const override = asTime(ctx.nextPollAt);
    const nextAt = override ?? (entered !== undefined && ms !== undefined ? entered + ms : undefined);
    timer = {
      from: pathOf(node),
      delay: delay?.name ?? '?',
      ...(ms !== undefined ? { ms } : {}),
      ...(nextAt !== undefined ? { nextAt } : {}),
      to: (delayed.target ?? []).map(pathOf).join(', ') || pathOf(node),
    };
    break;
  }

  const field = meta.backoffLevel ?? ['backoffLevel', 'failures'].find((k) => typeof ctx[k] === 'number');
  const level = field !== undefined && typeof ctx[field] === 'number' ? (ctx[field] as number) : null;
  const hiddenState = meta.hiddenState ?? 'paused';
  const hidden =
    ctx.hidden === true ||
    nodes.some((n) => [...n.tags].includes('hidden')) ||
    nodes.some((n) => pathOf(n) === hiddenState);

  return {
    state: leaves.map(pathOf).join(', '),
    timer,
    requesting: nodes.some((n) => n.invoke.length > 0),
    backoffLevel: level,
    hidden,
  };
}

/** When the run of moments ending at `index` entered the state at `path` (the first of them that had it active). */
export function enteredAtFrom(history: ReadonlyArray<{ value: unknown; at: number }>, index: number) {
  return (path: string): number | undefined => {
    let found: number | undefined;
    for (let i = index; i >= 0; i--) {
      if (!activePaths(history[i]!.value).includes(path)) break;
      found = history[i]!.at;
    }
    return found;
  };
}
