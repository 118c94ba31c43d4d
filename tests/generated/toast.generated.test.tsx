/**
 * Every transition of the toast machine, played through the real status region (ToastHost, as the shell
 * mounts it) with a simulated clock: a page confirms something, the text shows, then goes.
 */
import { fireEvent, screen } from '@testing-library/react';
import { expect } from 'vitest';
import { toastEntry } from '#machines/samples/toast.samples.ts';
import { ToastHost } from '#src/app/toast-host.tsx';
import { useToast } from '#src/ui/toast.tsx';
import { describeFlow } from './harness.tsx';

/** A page that confirms what it did, as the Business Profile dialog does after saving. */
function ConfirmingPage() {
  const notify = useToast();
  return (
    <button type="button" onClick={() => notify('Profile saved.')}>
      Save
    </button>
  );
}

describeFlow(toastEntry, {
  render: (hooks) => (
    <ToastHost {...hooks}>
      <ConfirmingPage />
    </ToastHost>
  ),
  perform: {
    'toast.show': () => fireEvent.click(screen.getByRole('button', { name: 'Save' })),
    'toast.dismiss': () => fireEvent.click(screen.getByRole('button', { name: 'Dismiss' })),
  },
  expectUi: {
    // The status region is always in the page (so screen readers hear new text), empty when hidden.
    hidden: () => {
      expect(screen.getByRole('status').textContent).toBe('');
      expect(screen.queryByRole('button', { name: 'Dismiss' })).toBeNull();
    },
    shown: (s) => {
      expect(screen.getByRole('status').textContent).toBe(s.context.text);
      expect(screen.getByRole('button', { name: 'Dismiss' })).toBeTruthy();
    },
  },
});
