/** Samples for the shell's confirmations (the status region at the bottom of every signed-in page). */
import { defineEntry, note } from '../lib/entry.ts';
import { toastMachine } from '../toast.machine.ts';
import { demoBusiness, demoOwner, renamedBusinessName } from './demo.samples.ts';

export const toastEntry = defineEntry({
  machine: toastMachine,
  title: 'Confirmations (the status region at the bottom of the portal)',
  samples: [
    // The one confirmation so far is the Business Profile's, so a tester saves the profile.
    note(
      { type: 'toast.show', text: 'Profile saved.' },
      {
        say: `press "Profile" in the top bar, replace Business Name with \`${renamedBusinessName}\` (or back with \`${demoBusiness.businessname}\`) and press "Save Profile"`,
      },
    ),
    { type: 'toast.dismiss' },
  ],
  uiKey: (s) => ({ state: s.value, text: s.context.text }),
  plan: {
    start: {
      url: '/',
      signedInAs: demoOwner,
      note: `Saving renames the demo business: afterwards set Business Name back to "${demoBusiness.businessname}"`,
    },
    shows: (s) => (s.context.text ? [`The confirmation reads "${s.context.text}"`] : []),
    test: 'tests/generated/toast.generated.test.tsx',
    usesUp: 'It renames the business: rename it back as the scenario says',
  },
});
