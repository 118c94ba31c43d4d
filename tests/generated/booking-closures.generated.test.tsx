/** Every transition of the closures section of Booking Setup, with fake closures. */
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { CLOSURE_TEXTS, type ClosureDraft, type ClosuresContext } from '#machines/booking-closures.machine.ts';
import { bookingClosuresEntry, meetingRoom, windowTable } from '#machines/samples/bookings.samples.ts';
import { ClosuresSection } from '#src/features/bookings/closures-section.tsx';
import { describeFlow, type Flow } from './harness.tsx';

const LABELS: Record<keyof ClosureDraft, string> = {
  resourceid: 'Applies to',
  startdate: 'From',
  enddate: 'To',
  reason: 'Reason (optional)',
};
const live = (flow: Flow) => flow.live().context as ClosuresContext;
const section = () => within(screen.getByRole('region', { name: 'Closures' }));

function expectClosures(flow: Flow) {
  const ctx = live(flow);
  const s = section();
  if (ctx.closures.length === 0) expect(s.getByText(CLOSURE_TEXTS.empty)).toBeTruthy();
  for (const c of ctx.closures)
    expect(s.getByText(`${c.resourcename ?? 'Whole business'}${c.reason ? ` · ${c.reason}` : ''}`)).toBeTruthy();
  for (const [field, label] of Object.entries(LABELS) as Array<[keyof ClosureDraft, string]>) {
    expect(s.getByLabelText<HTMLInputElement>(label).value).toBe(ctx.draft[field]);
  }
  if (ctx.error) expect(s.getByRole('alert').textContent).toBe(ctx.error);
}

const question = () => within(screen.getByRole('alertdialog', { name: CLOSURE_TEXTS.removeTitle }));

describeFlow(bookingClosuresEntry, {
  render: (hooks, flow) => (
    <ClosuresSection
      today={(flow.path.input as { today: string }).today}
      resources={[windowTable, meetingRoom]}
      {...hooks}
    />
  ),
  perform: {
    'closures.edit': (e: { field: keyof ClosureDraft; value: string }) =>
      fireEvent.change(section().getByLabelText(LABELS[e.field]), { target: { value: e.value } }),
    'closures.add': () => fireEvent.click(section().getByRole('button', { name: 'Add Closure' })),
    'closures.delete': () => fireEvent.click(section().getAllByRole('button', { name: /^Remove closure/ })[0]!),
    'closures.confirmDelete': () => {
      const button = question().getByRole('button', { name: CLOSURE_TEXTS.remove });
      button.focus();
      fireEvent.click(button);
    },
    'closures.cancelDelete': () => fireEvent.click(question().getByRole('button', { name: 'Cancel' })),
    'closures.retry': () => fireEvent.click(section().getByRole('button', { name: 'Try again' })),
  },
  expectUi: {
    loading: () => expect(section().getByRole('status').textContent).toBe('Loading closures...'),
    failed: () => expect(section().getByRole('alert').textContent).toContain(CLOSURE_TEXTS.loadFailed),
    'ready.idle': (_s, flow) => expectClosures(flow),
    'ready.adding': (_s, flow) => {
      expectClosures(flow);
      expect(section().getByRole('button', { name: 'Adding...' }).matches(':disabled')).toBe(true);
      const { draft } = live(flow);
      expect(flow.fakes.addClosure?.inputs.at(-1)).toEqual({
        resourceid: draft.resourceid || null,
        startdate: draft.startdate,
        enddate: draft.enddate || draft.startdate,
        reason: draft.reason.trim() || null,
      });
    },
    'ready.confirmDelete': (_s, flow) => {
      expectClosures(flow);
      const asked = live(flow).closures.find((c) => c.closureid === live(flow).selected)!;
      // The question names what closes and says those days take bookings again; focus starts on Cancel.
      expect(
        question().getByText(
          new RegExp(`\\(${asked.resourcename ?? 'Whole business'}\\)\\? Those days take bookings again\\.$`),
        ),
      ).toBeTruthy();
      expect(document.activeElement).toBe(question().getByRole('button', { name: 'Cancel' }));
      expect(flow.fakes.deleteClosure?.calls ?? 0).toBe(flow.memo.removals ?? 0);
    },
    'ready.deleting': (_s, flow) => {
      expectClosures(flow);
      expect(question().getByRole('button', { name: CLOSURE_TEXTS.removing }).matches(':disabled')).toBe(true);
      expect(flow.fakes.deleteClosure?.inputs.at(-1)).toEqual({ closureid: live(flow).selected });
      flow.memo.removals = flow.fakes.deleteClosure?.calls;
    },
  },
});
