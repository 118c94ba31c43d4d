/**
 * Every transition of the Followers page, played through the real page with fake effects (pages, one
 * follower, the CSV export). Texts are the spec's (tests/spec/spec-texts.ts).
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { FollowersContext } from '#machines/followers.machine.ts';
import { followersEntry } from '#machines/samples/dashboard.samples.ts';
import { FollowersView } from '#src/features/customers/followers-page.tsx';
import { specTexts } from '../spec/spec-texts.ts';
import { describeFlow, type Flow } from './harness.tsx';

const live = (flow: Flow) => flow.live().context as FollowersContext;
const dialog = () => screen.queryByRole('dialog', { name: specTexts.followerDetails });
const button = (name: string) => screen.getByRole('button', { name });

function expectList(flow: Flow) {
  const ctx = live(flow);
  const list = ctx.list!;
  if (list.followers.length === 0) {
    expect(screen.getByText(specTexts.followersEmpty)).toBeTruthy();
    expect(button('Export CSV').matches(':disabled')).toBe(true);
  }
  for (const f of list.followers) {
    const row = screen.getByRole('button', { name: new RegExp(`${f.firstname} ${f.lastname}`) });
    expect(row.textContent).toContain('Followed on: ');
  }
  if (list.pagination.totalPages > 1 || ctx.page > 1) {
    expect(screen.getByText(`Page ${ctx.page} of ${list.pagination.totalPages}`)).toBeTruthy();
    expect(button(specTexts.previous).matches(':disabled')).toBe(ctx.page <= 1);
  } else {
    expect(screen.queryByRole('button', { name: specTexts.next })).toBeNull();
  }
}

describeFlow(followersEntry, {
  render: (hooks) => <FollowersView {...hooks} />,
  perform: {
    'followers.next': () => fireEvent.click(button(specTexts.next)),
    'followers.previous': () => fireEvent.click(button(specTexts.previous)),
    'followers.retry': () => fireEvent.click(button('Try again')),
    'followers.open': () => fireEvent.click(screen.getAllByRole('button', { name: /Followed on/ })[0]!),
    'followers.close': () => fireEvent.click(within(dialog()!).getAllByRole('button', { name: /Close/ })[0]!),
    'followers.export': () => fireEvent.click(button('Export CSV')),
  },
  expectUi: {
    loading: (_s, flow) => {
      expect(screen.getByRole('status').textContent).toBe('Loading followers...');
      expect(flow.fakes.loadPage?.inputs.at(-1)).toEqual({ page: live(flow).page });
    },
    failed: () => {
      expect(screen.getByRole('alert').textContent).toContain(specTexts.followersFailed);
    },
    'ready.list': (_s, flow) => {
      expectList(flow);
      expect(dialog()).toBeNull();
      const { error } = live(flow);
      if (error) expect(screen.getByRole('alert').textContent).toBe(error);
      expect(button('Export CSV')).toBeTruthy();
    },
    'ready.exporting': (_s, flow) => {
      expectList(flow);
      expect(button('Exporting...').matches(':disabled')).toBe(true);
    },
    'ready.loadingDetail': (_s, flow) => {
      expect(dialog()).not.toBeNull();
      expect(within(dialog()!).getByRole('status').textContent).toBe('Loading follower...');
      expect(flow.fakes.loadDetail?.inputs.at(-1)).toEqual({ customerid: live(flow).selected });
    },
    'ready.detail': (_s, flow) => {
      const ctx = live(flow);
      const d = within(dialog()!);
      if (ctx.error) expect(d.getByRole('alert').textContent).toBe(ctx.error);
      else {
        expect(d.getByText(`${ctx.detail!.firstname} ${ctx.detail!.surname}`)).toBeTruthy();
        expect(d.getByText(ctx.detail!.email)).toBeTruthy();
      }
    },
  },
});
