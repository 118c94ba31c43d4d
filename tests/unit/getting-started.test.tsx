/** The getting-started card for each role: staff never see it (nor load it); owners and managers do. */
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { Checklist } from '#contracts/businesses.ts';
import { gettingStartedMachine } from '#machines/getting-started.machine.ts';
import { demoChecklist } from '#machines/samples/getting-started.samples.ts';
import { GettingStarted } from '#src/features/dashboard/getting-started.tsx';

const withChecklist = (load: () => Promise<Checklist>) =>
  gettingStartedMachine.provide({ actors: { loadChecklist: fromPromise(load) } });

describe('who sees the getting-started checklist', () => {
  it('staff: nothing, and the checklist is not even asked for', () => {
    const load = vi.fn(async () => demoChecklist);
    const { container } = render(<GettingStarted teamRole="staff" logic={withChecklist(load)} />);
    expect(container.innerHTML).toBe('');
    expect(load).not.toHaveBeenCalled();
  });

  it.each([['owner'], ['manager'], [undefined]] as const)('%s: the card with its progress', async (role) => {
    render(<GettingStarted teamRole={role} logic={withChecklist(async () => demoChecklist)} />);
    expect(await screen.findByRole('region', { name: 'Get started' })).toBeTruthy();
    expect(screen.getByText('4 of 5 done')).toBeTruthy();
  });
});
