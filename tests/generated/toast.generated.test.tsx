/**
 * Every transition of the toast machine, played through the real status region (ToastHost, as the shell
 * mounts it) with a simulated clock: a page confirms something, the text shows, then goes.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { expect } from 'vitest';
import { SimulatedClock } from 'xstate';
import { toastEntry } from '#machines/samples/toast.samples.ts';
import { ToastHost } from '#src/app/toast-host.tsx';
import { InspectContext } from '#src/lib/inspect.ts';
import { useToast } from '#src/ui/toast.tsx';
import { describeMachinePaths, type Mounted, recorder } from './harness.tsx';

/** A page that confirms what it did, as the Business Profile dialog does after saving. */
function ConfirmingPage() {
  const notify = useToast();
  return (
    <button type="button" onClick={() => notify('Profile saved.')}>
      Save
    </button>
  );
}

function mount(): Mounted {
  const rec = recorder();
  const clock = new SimulatedClock();
  render(
    <InspectContext.Provider value={rec.inspect}>
      <ToastHost options={{ clock }}>
        <ConfirmingPage />
      </ToastHost>
    </InspectContext.Provider>,
  );
  return { fakes: {}, clock, recorder: rec };
}

describeMachinePaths(toastEntry, {
  mount,
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
