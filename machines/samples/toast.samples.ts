/** Samples for the shell's confirmations (the status region at the bottom of every signed-in page). */
import { defineEntry } from '../lib/entry.ts';
import { toastMachine } from '../toast.machine.ts';

export const toastEntry = defineEntry({
  machine: toastMachine,
  title: 'Confirmations (the status region at the bottom of the portal)',
  samples: [{ type: 'toast.show', text: 'Profile saved.' }, { type: 'toast.dismiss' }],
  uiKey: (s) => ({ state: s.value, text: s.context.text }),
});
