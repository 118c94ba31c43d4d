/**
 * Walks scenarios of every QA plan (docs/test-plans) in Chromium against the npm start stack, exactly as
 * the plan words them: its start URL and person, its accounts (made with the users commands the plan
 * prints, see scripts/lib/stack.ts), the values it tells the tester to type, and, after every step, the state
 * its expectation was computed from (support/walkers.ts says what each state looks like; a quoted alert
 * must be on the page word for word). A plan that disagrees with the app fails here.
 */
import { describe, expect, test } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { activeLeaves, pathName } from '#machines/lib/paths.ts';
import { demoOwner, PORTAL_URL } from '#machines/samples/demo.samples.ts';
import { alertOf, type PlanScenario, planOf } from '../../machines/plans/plan.ts';
import { available, signIn, useBrowser, withPage } from './support/browser.ts';
import { type Walker, walkers } from './support/walkers.ts';

const testName = (s: PlanScenario) => `${s.path.start ? `[${s.path.start}] ` : ''}${pathName(s.path)}`;

async function expectState(walker: Walker, page: Parameters<Walker['check'][string]>[0], state: AnyMachineSnapshot) {
  const { machine } = walker.entry;
  for (const leaf of activeLeaves(machine, state)) {
    const id = leaf.id.slice(machine.id.length + 1);
    const check = walker.check[id];
    if (!check) throw new Error(`The walk has no check for ${machine.id} state ${id}`);
    await check(page, state);
  }
  const alert = alertOf(state);
  if (alert) await page.getByRole('alert').filter({ hasText: alert }).first().waitFor({ timeout: 10_000 });
}

describe.runIf(available)('the QA plans, walked in Chromium', () => {
  const browser = useBrowser();

  for (const walker of walkers) {
    const scenarios = planOf(walker.entry);
    describe(`${walker.entry.machine.id} (docs/test-plans/${walker.entry.machine.id}.md)`, () => {
      test.each(walker.walk)('%s', async (walk) => {
        const [name, nth] = walk.split('#');
        const all = scenarios.filter((s) => testName(s) === name);
        const matching = nth ? all.slice(Number(nth) - 1, Number(nth)) : all;
        expect(matching.length, `no scenario "${name}" in the plan any more`).toBeGreaterThan(0);
        for (const scenario of matching) {
          expect(scenario.notByHand, `scenario ${scenario.number} cannot be walked by hand`).toEqual([]);
          await withPage(browser(), 1280, async ({ page, problems }) => {
            await walker.prepare?.(page);
            if (scenario.who.startsWith('signed in as')) await signIn(page, demoOwner.email, demoOwner.password);
            const path = scenario.url.slice(PORTAL_URL.length);
            await page.goto(walker.address ? await walker.address(path, scenario) : path);
            await walker.afterOpening?.(page);
            const opening = scenario.steps.length ? scenario.steps[0]!.firstStep - 1 : scenario.path.steps.length - 1;
            await expectState(walker, page, scenario.path.steps[opening]!.state);
            for (const [n, step] of scenario.steps.entries()) {
              const perform = walker.perform[step.event.type];
              if (!perform) throw new Error(`The walk cannot do step ${n + 1}: ${step.action}`);
              await perform(page, step.event);
              // The answers that follow the step come from the real server; wait for the state they lead to.
              await expectState(walker, page, scenario.path.steps[step.lastStep]!.state);
            }
            // What the plan asks to put back afterwards (e.g. the demo business's name).
            await walker.restore?.(page);
            // A refusal the scenario asks for (409, 429…) is logged by Chromium as a failed resource.
            expect(problems.filter((p) => !/status of 4\d\d/.test(p))).toEqual([]);
          });
        }
      });
    });
  }
});
