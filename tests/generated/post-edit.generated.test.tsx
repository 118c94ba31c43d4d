/** Every transition of editing a post, played through its card's real view with the save faked. */
import { fireEvent, screen } from '@testing-library/react';
import { expect } from 'vitest';
import type { Post } from '#contracts/posts.ts';
import { POST_EDIT_TEXTS as T } from '#machines/post-edit.machine.ts';
import { postEditEntry } from '#machines/samples/post-edit.samples.ts';
import { PostEdit } from '#src/features/dashboard/post-edit.tsx';
import { specTexts } from '../spec/spec-texts.ts';
import { describeFlow, type Flow } from './harness.tsx';

const post = postEditEntry.inputs![0]!.input.post as Post;
/** How many times the server saved on this path, up to the state being checked. */
const savedSoFar = (s: unknown, flow: Flow) => {
  const at = flow.path.steps.findIndex((step) => step.state === s);
  return flow.path.steps.slice(0, at + 1).filter((step) => step.event.type === 'xstate.done.actor.runPostEdit').length;
};
const editor = () => screen.getByRole('textbox', { name: T.label }) as HTMLTextAreaElement;

describeFlow(postEditEntry, {
  render: (hooks, flow) => (
    <PostEdit
      post={post}
      onPostEdit={flow.spy('onPostEdit')}
      actions={<button type="button">Delete</button>}
      {...hooks}
    />
  ),
  perform: {
    'postEdit.start': () => fireEvent.click(screen.getByRole('button', { name: `${T.start}: ${post.content}` })),
    'postEdit.change': (e: { content: string }) => fireEvent.change(editor(), { target: { value: e.content } }),
    'postEdit.save': () => fireEvent.click(screen.getByRole('button', { name: T.save })),
    'postEdit.cancel': () => fireEvent.keyDown(editor(), { key: 'Escape' }),
  },
  expectUi: {
    idle: (s, flow) => {
      expect(screen.queryByRole('textbox')).toBeNull();
      expect(screen.getByText(s.context.post.content)).toBeTruthy();
      // The card's other actions stay beside "Edit".
      expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
      expect(flow.spy('onPostEdit')).toHaveBeenCalledTimes(savedSoFar(s, flow));
      if (savedSoFar(s, flow) > 0) {
        expect(s.context.post.content).toBe('Fresh cardamom buns until 2 pm!');
        expect(document.activeElement?.textContent).toBe(T.start);
      }
    },
    editing: (s) => {
      expect(editor().value).toBe(s.context.draft);
      expect(document.activeElement).toBe(editor());
      expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
      if (s.context.error) expect(screen.getByRole('alert').textContent).toBe(s.context.error);
      else expect(screen.queryByRole('alert')).toBeNull();
      if (s.context.error && s.context.draft.trim() === '') expect(s.context.error).toBe(specTexts.postEmpty);
    },
    saving: () => {
      expect(screen.getByRole('button', { name: T.busy })).toHaveProperty('disabled', true);
      expect(screen.getByRole('button', { name: T.cancel })).toHaveProperty('disabled', true);
    },
  },
});
