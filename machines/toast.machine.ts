/**
 * The shell's status region for short confirmations ("Profile saved."): a text appears, stays a few
 * seconds (or until dismissed) and goes. Any screen below the shell shows one with `useToast()(text)`.
 */
import { assertEvent, assign, setup } from 'xstate';

export interface ToastContext {
  /** The confirmation on show, else null. */
  text: string | null;
}

export type ToastEvent = { type: 'toast.show'; text: string } | { type: 'toast.dismiss' };

export const toastMachine = setup({
  types: { context: {} as ToastContext, events: {} as ToastEvent },
  delays: {
    /** Long enough to read the confirmation twice. */
    toastDuration: 5_000,
  },
  actions: {
    show: assign({
      text: ({ event }) => {
        assertEvent(event, 'toast.show');
        return event.text;
      },
    }),
    clear: assign({ text: null }),
  },
}).createMachine({
  id: 'toast',
  context: { text: null },
  initial: 'hidden',
  states: {
    hidden: {
      description: 'No confirmation is shown at the bottom of the page',
      entry: 'clear',
      on: {
        'toast.show': {
          target: 'shown',
          actions: 'show',
          description: 'Finish something that deserves a confirmation, e.g. save the Business Profile',
        },
      },
    },
    shown: {
      description:
        'The confirmation shows at the bottom of the page (screen readers read it out) with a Dismiss button',
      after: {
        toastDuration: { target: 'hidden', description: 'Wait five seconds; the confirmation goes away' },
      },
      on: {
        'toast.show': {
          target: 'shown',
          reenter: true,
          actions: 'show',
          description: 'Finish something else; its confirmation replaces the one on show, for five more seconds',
        },
        'toast.dismiss': { target: 'hidden', description: 'Press "Dismiss" on the confirmation' },
      },
    },
  },
});
