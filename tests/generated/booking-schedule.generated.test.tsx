/** Every transition of "Manage Schedule for {name}", through the real dialog with fake rules. */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import { DAY_NAMES, type Resource } from '#contracts/bookings.ts';
import type { RuleDraft, ScheduleContext } from '#machines/booking-schedule.machine.ts';
import { bookingScheduleEntry } from '#machines/samples/bookings.samples.ts';
import { HOURS_TEXTS, weeklyHoursMachine } from '#machines/weekly-hours.machine.ts';
import { ScheduleModal } from '#src/features/bookings/schedule-modal.tsx';
import { specTexts } from '../spec/spec-texts.ts';
import { describeFlow, type Flow } from './harness.tsx';

const LABELS: Record<keyof RuleDraft, string> = { dayofweek: 'Day', starttime: 'Start Time', endtime: 'End Time' };
const live = (flow: Flow) => flow.live().context as ScheduleContext;
const dialog = (flow: Flow) =>
  within(screen.getByRole('dialog', { name: `Manage Schedule for ${live(flow).resource.resourcename}` }));

function expectRules(flow: Flow) {
  const ctx = live(flow);
  const d = dialog(flow);
  if (ctx.rules.length === 0) expect(d.getByText(specTexts.noSchedule)).toBeTruthy();
  else {
    const rows = d.getAllByRole('listitem').map((li) => li.textContent);
    // "Day: HH:MM - HH:MM", in day order.
    expect(rows).toEqual(
      ctx.rules.map((r) => `${DAY_NAMES[r.dayofweek]}: ${r.starttime.slice(0, 5)} - ${r.endtime.slice(0, 5)}`),
    );
  }
  expect(d.getByLabelText<HTMLSelectElement>('Day').value).toBe(ctx.draft.dayofweek);
  expect(d.getByLabelText<HTMLInputElement>('Start Time').value).toBe(ctx.draft.starttime);
  expect(d.getByLabelText<HTMLInputElement>('End Time').value).toBe(ctx.draft.endtime);
  // Sunday..Saturday = 0..6.
  expect(
    within(d.getByLabelText('Day'))
      .getAllByRole('option')
      .map((o) => (o as HTMLOptionElement).value),
  ).toEqual(['0', '1', '2', '3', '4', '5', '6']);
  if (ctx.error) expect(d.getByRole('alert').textContent).toBe(ctx.error);
}

const question = () => within(screen.getByRole('alertdialog', { name: specTexts.confirmDeletion }));
const askedRule = (flow: Flow) => {
  const rule = live(flow).rules.find((r) => r.availabilityid === live(flow).selected)!;
  return `${DAY_NAMES[rule.dayofweek]}: ${rule.starttime.slice(0, 5)} - ${rule.endtime.slice(0, 5)}`;
};

/** The grid's own transitions are tested in weekly-hours.generated.test.tsx; here its save always succeeds. */
const hoursLogic = weeklyHoursMachine.provide({ actors: { applyHours: fromPromise(async () => {}) } });

describeFlow(bookingScheduleEntry, {
  render: (hooks, flow) => (
    <ScheduleModal
      resource={(flow.path.input as { resource: Resource }).resource}
      onClose={flow.spy('onClose')}
      {...hooks}
      hoursHooks={{ logic: hoursLogic }}
    />
  ),
  perform: {
    'schedule.edit': (e: { field: keyof RuleDraft; value: string }, flow) =>
      fireEvent.change(dialog(flow).getByLabelText(LABELS[e.field]), { target: { value: e.value } }),
    'schedule.add': (_e, flow) => fireEvent.click(dialog(flow).getByRole('button', { name: 'Add Rule' })),
    'schedule.delete': (e: { availabilityid: string }, flow) => {
      const rule = live(flow).rules.find((r) => r.availabilityid === e.availabilityid)!;
      fireEvent.click(dialog(flow).getByRole('button', { name: new RegExp(`^Delete ${DAY_NAMES[rule.dayofweek]}`) }));
    },
    'schedule.confirmDelete': () => {
      const button = question().getByRole('button', { name: specTexts.confirmDelete });
      button.focus();
      fireEvent.click(button);
    },
    'schedule.cancelDelete': () => fireEvent.click(question().getByRole('button', { name: 'Cancel' })),
    'schedule.reload': async (_e, flow) => {
      const sunday = dialog(flow).getByRole('checkbox', { name: 'Open on Sunday' });
      fireEvent.click(sunday);
      await act(async () => {
        fireEvent.click(dialog(flow).getByRole('button', { name: HOURS_TEXTS.save }));
      });
    },
    'schedule.retry': (_e, flow) => fireEvent.click(dialog(flow).getByRole('button', { name: 'Try again' })),
    'schedule.close': (_e, flow) => fireEvent.click(dialog(flow).getAllByRole('button', { name: 'Close' }).at(-1)!),
  },
  expectUi: {
    loading: (_s, flow) => {
      expect(dialog(flow).getByRole('status').textContent).toBe('Loading schedule...');
      expect(flow.fakes.loadRules?.inputs.at(-1)).toEqual({ resourceid: live(flow).resource.resourceid });
    },
    failed: (_s, flow) => expect(dialog(flow).getByRole('alert').textContent).toContain(specTexts.scheduleFailed),
    'ready.idle': (_s, flow) => {
      expectRules(flow);
      expect(dialog(flow).getByRole('button', { name: 'Add Rule' }).matches(':disabled')).toBe(false);
    },
    'ready.adding': (_s, flow) => {
      expectRules(flow);
      expect(dialog(flow).getByRole('button', { name: 'Adding...' }).matches(':disabled')).toBe(true);
      const ctx = live(flow);
      expect(flow.fakes.addRule?.inputs.at(-1)).toEqual({
        resourceid: ctx.resource.resourceid,
        dayofweek: Number(ctx.draft.dayofweek),
        starttime: ctx.draft.starttime,
        endtime: ctx.draft.endtime,
      });
    },
    'ready.confirmDelete': (_s, flow) => {
      expectRules(flow);
      // The question names the rule and the resource; focus starts on Cancel (decision 005).
      expect(
        question().getByText(
          new RegExp(`"${askedRule(flow)}" from the schedule of ${live(flow).resource.resourcename}`),
        ),
      ).toBeTruthy();
      expect(document.activeElement).toBe(question().getByRole('button', { name: 'Cancel' }));
      expect(flow.fakes.deleteRule?.calls ?? 0).toBe(flow.memo.deletes ?? 0);
    },
    'ready.deleting': (_s, flow) => {
      expectRules(flow);
      expect(question().getByRole('button', { name: 'Deleting...' }).matches(':disabled')).toBe(true);
      expect(flow.fakes.deleteRule?.inputs.at(-1)).toEqual({ availabilityid: live(flow).selected });
      flow.memo.deletes = flow.fakes.deleteRule?.calls;
    },
    closed: (_s, flow) => expect(flow.spy('onClose')).toHaveBeenCalledTimes(1),
  },
});
