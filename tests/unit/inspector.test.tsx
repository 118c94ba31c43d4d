/**
 * The offline statechart inspector: folding the app's inspection events into actors, and showing a
 * machine's states (with their descriptions) with the active ones marked, from the definition exactly
 * as @statelyai/inspect sends it (the machine config as JSON).
 */
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionMachine } from '#machines/session.machine.ts';
import {
  activePaths,
  type InspectedActor,
  type InspectorEvent,
  liveMachines,
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

describe('inspector view', () => {
  it("shows the machine's states with their descriptions and marks the active ones", () => {
    const actor = reduceInspector(new Map(), registered).get('x:1') as InspectedActor;
    render(<ActorView actor={actor} />);
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
