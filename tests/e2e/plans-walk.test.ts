/**
 * Walks scenarios of every QA plan (docs/test-plans) in Chromium against the npm start stack, exactly as
 * the plan words them: its start URL and person, its accounts (made with the users commands the plan
 * prints, see scripts/lib/stack.ts), the values it tells the tester to type, and, after every step, the state
 * its expectation was computed from (support/walkers.ts says what each state looks like; a quoted alert
 * must be on the page word for word). A plan that disagrees with the app fails here.
 */

import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { activeLeaves, pathName } from '#machines/lib/paths.ts';
import { demoOwner, PORTAL_URL } from '#machines/samples/demo.samples.ts';
import { alertOf, type PlanScenario, planOf } from '../../machines/plans/plan.ts';
import { available, SignedInStorage, useBrowser, withPage } from './support/browser.ts';
import { type Walker, walkers } from './support/walkers.ts';

const testName = (s: PlanScenario) => `${s.path.start ? `[${s.path.start}] ` : ''}${pathName(s.path)}`;

/**
 * The request blocks a step arranges ("In DevTools → Network → Network request blocking, block the
 * pattern `*booking-availability*`"), done as DevTools does them: every request whose URL matches the
 * pattern (`*` for anything) fails as a network error.
 */
async function blockAsArranged(page: Page, arrange: readonly string[]) {
  const blocks: Array<{ pattern: RegExp; afterStep: boolean }> = [];
  for (const text of arrange) {
    const wanted = /block the pattern `([^`]+)`/.exec(text)?.[1];
    if (!wanted) continue;
    const escaped = wanted.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
    const pattern = new RegExp(`^${escaped}$`);
    await page.route(pattern, (route) => route.abort('failed'));
    blocks.push({ pattern, afterStep: /after this step/.test(text) });
  }
  return blocks;
}

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
  // "Signed in as the demo owner": signed in through /login once, then the same browser storage.
  const owner = new SignedInStorage(demoOwner.email, demoOwner.password);

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
          const signedIn = scenario.who.startsWith('signed in as');
          const storage = signedIn ? await owner.reusable() : undefined;
          await withPage(
            browser(),
            1280,
            async ({ page, problems }) => {
              await walker.prepare?.(page);
              if (signedIn && !storage) await owner.signIn(page);
              const path = scenario.url.slice(PORTAL_URL.length);
              await page.goto(walker.address ? await walker.address(path, scenario) : path);
              await walker.afterOpening?.(page);
              let blockedAny = false;
              const opening = scenario.steps.length ? scenario.steps[0]!.firstStep - 1 : scenario.path.steps.length - 1;
              await expectState(walker, page, scenario.path.steps[opening]!.state);
              for (const [n, step] of scenario.steps.entries()) {
                const perform = walker.perform[step.event.type];
                if (!perform) throw new Error(`The walk cannot do step ${n + 1}: ${step.action}`);
                // "First in DevTools … block the pattern `X`": the same block, with Playwright's routing.
                const blocked = await blockAsArranged(page, step.arrange);
                blockedAny ||= blocked.length > 0;
                await perform(page, step.event);
                // The answers that follow the step come from the real server; wait for the state they lead to.
                await expectState(walker, page, scenario.path.steps[step.lastStep]!.state);
                // "(remove the block after this step)"; else it stays for the rest of the scenario.
                for (const { pattern, afterStep } of blocked) if (afterStep) await page.unroute(pattern);
              }
              // What the plan asks to put back afterwards (e.g. the demo business's name).
              await walker.restore?.(page);
              // A refusal the scenario asks for (409, 429…) is logged by Chromium as a failed resource.
              // A request the scenario blocks fails as net::ERR_FAILED.
              const expected = (p: string) => /status of 4\d\d/.test(p) || (blockedAny && /net::ERR_FAILED/.test(p));
              expect(problems.filter((p) => !expected(p))).toEqual([]);
            },
            storage,
          );
        }
      });
    });
  }
});
