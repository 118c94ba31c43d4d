/**
 * The statechart inspector's model parts, on the registry's real machines: the chart read from a
 * machine (nested states, "event [guard]" labels, delays), its elkjs layout, which edge a step took,
 * the simulator (only events the state accepts, sample payloads, delays fired at once, going back in
 * time), QA scenarios as moments with their expectations, and the poller convention.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type AnyActorRef, assign, createActor, fromPromise, type InspectionEvent, setup, waitFor } from 'xstate';
import { registry } from '#machines/registry.ts';
import { microstepOf } from '#src/app/devtools.tsx';
import {
  allStates,
  chartOf,
  edgesOfTransitions,
  machineFromDefinition,
  selectedTransitions,
  takenEdges,
} from '#src/devtools/chart.ts';
import {
  actorTree,
  type InspectedActor,
  type InspectorEvent,
  reduceInspector,
  reduceMessages,
  tagsOf,
} from '#src/devtools/inspector-model.ts';
import { edgesOfMoment } from '#src/devtools/inspector-view.tsx';
import { layoutChart } from '#src/devtools/layout.ts';
import { enteredAtFrom, pollerDetails, pollerMeta } from '#src/devtools/poller.ts';
import { momentOf, scenarioHistory, scenariosOf } from '#src/devtools/qa.ts';
import { offers, simulate, simulationFrom, startSimulation } from '#src/devtools/simulator.ts';
import { replayLink } from '../../machines/plans/plan.ts';

const entryOf = (id: string) => registry.find((e) => e.machine.id === id)!;
const signIn = entryOf('signIn');
const profile = entryOf('businessProfile');
const composer = entryOf('postComposer');

describe('chart', () => {
  it('nests states, labels transitions "event [guard]" and names delays with their length', () => {
    const chart = chartOf(signIn.machine);
    const ready = chart.root.children.find((s) => s.key === 'ready')!;
    expect(ready.children.map((s) => s.path)).toContain('ready.awaitingNewPassword');
    expect(ready.initial).toBe('ready.idle');
    const labels = chart.edges.map((e) => `${e.source} → ${e.target}: ${e.label}`);
    expect(labels).toContain('ready.awaitingNewPassword → ready.expired: after pendingSignInExpiry (3 min)');
    expect(labels).toContain('ready → submitting: signIn.submit [credentialsPresent]');
    expect(labels.some((l) => l.startsWith('submitting → signedIn: done signIn'))).toBe(true);
  });

  it('draws a live actor from its JSON definition when the registry does not have it', () => {
    const json = JSON.parse(
      JSON.stringify(profile.machine.config, (_k, v) => (typeof v === 'function' ? { type: v.name } : v)),
    );
    const rebuilt = machineFromDefinition(json)!;
    const paths = (m: typeof rebuilt) => allStates(chartOf(m).root).map((s) => s.path);
    expect(paths(rebuilt)).toEqual(paths(profile.machine));
    expect(chartOf(rebuilt).edges.map((e) => e.label)).toEqual(chartOf(profile.machine).edges.map((e) => e.label));
  });

  it('marks the transition a step took, the guarded alternative that landed', () => {
    const chart = chartOf(profile.machine);
    const [taken] = takenEdges(chart, 'confirmDiscard', 'profile.discard', 'closed');
    expect(chart.edges.find((e) => e.id === taken)).toMatchObject({ source: 'confirmDiscard', target: 'closed' });
    const cancel = takenEdges(chart, 'editing', 'profile.cancel', 'confirmDiscard').map(
      (id) => chart.edges.find((e) => e.id === id)?.label,
    );
    expect(cancel).toEqual(['profile.cancel [hasUnsavedEdits]']);
    expect(takenEdges(chart, 'editing', undefined, 'saving')).toEqual([]);
    // A state passed through at once: "Post" goes through validating (always) into checkingLimit.
    const posting = chartOf(composer.machine);
    const through = takenEdges(posting, 'idle', 'post.submit', 'checkingLimit').map((id) => {
      const edge = posting.edges.find((e) => e.id === id)!;
      return `${edge.source} → ${edge.target}`;
    });
    expect(through).toEqual(['idle → validating', 'validating → checkingLimit']);
  });
});

describe('layout (elkjs)', () => {
  it('puts every state inside its parent box and routes every transition with its label', async () => {
    const chart = chartOf(signIn.machine);
    const layout = await layoutChart(chart);
    const box = new Map(layout.states.map((s) => [s.path, s]));
    expect(box.size).toBe(allStates(chart.root).length);
    for (const state of layout.states) {
      if (!state.path) continue;
      const parent = box.get(state.path.split('.').slice(0, -1).join('.'))!;
      expect(state.x, state.path).toBeGreaterThanOrEqual(parent.x);
      expect(state.y, state.path).toBeGreaterThanOrEqual(parent.y);
      expect(state.x + state.width, state.path).toBeLessThanOrEqual(parent.x + parent.width);
      expect(state.y + state.height, state.path).toBeLessThanOrEqual(parent.y + parent.height);
    }
    const drawn = layout.edges.filter((e) => e.edgeId);
    expect(drawn).toHaveLength(chart.edges.length);
    for (const edge of drawn) {
      expect(edge.points.length, edge.id).toBeGreaterThanOrEqual(2);
      expect(edge.labelBox?.width, edge.id).toBeGreaterThan(0);
    }
    expect(layout.edges.filter((e) => e.initial).map((e) => e.target)).toContain('ready.idle');
  });
});

describe('simulator', () => {
  it('offers exactly the events the state accepts, with the sample payloads, and drives the machine to its end', () => {
    let history = startSimulation(profile.machine, profile.inputs![0]!.input);
    const first = offers(profile, history[0]!.snapshot);
    expect(first.every((o) => history[0]!.snapshot.can(o.event))).toBe(true);
    expect(first.map((o) => o.label)).toContain('profile.edit {field: "longitude", value: "200"}');
    expect(first.map((o) => o.event.type)).not.toContain('profile.discard');
    const pick = (type: string) => offers(profile, history.at(-1)!.snapshot).find((o) => o.event.type === type)!;
    history = simulate(profile.machine, history, history.length - 1, pick('profile.save').event);
    expect(history.at(-1)!.snapshot.value).toBe('saving');
    const answers = offers(profile, history.at(-1)!.snapshot);
    expect(answers.every((o) => o.kind === 'answer')).toBe(true);
    history = simulate(profile.machine, history, history.length - 1, pick('xstate.done.actor.saveProfile').event);
    expect(history.at(-1)!.snapshot.status).toBe('done');
    expect(offers(profile, history.at(-1)!.snapshot)).toEqual([]);
  });

  it('fires a delayed transition at once, and a step from an earlier moment drops the later ones', () => {
    let history = startSimulation(signIn.machine);
    const send = (type: string, at = history.length - 1) => {
      const offer = offers(signIn, history[at]!.snapshot).find(
        (o) => o.event.type === type && !('password' in o.event && o.event.password === ''),
      )!;
      history = simulate(signIn.machine, history, at, offer.event);
    };
    send('signIn.submit');
    const newPassword = offers(signIn, history.at(-1)!.snapshot).find(
      (o) => (o.event as { output?: { kind?: string } }).output?.kind === 'newPasswordRequired',
    )!;
    history = simulate(signIn.machine, history, history.length - 1, newPassword.event);
    expect(history.at(-1)!.snapshot.value).toEqual({ ready: { awaitingNewPassword: 'editing' } });
    const timer = offers(signIn, history.at(-1)!.snapshot).find((o) => o.kind === 'timer')!;
    expect(timer.label).toBe('Fire "after pendingSignInExpiry" (3 min) now');
    history = simulate(signIn.machine, history, history.length - 1, timer.event);
    expect(history.at(-1)!.snapshot.value).toEqual({ ready: 'expired' });
    expect(history).toHaveLength(4);
    // Back to the first moment, then another path: the later moments are gone.
    send('signIn.submit', 0);
    expect(history.map((s) => s.event.type)).toEqual(['xstate.init', 'signIn.submit']);
  });

  it('continues by hand from where a live actor was', () => {
    const live = { value: { ready: { awaitingNewPassword: 'invalid' } }, context: { email: 'o@x.test', error: 'x' } };
    const [start] = simulationFrom(signIn.machine, live)!;
    expect(start!.snapshot.value).toEqual(live.value);
    expect(offers(signIn, start!.snapshot).map((o) => o.kind)).toContain('timer');
    expect(simulationFrom(signIn.machine, { value: 'noSuchState', context: {} })).toBeUndefined();
  });

  it('never shows a password in a button', () => {
    const labels = offers(signIn, startSimulation(signIn.machine)[0]!.snapshot).map((o) => o.label);
    expect(labels.join(' ')).not.toContain('DemoOwner#2026');
    expect(labels.join(' ')).toContain('•••');
  });
});

describe('QA scenarios replayed', () => {
  it('are the plan’s scenarios, each linked from docs/test-plans, with the expectation at the moment the step rests', () => {
    const scenarios = scenariosOf(composer);
    const markdown = readFileSync('docs/test-plans/postComposer.md', 'utf8');
    // By-hand scenarios as sections, the others summarised in a list at the end.
    const headings = [...markdown.matchAll(/^(?:## |- <a id="s\d+"><\/a>\*\*)(\d+)\. /gm)]
      .map((m) => Number(m[1]))
      .sort((a, b) => a - b);
    expect(scenarios.map((s) => s.number)).toEqual(headings);
    for (const s of scenarios) expect(markdown).toContain(`](${replayLink('postComposer', s.number)})`);

    const limit = scenarios.find((s) =>
      s.steps.some((step) => step.results.some((r) => r.includes('daily post limit'))),
    )!;
    const history = scenarioHistory(limit);
    const last = history.length - 1;
    const lastStep = limit.steps.at(-1)!;
    expect(momentOf(limit, last)).toEqual({ step: limit.steps.length, expect: lastStep.expect, rests: true });
    expect(momentOf(limit, last).expect).toContain("You've reached your daily post limit (3 posts)");
    expect(momentOf(limit, 0).step).toBe(0);
    // The moment the page waits for the server: part of the last step, nothing to check yet.
    expect(momentOf(limit, lastStep.firstStep)).toMatchObject({ step: limit.steps.length, rests: false });
  });
});

describe('poller details', () => {
  // Shaped like the messaging pollers: waiting → fetching every 15 s, a backoff from the context, paused while hidden.
  const poller = setup({
    types: { context: {} as { failures: number; retryMs: number } },
    actors: { poll: fromPromise(async () => null) },
    delays: { pollInterval: 15_000, retryDelay: ({ context }) => context.retryMs },
  }).createMachine({
    id: 'chatPoller',
    context: { failures: 0, retryMs: 0 },
    initial: 'active',
    states: {
      active: {
        initial: 'waiting',
        on: { 'visibility.hidden': 'paused' },
        states: {
          fetching: { invoke: { src: 'poll' } },
          waiting: { after: { pollInterval: 'fetching' } },
          backingOff: {
            entry: assign({ failures: 2, retryMs: 60_000 }),
            after: { retryDelay: 'fetching' },
          },
        },
      },
      paused: { on: { 'visibility.visible': 'active' } },
    },
  });

  it('shows the timer, the next poll time, the backoff level and whether the page is hidden', () => {
    expect(pollerMeta(poller)).toEqual({});
    const history = [
      { value: { active: 'fetching' }, context: { failures: 0, retryMs: 0 }, at: 1_000 },
      { value: { active: 'waiting' }, context: { failures: 0, retryMs: 0 }, at: 2_000 },
      { value: { active: 'backingOff' }, context: { failures: 2, retryMs: 60_000 }, at: 20_000 },
      { value: 'paused', context: { failures: 2, retryMs: 60_000 }, at: 30_000 },
    ];
    const at = (i: number) => pollerDetails(poller, history[i]!.value, history[i]!.context, enteredAtFrom(history, i));
    expect(at(0)).toMatchObject({ timer: null, requesting: true, backoffLevel: 0, hidden: false });
    expect(at(1).timer).toEqual({
      from: 'active.waiting',
      delay: 'pollInterval',
      ms: 15_000,
      nextAt: 17_000,
      to: 'active.fetching',
    });
    expect(at(2)).toMatchObject({ backoffLevel: 2, timer: { delay: 'retryDelay', ms: 60_000, nextAt: 80_000 } });
    expect(at(3)).toMatchObject({ timer: null, hidden: true, requesting: false });
  });

  it('reads the names a machine gives in meta.poller, and leaves other machines alone', () => {
    const named = setup({}).createMachine({
      id: 'inbox',
      meta: { poller: { backoffLevel: 'strikes', hiddenState: 'asleep' } },
      context: { strikes: 3 },
      initial: 'asleep',
      states: { asleep: {} },
    });
    expect(pollerDetails(named, 'asleep', { strikes: 3 })).toMatchObject({ backoffLevel: 3, hidden: true });
    expect(pollerMeta(profile.machine)).toBeNull();
  });
});

describe('what XState took (microsteps)', () => {
  const form = entryOf('bookingForm');
  const input = form.inputs![0]!.input as { resources: Array<{ resourceid: string }>; today: string };
  const labels = (chart: ReturnType<typeof chartOf>, ids: string[]) =>
    ids.map((id) => chart.edges.find((e) => e.id === id)!.label);

  it('live: a duration change takes "booking.edit [changesSlots]", then "always [slotsQueryReady]"', async () => {
    let actors = new Map<string, InspectedActor>();
    const feed = (event: InspectionEvent) => {
      const sessionId = event.actorRef.sessionId;
      const createdAt = String(Date.now());
      const converted =
        event.type === '@xstate.actor'
          ? {
              type: event.type,
              sessionId,
              name: (event.actorRef as AnyActorRef).id,
              definition: JSON.stringify(
                (event.actorRef as AnyActorRef & { logic: { config?: unknown } }).logic.config ?? {},
                (_k, v) => (typeof v === 'function' ? { type: v.name } : v),
              ),
              createdAt,
            }
          : event.type === '@xstate.snapshot'
            ? { type: event.type, sessionId, event: event.event, snapshot: event.snapshot, createdAt }
            : event.type === '@xstate.microstep'
              ? microstepOf(event)
              : undefined;
      if (converted) actors = reduceInspector(actors, converted as InspectorEvent);
    };
    const logic = form.machine.provide({
      actors: { loadSlots: fromPromise(async () => ['2026-12-07T09:00:00.000Z']) },
    } as never);
    const actor = createActor(logic, { input, inspect: feed }).start();
    actor.send({ type: 'booking.edit', field: 'resourceid', value: input.resources[0]!.resourceid });
    await waitFor(actor, (s) => s.matches({ editing: 'slots' }));
    actor.send({ type: 'booking.edit', field: 'duration', value: '90' });
    const live = [...actors.values()].find((a) => a.name === actor.id && a.definition)!;
    const moment = live.history.at(-1)!;
    expect(moment.event.type).toBe('booking.edit');
    expect(moment.value).toEqual({ editing: 'loadingSlots' });
    expect(moment.microsteps?.map((m) => m.transitions.map((t) => `${t.eventType || 'always'} ${t.guard}`))).toEqual([
      ['booking.edit changesSlots'],
      ['always slotsQueryReady'],
    ]);
    const chart = chartOf(form.machine);
    expect(labels(chart, edgesOfMoment(chart, live.history.at(-2)!, moment))).toEqual([
      'booking.edit [changesSlots]',
      'always [slotsQueryReady]',
    ]);
    actor.stop();
  });

  it('simulated: the guard XState selects, not the self-loop that also "lands"', () => {
    const chart = chartOf(form.machine);
    const before = form.machine.resolveState({
      value: { editing: 'slots' },
      context: { ...startSimulation(form.machine, input)[0]!.snapshot.context, resourceid: 'r', slots: ['x'] },
    });
    const event = { type: 'booking.edit', field: 'duration', value: '90' };
    const exact = edgesOfTransitions(chart, selectedTransitions(form.machine, before, event) ?? []);
    const ids = takenEdges(chart, before.value, event.type, { editing: 'loadingSlots' }, exact);
    expect(labels(chart, ids)).toEqual(['booking.edit [changesSlots]', 'always [slotsQueryReady]']);
    const notes = takenEdges(
      chart,
      before.value,
      event.type,
      before.value,
      edgesOfTransitions(
        chart,
        selectedTransitions(form.machine, before, { type: 'booking.edit', field: 'notes', value: 'x' }) ?? [],
      ),
    );
    expect(labels(chart, notes)).toEqual(['booking.edit']);
  });
});

describe('actors and messages', () => {
  it('reads tags written as one string, as XState allows', () => {
    expect(tagsOf({ tags: 'busy' })).toEqual(['busy']);
    expect(tagsOf({ tags: ['busy', 'ready'] })).toEqual(['busy', 'ready']);
    expect(tagsOf({})).toEqual([]);
  });

  it('builds the actor tree by parent and the sequence of events between actors', () => {
    const at = '1';
    let actors = new Map<string, InspectedActor>();
    for (const [sessionId, parentId] of [
      ['x:0', undefined],
      ['x:1', 'x:0'],
      ['x:2', 'x:1'],
      ['x:3', undefined],
    ] as const) {
      actors = reduceInspector(actors, {
        type: '@xstate.actor',
        sessionId,
        ...(parentId ? { parentId } : {}),
        name: sessionId,
        createdAt: at,
      });
      actors = reduceInspector(actors, {
        type: '@xstate.snapshot',
        sessionId,
        event: { type: 'xstate.init' },
        createdAt: at,
      });
    }
    // React StrictMode's discarded twin: created (with a child), never started. Not in the tree.
    actors = reduceInspector(actors, { type: '@xstate.actor', sessionId: 'x:8', name: 'x:8', createdAt: at });
    actors = reduceInspector(actors, {
      type: '@xstate.actor',
      sessionId: 'x:9',
      parentId: 'x:8',
      name: 'x:9',
      createdAt: at,
    });
    const tree = actorTree(actors);
    expect(tree.map((n) => n.actor.sessionId)).toEqual(['x:0', 'x:3']);
    expect(tree[0]!.children[0]!.children[0]!.actor.sessionId).toBe('x:2');
    let messages = reduceMessages([], {
      type: '@xstate.event',
      sessionId: 'x:1',
      sourceId: 'x:2',
      event: { type: 'done' },
      createdAt: '5',
    });
    messages = reduceMessages(messages, {
      type: '@xstate.event',
      sessionId: 'x:0',
      event: { type: 'click' },
      createdAt: '6',
    });
    expect(messages).toEqual([
      { n: 1, from: 'x:2', to: 'x:1', type: 'done', at: 5 },
      { n: 2, from: undefined, to: 'x:0', type: 'click', at: 6 },
    ]);
  });
});
