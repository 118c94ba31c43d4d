/**
 * Every transition of the session machine at actor level: the router that renders it is B's and is
 * tested there; here the contract it relies on is checked (state, tags, context, which effects ran).
 */
import { act } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import type { BusinessProfile } from '#contracts/businesses.ts';
import type { UserProfile } from '#contracts/users.ts';
import { sampleUser, sessionEntry } from '#machines/samples/session.samples.ts';
import { sessionMachine } from '#machines/session.machine.ts';
import { controllable, describeMachinePaths, type Mounted, recorder } from '#tests/generated/harness.tsx';

function mount() {
  const checkSession = controllable<{ signedIn: boolean }>();
  const fetchUser = controllable<UserProfile>();
  const fetchBusiness = controllable<BusinessProfile | null>();
  const signOut = controllable<void>();
  const logError = vi.fn();
  const clock = new SimulatedClock();
  const rec = recorder();
  const logic = sessionMachine.provide({
    actors: {
      checkSession: checkSession.logic,
      fetchUser: fetchUser.logic,
      fetchBusiness: fetchBusiness.logic,
      signOut: signOut.logic,
    },
    actions: { logError: (_, params) => logError(params) },
  });
  const actor = createActor(logic, { clock, inspect: rec.inspect }).start();
  const m = {
    fakes: { checkSession, fetchUser, fetchBusiness, signOut, signOutAfterError: signOut },
    clock,
    recorder: rec,
    actor,
    logError,
  };
  return m satisfies Mounted;
}
type M = ReturnType<typeof mount>;

/** What the router reads: the loading tag, and the profiles it hands to the shell. */
const expectGate = (m: M, gate: { loading: boolean; user: UserProfile | null; business?: BusinessProfile | null }) => {
  const s = m.actor.getSnapshot();
  expect(s.hasTag('loading')).toBe(gate.loading);
  expect(s.context.user).toEqual(gate.user);
  if (gate.business !== undefined) expect(s.context.business).toEqual(gate.business);
};

describeMachinePaths(sessionEntry, {
  mount,
  perform: {
    'session.loggedIn': (e, m: M) => act(() => m.actor.send(e)),
    'session.signOut': (e, m: M) => act(() => m.actor.send(e)),
    'session.expired': (e, m: M) => act(() => m.actor.send(e)),
    'session.businessUpdated': (e, m: M) => act(() => m.actor.send(e)),
  },
  expectUi: {
    'loading.checkingSession': (_s, m: M) => {
      expectGate(m, { loading: true, user: null, business: null });
      expect(m.fakes.checkSession.pending).toBe(1);
    },
    'loading.fetchingUser': (_s, m: M) => {
      expectGate(m, { loading: true, user: null });
      expect(m.fakes.fetchUser.pending).toBe(1);
    },
    'loading.fetchingBusiness': (_s, m: M) => {
      expectGate(m, { loading: true, user: sampleUser });
      expect(m.fakes.fetchBusiness.pending).toBe(1);
    },
    'loading.signingOutAfterError': (_s, m: M) => {
      expectGate(m, { loading: true, user: null, business: null });
      expect(m.fakes.signOut.pending).toBe(1);
    },
    authenticated: (s, m: M) => {
      expectGate(m, { loading: false, user: sampleUser, business: s.context.business });
      expect(m.actor.getSnapshot().matches('authenticated')).toBe(true);
      // A failed business fetch is logged, never shown; a 404 (null) is not a failure.
      const failed = s.context.business === null && m.fakes.fetchBusiness.calls > 0;
      if (!failed) expect(m.logError).not.toHaveBeenCalled();
    },
    signingOut: (_s, m: M) => {
      expectGate(m, { loading: true, user: null, business: null });
      expect(m.fakes.signOut.pending).toBe(1);
    },
    unauthenticated: (_s, m: M) => {
      expectGate(m, { loading: false, user: null, business: null });
      expect(m.fakes.signOut.pending).toBe(0);
    },
  },
});
