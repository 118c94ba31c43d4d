/**
 * Every transition of the conversations poller, played through the Messages panel it feeds: loading,
 * the list, the error text with the emptied list, and a tab that is hidden and shown again (a real
 * visibilitychange). A 304 keeps the list as it was.
 */
import { act, screen } from '@testing-library/react';
import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import { messagesPanelMachine } from '#machines/messages-panel.machine.ts';
import type { conversationsPollerMachine } from '#machines/messaging-pollers.machine.ts';
import { ameliaMessages, conversationsPollerEntry } from '#machines/samples/messages.samples.ts';
import { visibility } from '#src/features/messages/messages.wiring.ts';
import { MessagesPanel } from '#src/features/messages/messages-panel.tsx';
import { useFlowActor } from '#src/lib/use-flow-actor.ts';
import { describeFlow, type Flow, type FlowHooksFor } from './harness.tsx';
import { setTabHidden, tabHidden } from './messaging-support.tsx';

const panel = messagesPanelMachine.provide({ actors: { loadPreview: fromPromise(async () => ameliaMessages) } });

function PolledPanel({ hooks, flow }: { hooks: FlowHooksFor<typeof conversationsPollerMachine>; flow: Flow }) {
  // The real visibility listener, so the steps below hide the tab as a browser does.
  const logic = hooks.logic.provide({ actors: { visibility } });
  const [, , poller] = useFlowActor(logic, { input: flow.path.input as never, options: hooks.options });
  return <MessagesPanel active={poller} onClose={() => undefined} logic={panel} />;
}

const expectList = (s: { context: { data: unknown[] | null; error: string | null } }) => {
  if (s.context.error) {
    expect(screen.getByRole('alert').textContent).toBe(`Error: ${s.context.error}`);
    expect(screen.queryByRole('list')).toBeNull();
  } else if (s.context.data === null) {
    expect(screen.getByRole('status').textContent).toBe('Loading conversations...');
  } else if (s.context.data.length === 0) {
    expect(screen.getByText('No conversations yet')).toBeTruthy();
  } else {
    expect(screen.getByRole('button', { name: /Amelia Hughes/ })).toBeTruthy();
    expect(screen.getByText('And could you keep two cardamom buns for me?')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Noah Patel/ })).toBeTruthy();
  }
};

describeFlow(conversationsPollerEntry, {
  render: (hooks, flow) => {
    tabHidden((flow.path.input as { hidden: boolean }).hidden);
    return <PolledPanel hooks={hooks as never} flow={flow} />;
  },
  perform: {
    'visibility.hidden': () => setTabHidden(true),
    'visibility.visible': () => setTabHidden(false),
    // The chat tells the panel's poller that something changed (it marked a conversation read).
    'poll.now': (_e, flow) => act(() => flow.recorder.actor('conversationsPoller')!.send({ type: 'poll.now' })),
    'xstate.after.retryDelay.conversationsPoller.active.backingOff': (_e, flow) =>
      act(() => flow.clock.increment(flow.live().context.retryMs)),
  },
  expectUi: {
    'active.fetching': (s, flow) => {
      expectList(s);
      expect(flow.fakes.poll!.pending).toBe(1);
    },
    'active.waiting': (s, flow) => {
      expectList(s);
      expect(flow.fakes.poll!.pending).toBe(0);
    },
    'active.backingOff': (s, flow) => {
      expectList(s);
      expect(s.context.data).toEqual([]);
      expect(flow.fakes.poll!.pending).toBe(0);
    },
    paused: (s, flow) => {
      expectList(s);
      // Hidden: the request in flight was stopped and none is made.
      expect(flow.fakes.poll!.pending).toBe(0);
    },
  },
});
