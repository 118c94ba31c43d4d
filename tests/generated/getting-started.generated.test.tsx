/**
 * Every transition of the getting-started checklist, played through its real card with the effects
 * faked: nothing while loading, the steps (done, or a link to where each is done) and the progress, the
 * dismissal and its failure, and nothing once dismissed, done, or not loadable.
 */
import { fireEvent, screen } from '@testing-library/react';
import { expect } from 'vitest';
import type { Checklist } from '#contracts/businesses.ts';
import { CHECKLIST_STEP_TEXTS, progressText, GETTING_STARTED_TEXTS as T } from '#machines/getting-started.machine.ts';
import { gettingStartedEntry } from '#machines/samples/getting-started.samples.ts';
import { GettingStarted } from '#src/features/dashboard/getting-started.tsx';
import { describeFlow } from './harness.tsx';

const card = () => screen.queryByRole('region', { name: T.title });

function expectSteps(checklist: Checklist) {
  expect(card()).not.toBeNull();
  expect(screen.getByText(progressText(checklist))).toBeTruthy();
  for (const step of checklist.steps) {
    const { label, href } = CHECKLIST_STEP_TEXTS[step.id];
    const link = screen.queryByRole('link', { name: new RegExp(`^${label}`) });
    if (step.done) {
      // A done step is a fact, not a link.
      expect(link).toBeNull();
      expect(screen.getByText(label).textContent).toBe(`${label}: ${T.done}`);
    } else {
      expect(link!.getAttribute('href')).toBe(href.startsWith('/#') ? href.slice(1) : href);
    }
  }
}

describeFlow(gettingStartedEntry, {
  url: '/',
  render: (hooks) => <GettingStarted {...hooks} />,
  perform: {
    'checklist.dismiss': () => fireEvent.click(screen.getByRole('button', { name: T.dismiss })),
  },
  expectUi: {
    loading: () => {
      expect(card()).toBeNull();
      expect(screen.getByRole('status').textContent).toBe(T.loading);
    },
    shown: (s) => {
      expectSteps(s.context.checklist);
      const button = screen.getByRole('button', { name: T.dismiss });
      expect(button.matches(':disabled')).toBe(false);
      if (s.context.error) expect(screen.getByRole('alert').textContent).toBe(s.context.error);
      else expect(screen.queryByRole('alert')).toBeNull();
    },
    dismissing: (s) => {
      expectSteps(s.context.checklist);
      expect(screen.getByRole('button', { name: T.dismissing }).matches(':disabled')).toBe(true);
      expect(card()!.getAttribute('aria-busy')).toBe('true');
    },
    hidden: () => {
      expect(card()).toBeNull();
      expect(screen.queryByRole('status')).toBeNull();
    },
  },
});
