/** The "Weekly hours" grid of the schedule modal (issue 24), with fake weekly-rule effects. */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { AvailabilityRule } from '#contracts/bookings.ts';
import { windowTable } from '#machines/samples/bookings.samples.ts';
import {
  HOURS_TEXTS,
  type HoursChange,
  type HoursRefusal,
  hoursChange,
  weekFromRules,
  weeklyHoursMachine,
} from '#machines/weekly-hours.machine.ts';
import { WeeklyHoursGrid } from '#src/features/bookings/weekly-hours-grid.tsx';

const rule = (id: string, dayofweek: number, starttime: string, endtime: string): AvailabilityRule => ({
  availabilityid: id,
  resourceid: windowTable.resourceid,
  dayofweek,
  starttime: `${starttime}:00`,
  endtime: `${endtime}:00`,
});

function renderGrid(rules: AvailabilityRule[], apply: (change: HoursChange) => Promise<void> = async () => {}) {
  const calls: HoursChange[] = [];
  const logic = weeklyHoursMachine.provide({
    actors: {
      applyHours: fromPromise<void, HoursChange>(async ({ input }) => {
        calls.push(input);
        await apply(input);
      }),
    },
  });
  const onSaved = vi.fn();
  render(<WeeklyHoursGrid resource={windowTable} rules={rules} onSaved={onSaved} logic={logic} />);
  const day = (name: string) => within(screen.getByRole('group', { name }));
  const times = (name: string) =>
    [...screen.getByRole('group', { name }).querySelectorAll<HTMLElement>('.hours-range')].map((li) => {
      const [start, end] = within(li).getAllByLabelText(/Opens|Closes/) as HTMLInputElement[];
      return `${start!.value} - ${end!.value}`;
    });
  const setRange = (name: string, index: number, start: string, end: string) => {
    fireEvent.change(screen.getByLabelText(`Opens (${name} hours ${index + 1})`), { target: { value: start } });
    fireEvent.change(screen.getByLabelText(`Closes (${name} hours ${index + 1})`), { target: { value: end } });
  };
  const save = async () => {
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: HOURS_TEXTS.save }));
    });
  };
  return { calls, onSaved, day, times, setRange, save };
}

describe('the weekly hours grid', () => {
  it('shows the saved rules per day, Monday first, and days without rules as closed', () => {
    const { times, day } = renderGrid([rule('a', 1, '09:00', '12:00'), rule('b', 1, '13:00', '17:00')]);
    expect(screen.getAllByRole('group').map((g) => g.querySelector('legend')?.textContent)).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    expect(times('Monday')).toEqual(['09:00 - 12:00', '13:00 - 17:00']);
    expect((day('Monday').getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
    expect((day('Tuesday').getByRole('checkbox') as HTMLInputElement).checked).toBe(false);
    expect(day('Tuesday').getByText('Closed')).toBeTruthy();
  });

  it('adds a second range with "Add hours" and removes a range with its remove button', () => {
    const { times, setRange } = renderGrid([]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Open on Monday' }));
    setRange('Monday', 0, '09:00', '12:00');
    fireEvent.click(screen.getByRole('button', { name: 'Add hours on Monday' }));
    setRange('Monday', 1, '13:00', '17:00');
    expect(times('Monday')).toEqual(['09:00 - 12:00', '13:00 - 17:00']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Monday 09:00 - 12:00' }));
    expect(times('Monday')).toEqual(['13:00 - 17:00']);
  });

  it('copies Monday to Tuesday..Friday only', () => {
    const { times, setRange } = renderGrid([rule('s', 6, '10:00', '14:00')]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Open on Monday' }));
    setRange('Monday', 0, '09:00', '12:00');
    fireEvent.click(screen.getByRole('button', { name: 'Add hours on Monday' }));
    setRange('Monday', 1, '13:00', '17:00');
    fireEvent.click(screen.getByRole('button', { name: HOURS_TEXTS.copyMonday }));
    for (const name of ['Tuesday', 'Wednesday', 'Thursday', 'Friday'])
      expect(times(name)).toEqual(['09:00 - 12:00', '13:00 - 17:00']);
    expect(times('Saturday')).toEqual(['10:00 - 14:00']);
    expect(times('Sunday')).toEqual([]);
  });

  it('saves exactly the difference: removed rules deleted, new ranges created, unchanged ones untouched', async () => {
    const kept = rule('kept', 1, '09:00', '12:00');
    const gone = rule('gone', 1, '13:00', '17:00');
    const saturday = rule('sat', 6, '10:00', '14:00');
    const { calls, onSaved, setRange, save } = renderGrid([kept, gone, saturday]);
    setRange('Monday', 1, '14:00', '18:00');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Open on Saturday' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Open on Tuesday' }));
    setRange('Tuesday', 0, '08:00', '11:00');
    await save();
    expect(calls).toEqual([
      {
        deletes: [gone, saturday],
        creates: [
          { resourceid: windowTable.resourceid, dayofweek: 1, starttime: '14:00', endtime: '18:00' },
          { resourceid: windowTable.resourceid, dayofweek: 2, starttime: '08:00', endtime: '11:00' },
        ],
      },
    ]);
    expect(onSaved).toHaveBeenCalledTimes(1);
  });

  it('refuses overlapping ranges in a day before any call', async () => {
    const { calls, setRange, save } = renderGrid([]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Open on Wednesday' }));
    setRange('Wednesday', 0, '09:00', '13:00');
    fireEvent.click(screen.getByRole('button', { name: 'Add hours on Wednesday' }));
    setRange('Wednesday', 1, '12:00', '17:00');
    await save();
    expect(calls).toEqual([]);
    expect(screen.getByRole('alert').textContent).toBe('Wednesday: 09:00 - 13:00 overlaps 12:00 - 17:00.');
  });

  it("shows the server's refusal in an alert, naming the day and what already went through", async () => {
    const refusal: HoursRefusal = { message: 'This overlaps Tuesday: 08:00 - 18:00.', dayofweek: 2, applied: 1 };
    const { onSaved, setRange, save } = renderGrid([], async () => {
      throw refusal;
    });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Open on Monday' }));
    setRange('Monday', 0, '09:00', '12:00');
    fireEvent.click(screen.getByRole('button', { name: HOURS_TEXTS.copyMonday }));
    await save();
    expect(screen.getByRole('alert').textContent).toBe(
      'Tuesday was not saved: This overlaps Tuesday: 08:00 - 18:00. (1 earlier change was applied; the list shows what is saved)',
    );
    expect(onSaved).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: HOURS_TEXTS.save }).matches(':disabled')).toBe(false);
  });

  it('says so when nothing changed', async () => {
    const { calls, save } = renderGrid([rule('a', 1, '09:00', '17:00')]);
    await save();
    expect(calls).toEqual([]);
    expect(screen.getByRole('alert').textContent).toBe(HOURS_TEXTS.nothingToSave);
  });
});

describe('hoursChange', () => {
  it('creates nothing and deletes nothing for the week the rules describe', () => {
    const rules = [rule('a', 0, '10:00', '12:00'), rule('b', 3, '09:00', '17:00')];
    expect(hoursChange(windowTable.resourceid, rules, weekFromRules(rules))).toEqual({ deletes: [], creates: [] });
  });
});
