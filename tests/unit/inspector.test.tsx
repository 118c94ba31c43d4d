/**
 * The offline statechart inspector: folding the app's inspection events into actors, and showing a
 * machine's states (with their descriptions) with the active ones marked, from the definition exactly
 * as @statelyai/inspect sends it (the machine config as JSON).
 */
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionMachine } from '#machines/session.machine.ts';
import {
  activePaths,
  type InspectedActor,
  type InspectorEvent,
  liveMachines,
  machineName,
  reduceInspector,
} from '#src/devtools/inspector-model.ts';
import { ActorView } from '#src/devtools/inspector-view.tsx';

const at = '2026-11-21T06:00:00.000Z';
const registered: InspectorEvent = {
  type: '@xstate.actor',
  sessionId: 'x:1',
  name: 'session',
  definition: JSON.stringify(sessionMachine.config),
  snapshot: { value: { loading: 'checkingSession' }, status: 'active', context: { user: null } },
  createdAt: at,
};

describe('inspector model', () => {
  it('lists every active state of a nested or parallel value', () => {
    expect(activePaths({ loading: 'fetchingUser' })).toEqual(['loading', 'loading.fetchingUser']);
    expect(activePaths({ sidebar: 'collapsed', panel: 'none' })).toEqual([
      'sidebar',
      'sidebar.collapsed',
      'panel',
      'panel.none',
    ]);
  });

  it('follows an actor from registration through snapshots and events, newest event first', () => {
    let actors = reduceInspector(new Map(), registered);
    actors = reduceInspector(actors, {
      type: '@xstate.event',
      sessionId: 'x:1',
      event: { type: 'session.loggedIn' },
      createdAt: at,
    });
    actors = reduceInspector(actors, {
      type: '@xstate.event',
      sessionId: 'x:1',
      event: { type: 'session.signOut' },
      createdAt: at,
    });
    actors = reduceInspector(actors, {
      type: '@xstate.snapshot',
      sessionId: 'x:1',
      snapshot: { value: 'unauthenticated', status: 'active' },
      createdAt: at,
    });
    const actor = actors.get('x:1')!;
    expect(actor.value).toBe('unauthenticated');
    expect(actor.events.map((e) => e.type)).toEqual(['session.signOut', 'session.loggedIn']);
    expect(actor.definition?.states).toHaveProperty('authenticated');
  });

  it('shows one actor per machine: the one still talking (StrictMode creates two, a page shown again a new one)', () => {
    let actors = reduceInspector(new Map(), registered);
    actors = reduceInspector(actors, { ...registered, sessionId: 'x:2' } as InspectorEvent);
    const snapshot = (sessionId: string, value: string): InspectorEvent => ({
      type: '@xstate.snapshot',
      sessionId,
      snapshot: { value, status: 'active' },
      createdAt: at,
    });
    actors = reduceInspector(actors, snapshot('x:1', 'authenticated'));
    expect(liveMachines(actors).map((a) => [a.sessionId, a.value])).toEqual([['x:1', 'authenticated']]);
    actors = reduceInspector(actors, snapshot('x:2', 'unauthenticated'));
    expect(liveMachines(actors).map((a) => [a.sessionId, a.value])).toEqual([['x:2', 'unauthenticated']]);
  });
});

describe('inspector live list', () => {
  it('lists an invoked child by the machine it runs, not by its invoke id', () => {
    const child = (sessionId: string, id: string): InspectorEvent => ({
      type: '@xstate.actor',
      sessionId,
      name: 'poller',
      definition: JSON.stringify({ id, initial: 'waiting', states: { waiting: {} } }),
      snapshot: { value: 'waiting', status: 'active', context: {} },
      createdAt: at,
    });
    let actors = reduceInspector(new Map(), child('x:7', 'chatPoller'));
    actors = reduceInspector(actors, child('x:8', 'conversationsPoller'));
    expect(liveMachines(actors).map(machineName)).toEqual(['chatPoller', 'conversationsPoller']);
  });
});

describe('inspector view', () => {
  it("shows the machine's states with their descriptions and marks the active ones", () => {
    const actor = reduceInspector(new Map(), registered).get('x:1') as InspectedActor;
    render(<ActorView actor={actor} machine={undefined} />);
    const tree = screen.getByRole('list', { name: 'States of session' });
    const current = within(tree)
      .getAllByRole('listitem')
      .filter((item) => item.getAttribute('aria-current') === 'true');
    expect(current.map((item) => item.querySelector('.insp-state-name')?.textContent)).toEqual([
      'loading',
      'checkingSession',
    ]);
    expect(
      within(tree).getByText('The login page is shown; nothing of the previous owner remains on screen'),
    ).toBeTruthy();
    expect(within(tree).getByText(/session\.loggedIn/)).toBeTruthy();
  });
});

describe('inspector time travel', () => {
  const moved = (value: unknown, type: string, context: unknown): InspectorEvent => ({
    type: '@xstate.snapshot',
    sessionId: 'x:1',
    event: { type },
    snapshot: { value, status: 'active', context },
    createdAt: String(Date.parse(at)),
  });
  let actors = reduceInspector(new Map(), registered);
  actors = reduceInspector(actors, moved('unauthenticated', 'xstate.done.actor.checkSession', { user: null }));
  actors = reduceInspector(
    actors,
    moved({ loading: 'checkingSession' }, 'session.loggedIn', { user: { email: 'o@x.test', idToken: '•••' } }),
  );
  const actor = actors.get('x:1')!;

  it('starts the log again when the actor restarts (StrictMode stops and starts every actor once)', () => {
    let restarted = reduceInspector(actors, moved('unauthenticated', 'xstate.stop', { user: null }));
    restarted = reduceInspector(restarted, moved({ loading: 'checkingSession' }, 'xstate.init', { user: null }));
    expect(restarted.get('x:1')!.history.map((h) => h.event.type)).toEqual(['xstate.init']);
  });

  it('keeps every event with the snapshot after it, oldest first', () => {
    expect(actor.history.map((h) => [h.event.type, h.value])).toEqual([
      ['xstate.init', { loading: 'checkingSession' }],
      ['xstate.done.actor.checkSession', 'unauthenticated'],
      ['session.loggedIn', { loading: 'checkingSession' }],
    ]);
  });

  it('shows the diagram and the context of an earlier moment when its event is pressed, then goes back to live', async () => {
    render(<ActorView actor={actor} machine={sessionMachine} />);
    const log = screen.getByRole('list', { name: 'Events, oldest first' });
    expect(screen.getByTestId('state-value').textContent).toBe('{"loading":"checkingSession"}');
    fireEvent.click(within(log).getByText('xstate.done.actor.checkSession'));
    expect(screen.getByTestId('state-value').textContent).toBe('"unauthenticated"');
    expect(screen.getByRole('status').textContent).toContain('Showing the moment after event 1 of 2');
    // elkjs lays the chart out asynchronously (about a second for this machine on a busy machine).
    const diagram = await screen.findByRole(
      'img',
      { name: /^Diagram of session; active: unauthenticated$/ },
      { timeout: 15_000 },
    );
    expect(diagram.querySelector('[data-state="unauthenticated"]')?.getAttribute('data-active')).toBe('true');
    expect(diagram.querySelector('[data-state="loading.checkingSession"]')?.getAttribute('data-active')).toBe('false');
    // The last transition taken is marked: the unguarded answer "nobody is signed in", not its guarded sibling.
    expect([...diagram.querySelectorAll('[data-last="true"]')].map((e) => e.getAttribute('data-edge'))).toEqual([
      'done checkSession',
    ]);
    expect(screen.getByRole('region', { name: /Context/ }).textContent).toContain('"user": null');
    fireEvent.click(screen.getByRole('button', { name: 'Back to live' }));
    expect(screen.getByTestId('state-value').textContent).toBe('{"loading":"checkingSession"}');
    expect(screen.getByRole('region', { name: /Context/ }).textContent).toContain('"idToken": "•••"');
  });
});
