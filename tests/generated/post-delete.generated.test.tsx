/** Every transition of Post delete, played through its real view with the effect faked. */
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { POST_DELETE_TEXTS } from '#machines/post-delete.machine.ts';
import { postDeleteEntry } from '#machines/samples/post-delete.samples.ts';
import { PostDelete } from '#src/features/dashboard/post-delete.tsx';
import { describeFlow, type Flow } from './harness.tsx';

const T = POST_DELETE_TEXTS;
const question = () => within(screen.getByRole('alertdialog'));
/** How many times the server took the action on this path, up to the state being checked. */
const doneSoFar = (s: unknown, flow: Flow) => {
  const at = flow.path.steps.findIndex((step) => step.state === s);
  return flow.path.steps.slice(0, at + 1).filter((step) => step.event.type === 'xstate.done.actor.runPostDelete')
    .length;
};
/** A press as a person makes it: focus first, so the dialog's focus rules are exercised. */
const press = (button: HTMLElement) => {
  button.focus();
  fireEvent.click(button);
};

describeFlow(postDeleteEntry, {
  render: (hooks, flow) => (
    <PostDelete id="00000000-0000-4000-8000-000000000001" onPostDelete={flow.spy('onPostDelete')} {...hooks} />
  ),
  perform: {
    'postDelete.start': () => press(screen.getByRole('button', { name: T.start })),
    'postDelete.cancel': () => press(question().getByRole('button', { name: 'Cancel' })),
    'postDelete.confirm': () => press(question().getByRole('button', { name: T.confirm })),
  },
  expectUi: {
    idle: (s, flow) => {
      expect(screen.queryByRole('alertdialog')).toBeNull();
      expect(screen.getByRole('button', { name: T.start })).toBeTruthy();
      expect(flow.spy('onPostDelete')).toHaveBeenCalledTimes(doneSoFar(s, flow));
    },
    asking: (s) => {
      expect(question().getByText(T.question)).toBeTruthy();
      expect(document.activeElement).toBe(question().getByRole('button', { name: 'Cancel' }));
      if (s.context.error) expect(question().getByRole('alert').textContent).toBe(s.context.error);
    },
    running: () => {
      expect(question().getByRole('button', { name: T.busy })).toBeTruthy();
    },
  },
});
