/**
 * What a QA lead plans a cycle from, per scenario: what it needs (a server restart, DevTools, a camera, a
 * second tab, the command line, a wait), the minutes it takes, a title that states its purpose, whether
 * the CI walk covers it, and per plan a smoke set. Pure TypeScript, used by the plans (plan.ts) and their
 * index (index.ts).
 */
import type { AnyEventObject } from 'xstate';
import { type MachineEntry, noteOf } from '../lib/entry.ts';
import { pathName, pathTransitions } from '../lib/paths.ts';
import type { PlanScenario } from './scenario.ts';
import { walkedInCi } from './walked.ts';

export const NEEDS = {
  restart: 'server restart',
  devtools: 'DevTools',
  camera: 'camera',
  secondTab: 'second tab',
  commandLine: 'command line',
  waiting: 'waiting',
} as const;
export type Need = keyof typeof NEEDS;

/** Every text of a scenario a tester reads before or while doing it. */
const textsOf = (s: PlanScenario) => [
  s.via ?? '',
  s.andThen ?? '',
  ...s.before,
  ...s.steps.flatMap((step) => [...step.arrange, step.action]),
];

/** The delay of an `xstate.after.*` event, in ms (a computed delay counts as 15 s). */
function delayOf(entry: MachineEntry, event: AnyEventObject): number {
  const name = /^xstate\.after\.([^.]+)\./.exec(event.type)?.[1];
  if (!name) return 0;
  const delay = (entry.machine.implementations.delays as Record<string, unknown>)[name];
  return typeof delay === 'number' ? delay : 15_000;
}

/** What a scenario needs beyond a browser on the portal. */
export function needsOf(entry: MachineEntry, s: PlanScenario): Need[] {
  const text = textsOf(s).join('\n');
  const needs: Need[] = [];
  if (/stop the server/i.test(text)) needs.push('restart');
  if (/DevTools/.test(text)) needs.push('devtools');
  if (/camera/i.test(text)) needs.push('camera');
  if (/second tab/i.test(text)) needs.push('secondTab');
  if (/`npm run /.test(text)) needs.push('commandLine');
  if (s.path.steps.some((step) => delayOf(entry, step.event) >= 60_000)) needs.push('waiting');
  return needs;
}

/**
 * Minutes to walk a scenario by hand: a minute to open the page (signed in), half a minute a step, and
 * what its needs cost (a restart 2, a command with the server stopped 2, DevTools or a second tab 1, a
 * camera 1), plus its waits; rounded up to the half minute.
 */
export function minutesOf(entry: MachineEntry, s: PlanScenario): number {
  const needs = needsOf(entry, s);
  const cost: Record<Need, number> = { restart: 2, devtools: 1, camera: 1, secondTab: 1, commandLine: 2, waiting: 0 };
  const waits = s.path.steps.reduce((sum, step) => sum + delayOf(entry, step.event), 0) / 60_000;
  const total = 1 + 0.5 * s.steps.length + needs.reduce((sum, n) => sum + cost[n], 0) + waits;
  return Math.ceil(total * 2) / 2;
}

const byHand = (s: PlanScenario) => s.notByHand.length === 0;
const eventKey = (e: AnyEventObject) => JSON.stringify(e);

/** The words of one event of a path, as its step would say it. */
function labelOf(entry: MachineEntry, s: PlanScenario, index: number): string {
  const { event } = s.path.steps[index]!;
  const prev = s.path.steps[index - 1]!.state;
  const note = noteOf(entry, event);
  const described = entry.machine
    .getTransitionData(prev as never, event as never)
    .map((t) => t.description)
    .filter(Boolean)
    .join('; ');
  const say = note?.say ? note.say.charAt(0).toUpperCase() + note.say.slice(1) : undefined;
  return (note?.action ?? say ?? described) || event.type;
}

/**
 * Titles that state each scenario's purpose: the step no other scenario of the plan takes (the rarest,
 * the later on a tie), not merely its last one; where two titles would still read the same, the next
 * rarest step they differ by is added.
 */
export function titlesOf(entry: MachineEntry, scenarios: PlanScenario[]): string[] {
  const keyOf = (s: PlanScenario, i: number) =>
    `${JSON.stringify(s.path.steps[i - 1]!.state.value)} ${eventKey(s.path.steps[i]!.event)}`;
  const counts = new Map<string, number>();
  for (const s of scenarios) {
    for (const key of new Set(s.path.steps.slice(1).map((_, i) => keyOf(s, i + 1)))) {
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  const ranked = scenarios.map((s) => {
    const labels = s.path.steps.slice(1).map((_, i) => ({
      label: labelOf(entry, s, i + 1),
      count: counts.get(keyOf(s, i + 1)) ?? 0,
      at: i,
    }));
    // Rarest first; the later step on a tie (it is what the scenario builds up to).
    return labels.sort((a, b) => a.count - b.count || b.at - a.at).map((l) => l.label);
  });
  const titles = ranked.map((labels, n) => labels[0] ?? scenarios[n]!.path.start ?? 'The first screen');
  for (let round = 1; round < 4; round++) {
    const seen = new Map<string, number[]>();
    titles.forEach((t, n) => {
      seen.set(t, [...(seen.get(t) ?? []), n]);
    });
    for (const group of seen.values()) {
      if (group.length < 2) continue;
      for (const n of group) {
        const extra = ranked[n]!.find((l) => !titles[n]!.includes(l) && group.some((m) => !ranked[m]!.includes(l)));
        if (extra) titles[n] = `${titles[n]}, with: ${lowerFirst(extra)}`;
      }
    }
  }
  const count = new Map<string, number>();
  return titles.map((t) => {
    const seen = (count.get(t) ?? 0) + 1;
    count.set(t, seen);
    return seen > 1 ? `${t} (variant ${seen})` : t;
  });
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** The scenario names the CI walk plays (tests/e2e/plans-walk.test.ts), resolved to scenario numbers. */
export function walkedNumbers(entry: MachineEntry, scenarios: PlanScenario[]): Set<number> {
  const walk = (walkedInCi as Record<string, { walk: string[] } | undefined>)[entry.machine.id]?.walk ?? [];
  const name = (s: PlanScenario) => `${s.path.start ? `[${s.path.start}] ` : ''}${pathName(s.path)}`;
  const numbers = new Set<number>();
  for (const w of walk) {
    const [wanted, nth] = w.split('#');
    const all = scenarios.filter((s) => name(s) === wanted);
    for (const s of nth ? all.slice(Number(nth) - 1, Number(nth)) : all) numbers.add(s.number);
  }
  return numbers;
}

/**
 * The smoke set: per plan, the by-hand scenario that needs nothing special (else the cheapest) and takes
 * the most of the plan's transitions; two for the plans of 30 scenarios or more, none for the plans of
 * fewer than 5 (a small part of a page: its few scenarios are quick to walk in full), so that the set
 * stays the 20 to 30 scenarios a release can afford.
 */
export const SMOKE_MIN_SCENARIOS = 5;
export function smokeOf(entry: MachineEntry, scenarios: PlanScenario[]): number[] {
  if (scenarios.length < SMOKE_MIN_SCENARIOS) return [];
  const candidates = scenarios.filter(byHand);
  const covered = new Set<string>();
  const picked: number[] = [];
  const wanted = scenarios.length >= 30 ? 2 : 1;
  for (let round = 0; round < wanted; round++) {
    let best: PlanScenario | undefined;
    let bestScore = Number.NEGATIVE_INFINITY;
    for (const s of candidates) {
      if (picked.includes(s.number)) continue;
      const gain = new Set(pathTransitions(entry.machine, s.path).filter((t) => !covered.has(t))).size;
      const score = gain - 4 * needsOf(entry, s).length - minutesOf(entry, s) / 4;
      if (score > bestScore) [best, bestScore] = [s, score];
    }
    if (!best || (round > 0 && needsOf(entry, best).length > 0)) break;
    picked.push(best.number);
    for (const t of pathTransitions(entry.machine, best.path)) covered.add(t);
  }
  return picked.sort((a, b) => a - b);
}
