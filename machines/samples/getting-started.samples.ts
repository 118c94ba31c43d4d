/** Samples for the getting-started checklist on the dashboard (issue 26): what a tester does and arranges. */
import type { Checklist } from '#contracts/businesses.ts';
import { gettingStartedMachine, progressText } from '../getting-started.machine.ts';
import { defineEntry, done, fail, note, stateAndError } from '../lib/entry.ts';
import { demoOwner } from './demo.samples.ts';

/** The demo business: everything done but the QR code (seeded so). */
export const demoChecklist: Checklist = {
  steps: [
    { id: 'location', done: true },
    { id: 'qr', done: false },
    { id: 'post', done: true },
    { id: 'voucher', done: true },
    { id: 'resource', done: true },
  ],
  dismissed: false,
};
const allDone: Checklist = { ...demoChecklist, steps: demoChecklist.steps.map((s) => ({ ...s, done: true })) };
const dismissed: Checklist = { ...demoChecklist, dismissed: true };

export const gettingStartedEntry = defineEntry({
  machine: gettingStartedMachine,
  title: 'Getting-started checklist (dashboard)',
  samples: [
    note({ type: 'checklist.dismiss' }, { say: '' }),
    done('loadChecklist', demoChecklist),
    note(done('loadChecklist', allDone), {
      arrange:
        'Print the business QR code first (Profile in the top bar → "Print QR Code", then cancel the print dialog) and reload the dashboard',
    }),
    note(done('loadChecklist', dismissed), { arrange: 'Dismiss the checklist first, then reload the dashboard' }),
    note(fail('loadChecklist', { message: 'An unknown network error occurred.', network: true }), {
      arrange:
        'In DevTools → Network → Network request blocking, block the pattern `*checklist*` and reload the dashboard (remove the block after this scenario)',
    }),
    done('dismissChecklist', dismissed),
    note(fail('dismissChecklist', { message: 'An unknown network error occurred.', network: true }), {
      arrange:
        'In DevTools → Network → Network request blocking, block the pattern `*checklist*` before pressing (remove the block after this step)',
    }),
  ],
  uiKey: stateAndError,
  plan: {
    start: {
      url: '/',
      signedInAs: demoOwner,
      note: 'A freshly seeded demo business shows the checklist with 4 of 5 done',
    },
    shows: (s) => [
      ...(s.context.checklist && !s.matches('hidden') ? [`"${progressText(s.context.checklist)}"`] : []),
      ...(s.context.error ? [`An alert on the card: "${s.context.error}"`] : []),
    ],
    test: 'tests/generated/getting-started.generated.test.tsx',
    usesUp:
      'Dismissing is stored for the business: the checklist stays away until the demo is seeded again (`npm start` with a fresh DATA_DIR)',
  },
});
