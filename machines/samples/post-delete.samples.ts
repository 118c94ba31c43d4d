/** Samples for Post delete (dashboard): what a tester does and arranges. */
import { defineEntry, done, fail, note, stateAndError } from '../lib/entry.ts';
import { postDeleteMachine } from '../post-delete.machine.ts';
import { demoOwner } from './demo.samples.ts';

export const postDeleteEntry = defineEntry({
  machine: postDeleteMachine,
  title: 'Post delete (dashboard)',
  samples: [
    note({ type: 'postDelete.start' }, { say: 'on the newest post in Your Feed' }),
    note({ type: 'postDelete.confirm' }, { say: '' }),
    note({ type: 'postDelete.cancel' }, { say: '' }),
    done('runPostDelete'),
    note(fail('runPostDelete', { message: 'An unknown network error occurred.', network: true }), {
      arrange: 'stop the server (Ctrl+C where `npm start` runs) and start it again after this step',
    }),
  ],
  uiKey: stateAndError,
  inputs: [
    {
      label: "The newest post in the demo business's Your Feed",
      input: { id: '00000000-0000-4000-8000-000000000001' },
      start: { url: '/', signedInAs: demoOwner },
    },
  ],
  plan: {
    shows: (s) => (s.context.error ? [`The dialog's alert: "${s.context.error}"`] : []),
    test: 'tests/generated/post-delete.generated.test.tsx',
    usesUp:
      'Each walk deletes the newest post: post one first (see the Post composer plan), or a fresh seed puts the demo posts back',
  },
});
