/**
 * The statechart inspector in Chromium against the development build (`npm run dev`, forwarding to the
 * e2e stack): the live diagram follows the sign-in and travels back in time; simulator mode drives a
 * registry machine with its samples and no server; a QA plan scenario replays to its last step; no
 * request leaves this computer; and the production build (dist/, built by the e2e stack) holds none of it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import { registry } from '#machines/registry.ts';
import { demoOwner } from '#machines/samples/demo.samples.ts';
import { demoVoucher } from '#machines/samples/vouchers.samples.ts';
import { activePaths } from '#src/devtools/chart.ts';
import { scenariosOf } from '#src/devtools/qa.ts';
import { offers, type SimStep, simulate, startSimulation } from '#src/devtools/simulator.ts';
import { root } from '../../scripts/lib/build.ts';
import { customerClaims } from '../../scripts/lib/voucher-claims.ts';
import { signInCustomer } from '../../server/sim/customers.ts';
import { available, expectAccessible, fillSignIn, openPage, stack, useBrowser } from './support/browser.ts';
import { type DevServer, startDevServer } from './support/dev-server.ts';

/**
 * Simulator mode: the machine to drive and the states to reach (a state's key or dotted path), from its
 * first state, with its samples; the clicks are found by searching the simulator's own offers.
 */
const SIMULATED = { machine: 'redeem', goals: ['redeemed', 'conflict'] };

/** The QA plan scenario replayed to its end: the post composer at the daily limit (a server answer and an alert). */
const REPLAYED = { machine: 'postComposer', scenario: 3 };

/**
 * The shortest run of offered samples (the buttons the simulator shows) from the first state to one where
 * `goal` is active, and that state's dotted path.
 */
function samplesTo(machine: AnyStateMachine, goal: string): { keys: string[]; state: string } {
  const entry = registry.find((e) => e.machine.id === machine.id)!;
  const start = startSimulation(machine, entry.inputs?.[0]?.input, 0);
  const key = (s: AnyMachineSnapshot) => JSON.stringify([s.value, s.context]);
  const queue: Array<{ history: SimStep[]; keys: string[] }> = [{ history: start, keys: [] }];
  const seen = new Set([key(start[0]!.snapshot)]);
  while (queue.length && seen.size < 20_000) {
    const { history, keys } = queue.shift()!;
    const now = history.at(-1)!.snapshot;
    const reached = activePaths(now.value).find((p) => p === goal || p.endsWith(`.${goal}`));
    if (reached) return { keys, state: reached };
    for (const offer of offers(entry, now)) {
      const next = simulate(machine, history, history.length - 1, offer.event, 0);
      const k = key(next.at(-1)!.snapshot);
      if (seen.has(k)) continue;
      seen.add(k);
      queue.push({ history: next, keys: [...keys, offer.key] });
    }
  }
  throw new Error(`${machine.id}: no run of samples reaches ${goal}`);
}

/** A customer of the demo business claims its demo voucher through the customer API: a code to redeem. */
async function claimedDemoCode(): Promise<string> {
  const call = (p: string, init?: RequestInit) => fetch(new URL(p, stack.baseUrl), init);
  const config = (await (await call('/config.json')).json()) as {
    auth: { userPoolId: string; userPoolClientId: string };
  };
  const pool = { userPoolId: config.auth.userPoolId, clientId: config.auth.userPoolClientId };
  const token = await signInCustomer(call, pool, demoOwner.email, demoOwner.password);
  const vouchers = (await (
    await call('/api/businesses/me/vouchers', { headers: { authorization: `Bearer ${token}` } })
  ).json()) as Array<{ voucherid: string; title: string }>;
  const voucher = vouchers.find((v) => v.title === demoVoucher.title)!;
  return (await customerClaims(stack.baseUrl, voucher.voucherid, 'inspector')).code;
}

/** A follower of the demo business (seeded), who can be booked. */
const FOLLOWER = 'amelia.hughes.0@customers.example';

/** yyyy-mm-dd, `days` from today in the browser's time zone. */
const dayAhead = (page: Page, days: number) =>
  page.evaluate((n) => {
    const d = new Date(Date.now() + n * 86_400_000);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  }, days);

const isActive = (page: Page, state: string) =>
  page.locator(`.insp-svg [data-state="${state}"][data-active="true"]`).waitFor({ timeout: 15_000 });

/** Every file of the production build, recursively. */
const filesOf = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesOf(file) : [file];
  });

describe.runIf(available)('statechart inspector (development build)', () => {
  const browser = useBrowser();
  let dev: DevServer;
  /** Every address any page asked for, across the tests of this file. */
  const requested: string[] = [];

  beforeAll(async () => {
    dev = await startDevServer(stack.baseUrl);
  });
  afterAll(async () => {
    await dev?.stop();
  });

  async function inspectorTab(url: string) {
    const tab = await openPage(browser());
    tab.context.on('request', (request) => requested.push(request.url()));
    await tab.page.goto(url);
    return tab;
  }

  test('the live diagram follows the sign-in states in order, and time travel shows the earlier ones', async () => {
    const { context, page, problems } = await inspectorTab(`${dev.url}/login?inspect`);
    try {
      await page.getByRole('heading', { name: 'Sign in', exact: true }).waitFor();
      const [inspector] = await Promise.all([
        context.waitForEvent('page'),
        page.getByRole('button', { name: 'Open statechart inspector' }).click(),
      ]);
      await inspector
        .getByRole('list', { name: 'Live machines' })
        .getByRole('button', { name: /^signIn\b/ })
        .click();
      await isActive(inspector, 'ready.idle');
      await inspector.getByRole('img', { name: /^Diagram of signIn/ }).waitFor();

      await fillSignIn(page, stack.demo.email, stack.demo.password);
      await page.getByRole('button', { name: 'Sign Out' }).waitFor();

      // Live: the last state, and the transition into it marked.
      await isActive(inspector, 'signedIn');
      const last = inspector.locator('.insp-svg [data-last="true"]');
      expect(await last.getAttribute('data-edge')).toMatch(/^done signIn/);
      const log = inspector.getByRole('list', { name: 'Events, oldest first' });
      const events = await log.locator('code').allTextContents();
      expect(events).toEqual(['xstate.init', 'signIn.submit', 'xstate.done.actor.signIn']);
      // The password the owner typed never reaches the inspector.
      expect(await inspector.locator('body').textContent()).not.toContain(stack.demo.password);

      // Time travel: each earlier moment shows its own state, in the order the sign-in went through them.
      for (const [moment, state] of [
        [0, 'ready.idle'],
        [1, 'submitting'],
        [2, 'signedIn'],
      ] as const) {
        await log.locator(`[data-moment="${moment}"]`).click();
        await isActive(inspector, state);
        expect(await inspector.locator('.insp-svg [data-active="true"]').count()).toBe(state.split('.').length);
      }
      await log.locator('[data-moment="1"]').click();
      await inspector.getByRole('status').filter({ hasText: 'Showing the moment after event 1 of 2' }).waitFor();
      expect(await inspector.locator('.insp-svg [data-last="true"]').getAttribute('data-edge')).toMatch(
        /^signIn\.submit/,
      );
      await inspector.getByRole('button', { name: 'Back to live' }).click();
      await isActive(inspector, 'signedIn');
      await expectAccessible(inspector, 'live inspector');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  // A loaded machine opens the inspector's development bundle slowly (see the wait for its first machines).
  test('signed in, it follows the booking form and a redemption live: each state, the transitions taken, no page error', async () => {
    const code = await claimedDemoCode();
    const { context, page, problems } = await inspectorTab(`${dev.url}/login?inspect`);
    try {
      await page.getByRole('heading', { name: 'Sign in', exact: true }).waitFor();
      const [inspector] = await Promise.all([
        context.waitForEvent('page'),
        page.getByRole('button', { name: 'Open statechart inspector' }).click(),
      ]);
      const inspectorErrors: string[] = [];
      inspector.on('pageerror', (error) => inspectorErrors.push(error.message));
      const live = inspector.getByRole('list', { name: 'Live machines' });
      // The inspector is a large development bundle: on a loaded machine it takes a while to open. Sign in
      // once it lists the portal's machines, so that what follows is watched from its first event.
      await live.getByRole('button', { name: /^signIn\b/ }).waitFor({ timeout: 90_000 });
      await fillSignIn(page, stack.demo.email, stack.demo.password);
      await page.getByRole('button', { name: 'Sign Out' }).waitFor();
      const watch = async (machine: string) => {
        await live.getByRole('button', { name: new RegExp(`^${machine}\\b`) }).click({ timeout: 60_000 });
        await inspector.getByRole('img', { name: new RegExp(`^Diagram of ${machine}`) }).waitFor();
      };
      const nav = page.getByRole('navigation', { name: 'Main' });
      const navigate = async (group: string, link: string) => {
        const target = nav.getByRole('link', { name: link, exact: true });
        if (!(await target.isVisible())) await nav.getByRole('button', { name: group }).click();
        await target.click();
      };
      const log = inspector.getByRole('list', { name: 'Events, oldest first' });
      const lastEdges = () =>
        inspector
          .locator('.insp-svg [data-last="true"]')
          .evaluateAll((gs) => gs.map((g) => g.getAttribute('data-edge')));

      // The booking form: resource, date, a duration change, a slot, submit.
      await navigate('Bookings', 'Calendar');
      await page.getByRole('heading', { name: 'Bookings Calendar' }).waitFor();
      await page.getByRole('button', { name: 'Create Booking' }).click();
      const form = page.getByRole('dialog', { name: 'Create New Booking' });
      await watch('bookingForm');
      await isActive(inspector, 'editing.incomplete');
      await form.getByLabel('Resource').selectOption({ label: 'Window Table' });
      await isActive(inspector, 'editing.slots');
      await form.getByLabel('Date').fill(await dayAhead(page, 8));
      await form.getByLabel('Customer Email').fill(FOLLOWER);
      await form.getByLabel('Duration').selectOption({ label: '1 hour 30 mins' });
      await form.locator('.slot-grid button').first().waitFor();
      await isActive(inspector, 'editing.slots');
      // Back to the duration change: XState's own microsteps, drawn and listed.
      const durationChange = log.getByRole('button').filter({ hasText: 'duration' }).last();
      await durationChange.click();
      await isActive(inspector, 'editing.loadingSlots');
      expect(await lastEdges()).toEqual(['booking.edit [changesSlots]', 'always [slotsQueryReady]']);
      const taken = inspector.getByRole('list', { name: 'Transitions taken, in order' });
      expect(await taken.locator('li').allTextContents()).toEqual([
        'booking.edit [changesSlots]: editing → editing.checking',
        'always [slotsQueryReady]: editing.checking → editing.loadingSlots',
      ]);
      await inspector.getByRole('button', { name: 'Back to live' }).click();
      await form.locator('.slot-grid button').first().click();
      await form.getByRole('button', { name: 'Create Booking' }).click();
      await form.waitFor({ state: 'detached' });
      await isActive(inspector, 'closed');
      const bookingEvents = await log.locator('code').allTextContents();
      for (const event of ['booking.pickSlot', 'booking.submit', 'xstate.done.actor.createBooking']) {
        expect(bookingEvents).toContain(event);
      }
      expect(await lastEdges()).toEqual([expect.stringMatching(/^done createBooking/)]);

      // A redemption, recorded: look the code up, confirm.
      await inspector.getByRole('button', { name: 'Record', exact: true }).click();
      await navigate('Vouchers', 'Redeem Code');
      await page.getByRole('heading', { name: 'Redeem a Voucher' }).waitFor();
      await watch('redeem');
      await isActive(inspector, 'idle');
      await page.getByLabel('Voucher code').fill(code);
      await page.getByRole('button', { name: 'Look Up' }).click();
      await page.getByRole('button', { name: 'Confirm Redemption' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `Voucher redeemed: ${demoVoucher.title}.` })
        .waitFor();
      await isActive(inspector, 'redeemed');
      const redeemEvents = await log.locator('code').allTextContents();
      expect(redeemEvents.filter((e) => e !== 'redeem.edit')).toEqual([
        'xstate.init',
        'redeem.lookup',
        'xstate.done.actor.lookupCode',
        'redeem.confirm',
        'xstate.done.actor.redeem',
      ]);
      // Each state it went through, moment by moment, with the transition into it.
      const moments = await log.locator('[data-moment]').count();
      const seen: string[] = [];
      for (let moment = 0; moment < moments; moment++) {
        await log.locator(`[data-moment="${moment}"]`).click();
        const states = await inspector
          .locator('.insp-svg [data-active="true"]')
          .evaluateAll((gs) => gs.map((g) => g.getAttribute('data-state')));
        seen.push(states.at(-1)!);
      }
      expect([...new Set(seen)]).toEqual(['idle', 'lookingUp', 'ready', 'redeeming', 'redeemed']);
      expect(await inspector.locator('body').textContent()).not.toContain(stack.demo.password);
      await expectAccessible(inspector, 'live inspector, signed in');

      // The context diff between two moments: from the first to the last, the redemption's message.
      const diff = inspector.getByRole('region', { name: 'Changes between two moments' });
      await diff.getByLabel(/^Compare the moment shown/).selectOption({ index: 0 });
      expect(await diff.getByRole('list').textContent()).toContain(`success changed: null → "Voucher redeemed`);

      // The recording exported as a file (redacted), then imported in a fresh inspector and replayed.
      await inspector.getByRole('button', { name: /^Stop recording/ }).click();
      const [download] = await Promise.all([
        inspector.waitForEvent('download'),
        inspector.getByRole('button', { name: 'Export the recording' }).click(),
      ]);
      const file = path.join(root, 'test-results', 'inspector-session.json');
      await download.saveAs(file);
      const saved = readFileSync(file, 'utf8');
      expect(saved).toContain('redeem.confirm');
      expect(saved).not.toContain(stack.demo.password);
      const fresh = await context.newPage();
      await fresh.goto(`${dev.url}/inspector/`);
      await fresh.getByLabel('Import a recording').setInputFiles(file);
      const replayPanel = fresh.getByRole('region', { name: /^Replaying a recorded session/ });
      await replayPanel
        .getByRole('status')
        .filter({ hasText: /^Event 1 of \d+/ })
        .waitFor();
      await replayPanel.getByRole('button', { name: 'To the end' }).click();
      await fresh
        .getByRole('list', { name: 'Live machines' })
        .getByRole('button', { name: /^redeem\b/ })
        .click();
      await isActive(fresh, 'redeemed');
      // Step by step: back to the start, then one event on.
      await replayPanel.getByRole('button', { name: 'Start over' }).click();
      await replayPanel
        .getByRole('status')
        .filter({ hasText: /^Event 1 of / })
        .waitFor();
      await replayPanel.getByRole('button', { name: 'Next event' }).click();
      await replayPanel
        .getByRole('status')
        .filter({ hasText: /^Event 2 of / })
        .waitFor();
      await expectAccessible(fresh, 'a recorded session replayed');
      await fresh.close();

      // The actor tree and the sequence of events between actors; a node opens that actor.
      await inspector.getByRole('button', { name: 'Actors and the events between them' }).click();
      const tree = inspector.getByRole('list', { name: 'Actor tree' });
      for (const name of ['session', 'fetchUser', 'shell', 'conversationsPoller', 'poll', 'bookingForm', 'redeem']) {
        await tree.getByRole('button', { name, exact: true }).first().waitFor();
      }
      await inspector.locator('.insp-seq-message[data-event="redeem.confirm"]').first().waitFor();
      await inspector.locator('.insp-seq-message[data-event="xstate.done.actor.redeem"]').first().waitFor();
      await expectAccessible(inspector, 'actor tree and sequence');
      // The machine, not its invoked request of the same name (listed under it).
      await tree.getByRole('button', { name: 'redeem', exact: true }).first().click();
      await inspector.getByRole('heading', { name: /^redeem/ }).waitFor();
      await isActive(inspector, 'redeemed');
      expect(inspectorErrors).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);

  test(`simulator mode drives ${SIMULATED.machine} to ${SIMULATED.goals.join(' and to ')} with its samples, no server`, async () => {
    const entry = registry.find((e) => e.machine.id === SIMULATED.machine)!;
    const { context, page, problems } = await inspectorTab(`${dev.url}/inspector/?machine=${SIMULATED.machine}`);
    try {
      // Nothing the simulator does may reach the server: block it, and count what tried.
      const toServer: string[] = [];
      await page.route(/\/(api|cognito)\//, (route) => {
        toServer.push(route.request().url());
        return route.abort();
      });
      await page.getByRole('group', { name: new RegExp(`^Diagram of ${SIMULATED.machine}`) }).waitFor();
      for (const goal of SIMULATED.goals) {
        await page.getByRole('button', { name: 'Restart' }).click();
        const { keys, state } = samplesTo(entry.machine, goal);
        for (const key of keys) {
          const button = page.locator(`[data-sample="${key.replace(/["\\]/g, '\\$&')}"]`);
          await button.click();
        }
        await isActive(page, state);
        expect(await page.getByRole('list', { name: 'Events, oldest first' }).locator('li').count()).toBe(
          keys.length + 1,
        );
      }
      await expectAccessible(page, 'simulator');
      expect(toServer).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('simulate mode: pressing a transition on the diagram sends its event, with a payload form from the samples', async () => {
    const { context, page, problems } = await inspectorTab(`${dev.url}/inspector/?machine=bookingForm`);
    try {
      await page.getByRole('group', { name: /^Diagram of bookingForm/ }).waitFor();
      await isActive(page, 'editing.incomplete');
      const edge = page.getByRole('button', { name: /^Send booking\.edit \[changesSlots\]/ });
      await edge.focus();
      await page.getByTestId('diagram-caption').filter({ hasText: 'the slots load again' }).waitFor();
      await edge.press('Enter');
      const form = page.getByRole('region', { name: 'Send booking.edit [changesSlots]' });
      await form.getByText('Change the resource, date, duration or party size').waitFor();
      await form.getByLabel('From the sample').selectOption({ label: 'booking.edit {field: "duration", value: "90"}' });
      expect(await form.getByLabel('value', { exact: true }).inputValue()).toBe('90');
      await form.getByLabel('field', { exact: true }).fill('resourceid');
      await form.getByLabel('value', { exact: true }).fill('any-resource');
      await expectAccessible(page, 'simulate: payload form');
      await form.getByRole('button', { name: 'Send' }).click();
      // A resource (and today's date, an hour, one person): the slots load.
      await isActive(page, 'editing.loadingSlots');
      expect(
        await page
          .locator('.insp-svg [data-last="true"]')
          .evaluateAll((gs) => gs.map((g) => g.getAttribute('data-edge'))),
      ).toEqual(['booking.edit [changesSlots]', 'always [slotsQueryReady]']);
      const log = page.getByRole('list', { name: 'Events, oldest first' });
      expect(await log.locator('li').last().textContent()).toContain('any-resource');
      // The offers say what each transition does, from the machine's descriptions.
      await page
        .getByRole('button', { name: /^booking\.cancel/ })
        .filter({ hasText: 'Press "Cancel" (or ×, or Escape)' })
        .waitFor();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('a QA plan scenario replays step by step to its last step, its expectation beside the state', async () => {
    const entry = registry.find((e) => e.machine.id === REPLAYED.machine)!;
    const scenario = scenariosOf(entry).find((s) => s.number === REPLAYED.scenario)!;
    const lastStep = scenario.steps.at(-1)!;
    const end = scenario.path.steps.length - 1;
    const { context, page, problems } = await inspectorTab(
      `${dev.url}/inspector/?machine=${REPLAYED.machine}&scenario=${REPLAYED.scenario}`,
    );
    try {
      const replay = page.getByRole('region', { name: new RegExp(`^Scenario ${REPLAYED.scenario}:`) });
      await replay.waitFor();
      expect(await replay.getByRole('status').textContent()).toBe(`Moment 0 of ${end}`);
      const next = replay.getByRole('button', { name: 'Next step' });
      for (let moment = 1; moment <= end; moment++) {
        await next.click();
        await replay
          .getByRole('status')
          .filter({ hasText: `Moment ${moment} of ${end}` })
          .waitFor();
        const state = activePaths(scenario.path.steps[moment]!.state.value).at(-1)!;
        await isActive(page, state);
      }
      expect(await next.isDisabled()).toBe(true);
      expect(await replay.getByRole('status').textContent()).toContain('(the end of the scenario)');
      const finalState = activePaths(scenario.path.steps[end]!.state.value).at(-1)!;
      const note = page.locator(`.insp-svg [data-note-for="${finalState}"]`);
      expect(await note.textContent()).toBe(`Expect: ${lastStep.expect}`);
      expect(await replay.locator('[aria-current="step"]').textContent()).toContain(lastStep.action);
      await expectAccessible(page, 'QA replay');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('no request of these pages left this computer', () => {
    expect(requested.length).toBeGreaterThan(10);
    const away = requested.filter((url) => {
      const { protocol, hostname } = new URL(url);
      if (protocol === 'data:' || protocol === 'blob:') return false;
      return !['127.0.0.1', 'localhost', '[::1]'].includes(hostname);
    });
    expect(away).toEqual([]);
  });

  test('the production build contains none of the inspector', () => {
    const files = filesOf(path.join(root, 'dist')).filter((f) => /\.(js|html|css|map)$/.test(f));
    const text = files.map((f) => [f, readFileSync(f, 'utf8')] as const);
    // The build is there and is the portal: its sign-in page's text is in it.
    expect(text.some(([, body]) => body.includes('Forgot password?'))).toBe(true);
    const markers = [
      'Open statechart inspector',
      'src/devtools',
      'insp-svg',
      'org.eclipse.elk',
      'createBrowserInspector',
      '@statelyai',
      'panzoom',
    ];
    const found = text.flatMap(([file, body]) =>
      markers.filter((m) => body.includes(m)).map((m) => `${path.relative(root, file)}: ${m}`),
    );
    expect(found).toEqual([]);
  });
});
