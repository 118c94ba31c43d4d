/** Samples for Post edit (dashboard): what a tester does and arranges. */
import { defineEntry, done, fail, note, stateAndError } from '../lib/entry.ts';
import { postEditMachine } from '../post-edit.machine.ts';
import { demoOwner } from './demo.samples.ts';

export const postEditEntry = defineEntry({
  machine: postEditMachine,
  title: 'Post edit (dashboard)',
  samples: [
    note({ type: 'postEdit.start' }, { say: '' }),
    note({ type: 'postEdit.confirm' }, { say: '' }),
    note({ type: 'postEdit.cancel' }, { say: '' }),
    done('runPostEdit'),
    note(fail('runPostEdit', { message: 'An unknown network error occurred.', network: true }), {
      arrange: 'stop the server (Ctrl+C where `npm start` runs) and start it again after this step',
    }),
  ],
  uiKey: stateAndError,
  inputs: [
    {
      label: 'The first row of the list',
      input: { id: '00000000-0000-4000-8000-000000000001' },
      start: { url: '/', signedInAs: demoOwner },
    },
  ],
  plan: {
    shows: (s) => (s.context.error ? [`The dialog's alert: "${s.context.error}"`] : []),
    test: 'tests/generated/post-edit.generated.test.tsx',
  },
});
