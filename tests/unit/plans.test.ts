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
import { bookingFormEntry } from '#machines/samples/bookings.samples.ts';
import { demoBusiness, demoOwner } from '#machines/samples/demo.samples.ts';
import { messagesPanelEntry } from '#machines/samples/messages.samples.ts';
import { signInEntry } from '#machines/samples/sign-in.samples.ts';
import { impossibleRedeem, redeemEntry, voucherFormEntry } from '#machines/samples/vouchers.samples.ts';
import { docFiles } from '../../machines/plans/index.ts';
import { checkPlan, type PlanScenario, planOf, renderPlan, scenarioOf } from '../../machines/plans/plan.ts';
import { minutesOf, needsOf, smokeOf, titlesOf } from '../../machines/plans/triage.ts';

const entries = registry.map((e) => [e.machine.id, e] as const);
const eventsOf = (p: MachinePath) => p.steps.slice(1).map((s) => s.event);
const clone = (s: PlanScenario): PlanScenario => ({
  ...s,
  before: [...s.before],
  opening: [...s.opening],
  steps: s.steps.map((step) => ({
    ...step,
    arrange: [...step.arrange],
    results: [...step.results],
    tells: [...step.tells],
  })),
});
/** The first scenario of a plan that has a person step matching `test`. */
function scenarioWith(entry: MachineEntry, test: (s: PlanScenario) => boolean): PlanScenario {
  const found = planOf(entry).find(test);
  if (!found) throw new Error(`no ${entry.machine.id} scenario fits`);
  return clone(found);
}

// The full path sets take seconds per machine on a loaded computer.
describe('covering path sets', { timeout: 30_000 }, () => {
  it.each(entries)('%s: the covering set takes every transition and uses every sample the full set uses', (_id, e) => {
    const cover = entryPaths(e, 'cover');
    const full = entryPaths(e, 'full');
    const taken = new Set(cover.flatMap((p) => pathTransitions(e.machine, p)));
    expect(definedTransitions(e.machine).filter((t) => !taken.has(t))).toEqual([]);
    const used = new Set(cover.flatMap(eventsOf).map((ev) => JSON.stringify(ev)));
    const usedByFull = new Set(full.flatMap(eventsOf).map((ev) => JSON.stringify(ev)));
    expect([...usedByFull].filter((ev) => !used.has(ev))).toEqual([]);
    expect(cover.length).toBeLessThanOrEqual(full.length);
  });

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
    // Each by-hand scenario's start, once for the plan or in the scenario where it differs.
    for (const s of planOf(e).filter((sc) => !sc.notByHand.length)) {
      const section = text.split(`## ${s.number}. `)[1]!.split('\n## ')[0]!;
      const own = section.includes(`**Start:** open ${s.url}, ${s.who}`);
      expect(
        own || text.includes(`**Start (every scenario that does not say otherwise):** open ${s.url}, ${s.who}`),
      ).toBe(true);
    }
  });

  it('the index names the demo owner and business once for every plan', () => {
    const index = docFiles(registry).find((f) => f.file === 'docs/test-plans/README.md')!.text;
    expect(index).toContain(demoOwner.email);
    expect(index).toContain(demoBusiness.businessname);
  });

  it('scenarios that cannot be walked by hand say why and name their automated test', () => {
    const text = renderPlan(signInEntry);
    const notByHand = planOf(signInEntry).filter((s) => s.notByHand.length);
    expect(notByHand.length).toBeGreaterThan(0);
    const summary = text.split('## Not by hand')[1]!;
    expect(summary).toContain(notByHand[0]!.test);
    for (const s of notByHand) {
      expect(summary).toMatch(new RegExp(`\\*\\*${s.number}\\. .+\\.\\*\\* .+ Covered by test "${s.number}: `));
      // Summarised: their steps are not printed.
      expect(text).not.toContain(`## ${s.number}. `);
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

describe('the plans say only what the real portal can do (issue 23)', () => {
  const redeemPlan = () => planOf(redeemEntry);
  const answers = (s: PlanScenario) =>
    s.path.steps
      .map((st) => st.event)
      .filter((e) => e.type === 'xstate.done.actor.lookupCode' || e.type === 'xstate.error.actor.lookupCode');

  it('redeem: a code looked up again answers as before; a redeemed code is never ready again', () => {
    for (const s of redeemPlan()) {
      expect(impossibleRedeem(s.path.steps.slice(1).map((st) => st.event)), `scenario ${s.number}`).toBeUndefined();
    }
    // What the plans on main printed (redeem #12): "Already Redeemed", then "Ready to Redeem" for the same code.
    const lookup = { type: 'redeem.lookup' };
    const redeemed = redeemEntry.samples.find(
      (e) =>
        e.type === 'xstate.done.actor.lookupCode' && (e as { output?: { redeemedat?: unknown } }).output?.redeemedat,
    )!;
    const ready = redeemEntry.samples.find((e) => e.type === 'xstate.done.actor.lookupCode' && e !== redeemed)!;
    expect(impossibleRedeem([{ type: 'redeem.edit', code: 'x' }, lookup, redeemed, lookup, ready])).toMatch(
      /same code/,
    );
    expect(redeemPlan().some((s) => answers(s).length > 1)).toBe(true);
  });

  it('redeem: "First use a code that was redeemed before" only where the box does not hold one already', () => {
    const text = renderPlan(redeemEntry);
    for (const s of redeemPlan()) {
      for (const [n, step] of s.steps.entries()) {
        const conflictBefore = s.steps.slice(0, n).some((st) => st.results.some((r) => r.includes('409')));
        if (conflictBefore) expect(step.arrange.join(' ')).not.toContain('redeemed before');
      }
    }
    expect(text).not.toContain('Ready to Redeem" and a "Confirm Redemption" button (focused).\n3. First use');
  });

  it('booking form: each slot reload with a time chosen, and "Create Booking" disabled without one', () => {
    const plan = planOf(bookingFormEntry).filter((s) => !s.notByHand.length);
    for (const change of ['Meeting Room', 'next week in Date', '1 hour 30 mins', '`2` in Party Size']) {
      const s = plan.find(
        (sc) => sc.steps.some((st, n) => n > 0 && st.action.includes(change)) && sc.steps.length === 3,
      );
      expect(s, change).toBeDefined();
      expect(s!.steps[1]!.expect).toContain('"Create Booking" can be pressed');
      expect(s!.steps[2]!.results.join(' ')).toContain('free start times arrive');
      expect(s!.steps[2]!.expect).toContain('"Create Booking" is disabled (no time chosen)');
    }
    // Nothing is expected of a dialog that has closed.
    for (const s of plan)
      for (const step of s.steps)
        if (/^The dialog is closed/.test(step.expect ?? '')) {
          expect(step.expect).toBe('The dialog is closed');
        }
    // The start does not depend on the time of day.
    expect(renderPlan(bookingFormEntry)).toContain("put tomorrow's date in Date");
  });

  it('an answer in a lasting state is arranged before the step that asked for it, and tells failure from success', () => {
    const s = planOf(messagesPanelEntry).find((sc) =>
      sc.steps.some((st) => st.event.type === 'xstate.error.actor.markRead'),
    )!;
    const failing = s.steps.findIndex((st) => st.event.type === 'xstate.error.actor.markRead');
    expect(s.steps[failing - 1]!.arrange.join(' ')).toContain('`*/read`');
    expect(s.steps[failing]!.arrange).toEqual([]);
    expect(s.steps[failing]!.tells.join(' ')).toContain('Marking the conversation read failed');
  });

  it('checkPlan fails on an Expect that cannot tell failure from success, and on machine field names', () => {
    const s = scenarioWith(messagesPanelEntry, (sc) => sc.steps.some((st) => st.tells.length > 0));
    for (const step of s.steps) step.tells = [];
    expect(checkPlan(messagesPanelEntry, [s]).join('\n')).toMatch(/cannot tell the failure from success/);
    const t = scenarioWith(voucherFormEntry, (sc) => sc.steps.length > 0);
    t.steps[0]!.action += ' (Field `title`, Value `Tea`)';
    expect(checkPlan(voucherFormEntry, [t]).join('\n')).toMatch(/machine field names/);
    expect(renderPlan(voucherFormEntry)).not.toMatch(/\(Field `/);
  });
});

describe('the index a QA lead plans a cycle from (issue 23 item 9)', () => {
  const index = () => docFiles(registry).find((f) => f.file === 'docs/test-plans/README.md')!.text;

  it.each(entries)('%s: titles state the purpose, none twice in a plan', (_id, e) => {
    const titles = titlesOf(e, planOf(e));
    expect(new Set(titles).size).toBe(titles.length);
  });

  it('lists every plan with its counts, and a smoke set of 20 to 30 scenarios', () => {
    const text = index();
    for (const e of registry) expect(text).toContain(`](${e.machine.id}.md) | ${planOf(e).length} |`);
    const smoke = registry.flatMap((e) => smokeOf(e, planOf(e)));
    expect(smoke.length).toBeGreaterThanOrEqual(20);
    expect(smoke.length).toBeLessThanOrEqual(30);
    expect(text.split('## Smoke set')[1]!.match(/^- \[/gm)).toHaveLength(smoke.length);
  });

  it('says what a scenario needs and what it costs', () => {
    const redeem = planOf(redeemEntry);
    const scan = redeem.find((s) => s.steps.some((st) => st.event.type === 'redeem.scanned'))!;
    expect(needsOf(redeemEntry, scan)).toContain('camera');
    const restart = redeem.find((s) => s.steps.some((st) => st.arrange.join(' ').includes('stop the server')))!;
    expect(needsOf(redeemEntry, restart)).toContain('restart');
    const expiry = planOf(signInEntry).find((s) =>
      s.path.steps.some((st) => st.event.type.startsWith('xstate.after.pendingSignInExpiry')),
    )!;
    expect(needsOf(signInEntry, expiry)).toContain('waiting');
    expect(minutesOf(signInEntry, expiry)).toBeGreaterThanOrEqual(3);
  });

  it('the common start is printed once per plan, not per scenario', () => {
    const text = renderPlan(redeemEntry);
    expect(text.match(/Get a code first/g)).toHaveLength(1);
  });
});
