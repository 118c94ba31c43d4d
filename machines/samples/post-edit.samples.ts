/** Samples for editing a post on its card in Your Feed. */
import type { Post } from '#contracts/posts.ts';
import { defineEntry, done, fail, note, stateAndError } from '../lib/entry.ts';
import { postEditMachine } from '../post-edit.machine.ts';
import { demoOwner } from './demo.samples.ts';

const textPost: Post = {
  postid: '00000000-0000-4000-8000-000000000002',
  content: 'Fresh cardamom buns until noon!',
  imageurl: null,
  createdat: '2026-11-23T09:30:00.000Z',
  authoremail: demoOwner.email,
};

export const postEditEntry = defineEntry({
  machine: postEditMachine,
  title: 'Edit a post (Your Feed on the dashboard)',
  samples: [
    note({ type: 'postEdit.start' }, { say: 'on the newest post in Your Feed' }),
    note(
      { type: 'postEdit.change', content: 'Fresh cardamom buns until 2 pm!' },
      {
        say: 'replace the text with `Fresh cardamom buns until 2 pm!`',
      },
    ),
    note({ type: 'postEdit.change', content: '   ' }, { say: 'replace the text with three spaces' }),
    { type: 'postEdit.save' },
    note({ type: 'postEdit.cancel' }, { say: '' }),
    done('runPostEdit', { ...textPost, content: 'Fresh cardamom buns until 2 pm!' }),
    note(fail('runPostEdit', { message: 'An unknown network error occurred.', network: true }), {
      arrange: 'stop the server (Ctrl+C where `npm start` runs) and start it again after this step',
    }),
  ],
  uiKey: (s) => ({ ...stateAndError(s), blank: s.context.draft.trim() === '' }),
  inputs: [
    {
      label: "The newest post in the demo business's Your Feed (text only: post one first)",
      input: { post: textPost },
      start: { url: '/', signedInAs: demoOwner, andThen: 'post `Fresh cardamom buns until noon!` without a photo' },
    },
  ],
  plan: {
    shows: (s) => (s.context.error ? [`Under the editor: "${s.context.error}"`] : []),
    test: 'tests/generated/post-edit.generated.test.tsx',
    usesUp: "Saving changes the newest post's text: edit it back, or a fresh seed puts it back",
  },
});
