/**
 * QA plan scenarios replayed in the simulator: the very scenarios `npm run plans` writes to
 * docs/test-plans/<machine>.md (same generator, same order, same numbers), as moments to step through.
 * Each moment of the path belongs to the opening or to one of the plan's numbered steps; the step's
 * expectation belongs to the moment the step comes to rest in (its last event). Pure: unit-tested.
 */
import type { MachineEntry } from '#machines/lib/entry.ts';
import { type PlanScenario, planOf } from '#machines/plans/plan.ts';
import { PORTAL_URL } from '#machines/samples/demo.samples.ts';
import type { SimStep } from './simulator.ts';

export type { PlanScenario } from '#machines/plans/plan.ts';

const plans = new Map<string, PlanScenario[]>();

/** The plan's scenarios, computed once per machine (the same paths as the generated tests). */
export function scenariosOf(entry: MachineEntry): PlanScenario[] {
  let found = plans.get(entry.machine.id);
  if (!found) {
    found = planOf(entry);
    plans.set(entry.machine.id, found);
  }
  return found;
}

/** The scenario's moments as simulator history (the snapshots the path really reaches). */
export const scenarioHistory = (scenario: PlanScenario, at = Date.now()): SimStep[] =>
  scenario.path.steps.map((step, i) => ({ event: step.event, snapshot: step.state, at: at + i }));

export interface Moment {
  /** 0 for the opening, else the plan step's number (1-based). */
  step: number;
  /** What the plan says to check at this moment, when this is where the step (or the opening) comes to rest. */
  expect: string | null;
  /** True when the plan expects something here (a resting state); false while the page waits in a blink. */
  rests: boolean;
}

/** Which plan step a moment of the path belongs to, and the expectation that belongs to it. */
export function momentOf(scenario: PlanScenario, index: number): Moment {
  const first = scenario.steps[0]?.firstStep ?? scenario.path.steps.length;
  if (index < first) {
    const rests = index === first - 1;
    return { step: 0, expect: rests ? scenario.expect : null, rests: rests && scenario.expect !== null };
  }
  const n = scenario.steps.findIndex((s) => index >= s.firstStep && index <= s.lastStep);
  const step = scenario.steps[n];
  if (!step) return { step: scenario.steps.length, expect: null, rests: false };
  const rests = index === step.lastStep;
  return { step: n + 1, expect: rests ? step.expect : null, rests: rests && step.expect !== null };
}

/**
 * A plan's text with the portal's default address (npm start on :8787) moved to `origin`, the address
 * in use: the dev server serving the inspector forwards the API, so the portal is there too, on any port.
 */
export const onOrigin = (text: string, origin: string): string => text.replaceAll(PORTAL_URL, origin);
