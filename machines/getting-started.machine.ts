/**
 * The getting-started checklist on the dashboard (issue 26): a new owner sees what to do first (address
 * and map location, the business QR code printed or downloaded, a first post, a first voucher, a first
 * resource with opening hours), each step done or not as the server computes it from the business's
 * data, each linking to where it is done. It shows until every step is done or the owner dismisses it
 * (stored on the server, so it stays away on every device). It is a hint: when it cannot be loaded,
 * nothing shows in its place. Effects: loadChecklist, dismissChecklist.
 */
import { assign, setup } from 'xstate';
import type { Checklist, ChecklistStepId } from '#contracts/businesses.ts';
import { failureText, notProvided } from './lib/effects.ts';
import type { ViewTag } from './lib/tags.ts';

export const GETTING_STARTED_TEXTS = {
  title: 'Get started',
  intro: 'A few things that bring your first customers in.',
  dismiss: 'Dismiss checklist',
  dismissing: 'Dismissing...',
  dismissFailed: 'Could not dismiss the checklist. Please try again.',
  loading: 'Loading your checklist...',
  done: 'Done',
  todo: 'Not done yet',
} as const;
const T = GETTING_STARTED_TEXTS;

/** Each step's words and where it is done (`?open=profile` opens the Business Profile dialog). */
export const CHECKLIST_STEP_TEXTS: Record<ChecklistStepId, { label: string; href: string }> = {
  location: { label: 'Add your address and map location', href: '/?open=profile' },
  qr: { label: 'Print your business QR code', href: '/?open=profile' },
  post: { label: 'Write your first post', href: '/#post-composer' },
  voucher: { label: 'Create your first voucher', href: '/vouchers' },
  resource: { label: 'Add a bookable resource with opening hours', href: '/bookings/setup' },
};

/** "2 of 5 done". */
export const progressText = (checklist: Checklist) =>
  `${checklist.steps.filter((s) => s.done).length} of ${checklist.steps.length} done`;

export interface GettingStartedContext {
  checklist: Checklist | null;
  /** Why dismissing failed, shown on the card; cleared when the owner tries again. */
  error: string | null;
}

export type GettingStartedEvent = { type: 'checklist.dismiss' };

const stillUseful = (checklist: Checklist) => !checklist.dismissed && checklist.steps.some((s) => !s.done);

export const gettingStartedMachine = setup({
  types: {
    context: {} as GettingStartedContext,
    events: {} as GettingStartedEvent,
    tags: {} as ViewTag,
  },
  actors: {
    loadChecklist: notProvided<Checklist>('loadChecklist'),
    dismissChecklist: notProvided<Checklist>('dismissChecklist'),
  },
  guards: {
    useful: ({ event }) => stillUseful((event as unknown as { output: Checklist }).output),
  },
}).createMachine({
  id: 'gettingStarted',
  context: { checklist: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      description: `The dashboard loads; the checklist's place stays empty (a status says "${T.loading}")`,
      tags: ['loading'],
      invoke: {
        id: 'loadChecklist',
        src: 'loadChecklist',
        onDone: [
          {
            guard: 'useful',
            target: 'shown',
            actions: assign({ checklist: ({ event }) => event.output }),
            description: `Some steps are not done and it was not dismissed: the "${T.title}" card lists the five steps, each marked done or linking to where it is done, with how many are done ("N of 5 done")`,
          },
          {
            target: 'hidden',
            actions: assign({ checklist: ({ event }) => event.output }),
            description: 'Every step is done, or the owner dismissed it before: no checklist shows',
          },
        ],
        onError: {
          target: 'hidden',
          description: 'The checklist cannot be loaded: nothing shows in its place (it is a hint, the dashboard works)',
        },
      },
    },
    shown: {
      description: `The "${T.title}" card shows the steps and "${T.dismiss}"`,
      tags: ['ready'],
      on: {
        'checklist.dismiss': {
          target: 'dismissing',
          actions: assign({ error: null }),
          description: `Press "${T.dismiss}"`,
        },
      },
    },
    dismissing: {
      description: `The button reads "${T.dismissing}" and waits`,
      tags: ['ready', 'busy'],
      invoke: {
        id: 'dismissChecklist',
        src: 'dismissChecklist',
        onDone: {
          target: 'hidden',
          actions: assign({ checklist: ({ event }) => event.output }),
          description: 'The server keeps the dismissal: the card goes, and stays away after a reload',
        },
        onError: {
          target: 'shown',
          actions: assign({ error: ({ event }) => failureText(event.error, T.dismissFailed) }),
          description: 'The server refuses or cannot be reached: the card stays with an alert saying why',
        },
      },
    },
    hidden: {
      description: 'No checklist shows on the dashboard',
    },
  },
});
