/** Every transition of Post edit, played through its real view with the effect faked. */
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { POST_EDIT_TEXTS } from '#machines/post-edit.machine.ts';
import { postEditEntry } from '#machines/samples/post-edit.samples.ts';
import { PostEdit } from '#src/features/dashboard/post-edit.tsx';
import { describeFlow, type Flow } from './harness.tsx';

const T = POST_EDIT_TEXTS;
const question = () => within(screen.getByRole('alertdialog'));
/** How many times the server took the action on this path, up to the state being checked. */
const doneSoFar = (s: unknown, flow: Flow) => {
  const at = flow.path.steps.findIndex((step) => step.state === s);
  return flow.path.steps.slice(0, at + 1).filter((step) => step.event.type === 'xstate.done.actor.runPostEdit').length;
};
/** A press as a person makes it: focus first, so the dialog's focus rules are exercised. */
const press = (button: HTMLElement) => {
  button.focus();
  fireEvent.click(button);
};

describeFlow(postEditEntry, {
  render: (hooks, flow) => (
    <PostEdit id="00000000-0000-4000-8000-000000000001" onPostEdit={flow.spy('onPostEdit')} {...hooks} />
  ),
  perform: {
    'postEdit.start': () => press(screen.getByRole('button', { name: T.start })),
    'postEdit.cancel': () => press(question().getByRole('button', { name: 'Cancel' })),
    'postEdit.confirm': () => press(question().getByRole('button', { name: T.confirm })),
  },
  expectUi: {
    idle: (s, flow) => {
      expect(screen.queryByRole('alertdialog')).toBeNull();
      expect(screen.getByRole('button', { name: T.start })).toBeTruthy();
      expect(flow.spy('onPostEdit')).toHaveBeenCalledTimes(doneSoFar(s, flow));
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
