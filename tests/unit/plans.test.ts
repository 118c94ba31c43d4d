/**
 * The QA plan generator and the path sets: every plan passes `checkPlan` (a start URL and a person, plain
 * words, expectations computed from the reached state), and `checkPlan` really fails on what QA found in
 * earlier plans (machine JSON in a step, "Open the page" without a URL, an error carried into the next
 * page's expectation, an expectation of a state that passes in a blink).
 */
import { describe, expect, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import type { MachineEntry } from '#machines/lib/entry.ts';
import {
  definedTransitions,
  entryPaths,
  isBlink,
  type MachinePath,
  pathTransitions,
  replay,
  walkable,
} from '#machines/lib/paths.ts';
import { registry } from '#machines/registry.ts';
import { resetPasswordEntry } from '#machines/samples/account.samples.ts';
import { demoBusiness, demoOwner } from '#machines/samples/demo.samples.ts';
import { signInEntry } from '#machines/samples/sign-in.samples.ts';
import { checkPlan, type PlanScenario, planOf, renderPlan, scenarioOf } from '../../machines/plans/plan.ts';

const entries = registry.map((e) => [e.machine.id, e] as const);
const eventsOf = (p: MachinePath) => p.steps.slice(1).map((s) => s.event);
const clone = (s: PlanScenario): PlanScenario => ({
  ...s,
  before: [...s.before],
  opening: [...s.opening],
  steps: s.steps.map((step) => ({ ...step, arrange: [...step.arrange], results: [...step.results] })),
});
/** The first scenario of a plan that has a person step matching `test`. */
function scenarioWith(entry: MachineEntry, test: (s: PlanScenario) => boolean): PlanScenario {
  const found = planOf(entry).find(test);
  if (!found) throw new Error(`no ${entry.machine.id} scenario fits`);
  return clone(found);
}

describe('covering path sets', () => {
  it.each(entries)(
    '%s: the covering set takes every transition and uses every sample the full set uses',
    (_id, e) => {
      const cover = entryPaths(e, 'cover');
      const full = entryPaths(e, 'full');
      const taken = new Set(cover.flatMap((p) => pathTransitions(e.machine, p)));
      expect(definedTransitions(e.machine).filter((t) => !taken.has(t))).toEqual([]);
      const used = new Set(cover.flatMap(eventsOf).map((ev) => JSON.stringify(ev)));
      const usedByFull = new Set(full.flatMap(eventsOf).map((ev) => JSON.stringify(ev)));
      expect([...usedByFull].filter((ev) => !used.has(ev))).toEqual([]);
      expect(cover.length).toBeLessThanOrEqual(full.length);
      // The full set of the biggest machines (the calendar: parallel regions) takes seconds on a loaded machine.
    },
    30_000,
  );

  it.each(entries)('%s: every path ends on a state a person can see', (_id, e) => {
    for (const path of entryPaths(e, 'cover'))
      expect(isBlink(e, path.state), JSON.stringify(path.state.value)).toBe(false);
  });

  it.each(entries)('%s: every step holds the snapshot its events really lead to', (_id, e) => {
    for (const path of entryPaths(e, 'cover')) {
      const again = replay(e.machine, eventsOf(path), path.input);
      expect(path.steps.map((s) => [s.state.value, s.state.context])).toEqual(
        again.steps.map((s) => [s.state.value, s.state.context]),
      );
    }
  });

  it('prefers paths a person can walk: no button is pressed while the page waits for the server', () => {
    // "Back to Login" is handled in every state of the reset page, also while the reset is being sent.
    expect(entryPaths(resetPasswordEntry, 'cover').every((p) => walkable(resetPasswordEntry, p))).toBe(true);
  });
});

describe('QA plans', () => {
  it.each(entries)('%s: every scenario passes the plan checks', (_id, e) => {
    expect(checkPlan(e, planOf(e))).toEqual([]);
  });

  it.each(entries)('%s: starts say where to go and who to be, with the seeded names', (_id, e) => {
    const text = renderPlan(e);
    expect(text).not.toMatch(/Open the page/);
    expect(text).not.toMatch(/Ada|Lovelace|Corner Cafe/);
    expect(text).toContain(demoOwner.email);
    expect(text).toContain(demoBusiness.businessname);
    for (const s of planOf(e)) expect(text).toContain(`**Start:** open ${s.url}, ${s.who}`);
  });

  it('scenarios that cannot be walked by hand say why and name their automated test', () => {
    const text = renderPlan(signInEntry);
    const notByHand = planOf(signInEntry).filter((s) => s.notByHand.length);
    expect(notByHand.length).toBeGreaterThan(0);
    for (const s of notByHand) {
      expect(text).toMatch(
        new RegExp(
          `## ${s.number}\\. .*\\n\\n\\*\\*Not by hand:\\*\\* .+ Covered by \`${s.test}\`, test "${s.number}: `,
        ),
      );
    }
  });

  it('a scenario that opens the new-password page by its address starts there', () => {
    const direct = replay(signInEntry.machine, [
      { type: 'signIn.submitNewPassword', newPassword: 'BrandNew#2026', confirmPassword: 'BrandNew#2026' },
    ]);
    expect(scenarioOf(signInEntry, direct, 0).url).toBe('http://localhost:8787/new-password-required');
  });

  it('the answer that needs an account makes the scenario create it and type its credentials', () => {
    const s = scenarioWith(signInEntry, (sc) =>
      sc.steps.some((st) => st.results.some((r) => r.includes('new password'))),
    );
    expect(s.before.join(' ')).toContain('npm run users -- create --email temp.owner@demo.local');
    expect(s.steps[0]?.action).toContain('`temp.owner@demo.local`');
  });
});

describe('checkPlan fails on what QA found in earlier plans', () => {
  const valid = () => scenarioWith(signInEntry, (s) => s.steps.length > 0 && !s.notByHand.length);

  it('machine JSON in a step', () => {
    const s = valid();
    s.steps[0]!.results[0] += ' (answer: {"kind":"signedIn","groups":["BusinessOwners"]})';
    expect(checkPlan(signInEntry, [s]).join('\n')).toMatch(/JSON in/);
    const t = valid();
    t.steps[0]!.action = 'Type an email and a password ({"email":"owner@demo.local"})';
    expect(checkPlan(signInEntry, [t]).join('\n')).toMatch(/JSON in/);
  });

  it('a scenario without a start URL or without a person to be', () => {
    const s = valid();
    s.url = 'Open the page';
    expect(checkPlan(signInEntry, [s]).join('\n')).toMatch(/starts without a URL/);
    const t = valid();
    t.who = '';
    expect(checkPlan(signInEntry, [t]).join('\n')).toMatch(/does not say who to be/);
  });

  it('an error carried into the expectation of the next page', () => {
    // Reset password: a failed reset, then "Back to Login": the Login page shows no alert of the reset page.
    const path = replay(
      resetPasswordEntry.machine,
      [
        { type: 'xstate.done.actor.checkResetToken' },
        { type: 'resetPassword.submit', newPassword: 'Fresh#Start26', confirmPassword: 'Fresh#Start26' },
        { type: 'xstate.error.actor.resetPassword', error: { message: '', network: true } },
        { type: 'resetPassword.backToLogin' },
      ],
      { token: 'c2FtcGxlLXJlc2V0LXRva2Vu' },
    );
    const s = scenarioOf(resetPasswordEntry, { ...path, start: resetPasswordEntry.inputs![0]!.label }, 0);
    expect(checkPlan(resetPasswordEntry, [s])).toEqual([]);
    s.steps.at(-1)!.expect += '. The alert reads: "Network error. Please try again."';
    expect(checkPlan(resetPasswordEntry, [s]).join('\n')).toMatch(/quotes the alert "Network error/);
  });

  it('an expectation of another state than the one reached', () => {
    const leaves = (sc: PlanScenario, n: number) => JSON.stringify(sc.path.steps[sc.steps[n]!.lastStep]!.state.value);
    const s = scenarioWith(signInEntry, (sc) => sc.steps.length >= 2 && leaves(sc, 0) !== leaves(sc, 1));
    [s.steps[0]!.expect, s.steps[1]!.expect] = [s.steps[1]!.expect, s.steps[0]!.expect];
    expect(checkPlan(signInEntry, [s]).join('\n')).toMatch(/does not describe the reached state/);
  });

  it('a path whose steps carry snapshots of another path (the graph keeps one per state key)', () => {
    // Two failures with different texts: stitch the second one's snapshot into the first path.
    const fail = (message: string) => ({ type: 'xstate.error.actor.signIn', error: { message } }) as AnyEventObject;
    const submit = { type: 'signIn.submit', email: demoOwner.email, password: demoOwner.password };
    const wrong = replay(signInEntry.machine, [submit, fail('Incorrect username or password.')]);
    const other = replay(signInEntry.machine, [submit, fail('')]);
    const stitched: MachinePath = {
      ...wrong,
      steps: [...wrong.steps.slice(0, 2), { event: wrong.steps[2]!.event, state: other.steps[2]!.state }],
    };
    const problems = checkPlan(signInEntry, [scenarioOf(signInEntry, stitched, 0)]).join('\n');
    expect(problems).toMatch(/misses the alert "Incorrect username or password."/);
  });

  it('an expectation of a state that passes in a blink', () => {
    const s = scenarioWith(signInEntry, (sc) => !!sc.steps[0]?.results.length);
    // Point the first step at its own first event: the "Signing in…" state, which lasts a blink.
    s.steps[0]!.lastStep = s.steps[0]!.firstStep;
    expect(checkPlan(signInEntry, [s]).join('\n')).toMatch(/expects a state that passes in a blink/);
  });
});
