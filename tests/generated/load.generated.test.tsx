/**
 * Every transition of the load machine, played through "Your Feed" on the dashboard (the stats cards and
 * My Package use the same machine). A new post, made with the composer, refreshes the feed.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import type { Post } from '#contracts/posts.ts';
import { postComposerMachine } from '#machines/post-composer.machine.ts';
import { loadEntry } from '#machines/samples/dashboard.samples.ts';
import { demoBusiness, demoUser } from '#machines/samples/demo.samples.ts';
import { PostsPanel } from '#src/features/dashboard/posts-panel.tsx';
import { specTexts } from '../spec/spec-texts.ts';
import { describeFlow } from './harness.tsx';

const posted: Post = {
  postid: 'p1',
  content: 'Hello',
  imageurl: null,
  createdat: '2026-11-23T09:00:00.000Z',
  authoremail: 'maya@demo.local',
};
/** A composer whose server always takes the post, so the feed's refresh is what is tested here. */
const composer = postComposerMachine.provide({
  actors: {
    checkLimit: fromPromise(async () => ({ canCreate: true as boolean, limit: 3 })),
    createPost: fromPromise(async () => posted),
  },
});
const feed = () => screen.getByRole('region', { name: specTexts.yourFeed });

describeFlow(loadEntry, {
  render: (hooks) => <PostsPanel user={demoUser} business={demoBusiness} composerLogic={composer} {...hooks} />,
  perform: {
    'load.retry': () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })),
    'load.refresh': async () => {
      fireEvent.change(screen.getByLabelText('Post text'), { target: { value: 'Hello' } });
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: specTexts.post }));
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
    },
  },
  expectUi: {
    loading: () => {
      expect(feed().getAttribute('aria-busy')).toBe('true');
      expect(screen.getByRole('status').textContent).toBe('Loading your posts...');
      expect(screen.queryByText(specTexts.feedEmpty)).toBeNull();
    },
    ready: () => {
      expect(feed().getAttribute('aria-busy')).toBeNull();
      expect(screen.getByText(specTexts.feedEmpty)).toBeTruthy();
      expect(screen.queryByText(specTexts.postsFailed, { exact: false })).toBeNull();
    },
    refreshing: () => {
      expect(feed().getAttribute('aria-busy')).toBe('true');
      // The posts on screen stay while the feed reloads.
      expect(screen.getByText(specTexts.feedEmpty)).toBeTruthy();
    },
    failed: () => {
      const alert = screen.getByRole('alert');
      expect(alert.textContent).toContain(specTexts.postsFailed);
      expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    },
  },
});
