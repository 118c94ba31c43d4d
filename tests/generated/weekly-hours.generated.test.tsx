/** Every transition of "Weekly hours", through the real grid with the weekly-rule calls faked. */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { type AvailabilityRule, DAY_NAMES, type Resource } from '#contracts/bookings.ts';
import { weeklyHoursEntry } from '#machines/samples/weekly-hours.samples.ts';
import {
  GRID_DAYS,
  HOURS_TEXTS,
  type HoursRange,
  hoursChange,
  type WeeklyHoursContext,
} from '#machines/weekly-hours.machine.ts';
import { WeeklyHoursGrid } from '#src/features/bookings/weekly-hours-grid.tsx';
import { describeFlow, type Flow } from './harness.tsx';

const live = (flow: Flow) => flow.live().context as WeeklyHoursContext;
const FIELD: Record<keyof HoursRange, string> = { starttime: 'Opens', endtime: 'Closes' };
const grid = () => within(screen.getByRole('form', { name: HOURS_TEXTS.title }));

/** The grid shows the context's week: each day open or "Closed", its ranges in order; the error in an alert. */
function expectWeek(flow: Flow) {
  const { week, error } = live(flow);
  for (const day of GRID_DAYS) {
    const name = DAY_NAMES[day];
    const group = grid().getByRole('group', { name });
    expect((within(group).getByRole('checkbox') as HTMLInputElement).checked).toBe(week[day]!.open);
    const shown = [...group.querySelectorAll<HTMLElement>('.hours-range')].map((row) =>
      (within(row).getAllByLabelText(/Opens|Closes/) as HTMLInputElement[]).map((input) => input.value).join(' - '),
    );
    expect(shown).toEqual(week[day]!.open ? week[day]!.ranges.map((r) => `${r.starttime} - ${r.endtime}`) : []);
  }
  if (error) expect(grid().getByRole('alert').textContent).toBe(error);
  else expect(grid().queryByRole('alert')).toBeNull();
}

describeFlow(weeklyHoursEntry, {
  render: (hooks, flow) => {
    const input = flow.path.input as { resource: Resource; rules: AvailabilityRule[] };
    return <WeeklyHoursGrid resource={input.resource} rules={input.rules} onSaved={flow.spy('onSaved')} {...hooks} />;
  },
  perform: {
    'hours.toggle': (e: { day: number }) =>
      fireEvent.click(grid().getByRole('checkbox', { name: `Open on ${DAY_NAMES[e.day]}` })),
    'hours.edit': (e: { day: number; index: number; field: keyof HoursRange; value: string }) =>
      fireEvent.change(grid().getByLabelText(`${FIELD[e.field]} (${DAY_NAMES[e.day]} hours ${e.index + 1})`), {
        target: { value: e.value },
      }),
    'hours.addRange': (e: { day: number }) =>
      fireEvent.click(grid().getByRole('button', { name: `${HOURS_TEXTS.addHours} on ${DAY_NAMES[e.day]}` })),
    'hours.removeRange': (e: { day: number; index: number }, flow) => {
      const range = live(flow).week[e.day]!.ranges[e.index]!;
      fireEvent.click(
        grid().getByRole('button', { name: `Remove ${DAY_NAMES[e.day]} ${range.starttime} - ${range.endtime}` }),
      );
    },
    'hours.copyMonday': () => fireEvent.click(grid().getByRole('button', { name: HOURS_TEXTS.copyMonday })),
    'hours.save': async () => {
      await act(async () => {
        fireEvent.click(grid().getByRole('button', { name: HOURS_TEXTS.save }));
      });
    },
  },
  expectUi: {
    editing: (_s, flow) => {
      expectWeek(flow);
      expect(grid().getByRole('button', { name: HOURS_TEXTS.save }).matches(':disabled')).toBe(false);
      expect(flow.spy('onSaved')).not.toHaveBeenCalled();
    },
    saving: (_s, flow) => {
      expectWeek(flow);
      expect(grid().getByRole('button', { name: HOURS_TEXTS.saving }).matches(':disabled')).toBe(true);
      const ctx = live(flow);
      // Exactly the difference between the saved rules and the grid.
      expect(flow.fakes.applyHours?.inputs.at(-1)).toEqual(hoursChange(ctx.resource.resourceid, ctx.rules, ctx.week));
    },
    saved: (_s, flow) => expect(flow.spy('onSaved')).toHaveBeenCalledTimes(1),
  },
});
