/**
 * Every transition of Booking Setup's resources, through the real page with fake effects: the list,
 * the limit check, Create New Resource / Edit Resource, Confirm Deletion (and its second question when
 * bookings lie ahead), the schedule dialog. Texts are the spec's (tests/spec/spec-texts.ts).
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import {
  type AvailabilityRule,
  BOOKING_SETTINGS_DEFAULTS,
  type BookingSettings,
  type Closure,
} from '#contracts/bookings.ts';
import { bookingClosuresMachine } from '#machines/booking-closures.machine.ts';
import { bookingScheduleMachine } from '#machines/booking-schedule.machine.ts';
import { bookingSettingsMachine } from '#machines/booking-settings.machine.ts';
import type { ResourceField, SetupContext } from '#machines/booking-setup.machine.ts';
import { bookingSetupEntry } from '#machines/samples/bookings.samples.ts';
import { SetupView } from '#src/features/bookings/setup-page.tsx';
import { specTexts } from '../spec/spec-texts.ts';
import { describeFlow, type Flow } from './harness.tsx';

const LABELS: Record<Exclude<ResourceField, 'isactive'>, string> = {
  resourcename: 'Name',
  description: 'Description',
  capacity: 'Capacity',
};
const live = (flow: Flow) => flow.live().context as SetupContext;
const resourceDialog = () =>
  screen.queryByRole('dialog', { name: 'Create New Resource' }) ??
  screen.queryByRole('dialog', { name: 'Edit Resource' });
const confirm = () => screen.queryByRole('alertdialog', { name: specTexts.confirmDeletion });
const nameOf = (flow: Flow, id: string) => live(flow).resources.find((r) => r.resourceid === id)!.resourcename;

/** The closures, the schedule and the settings have their own generated tests; here they answer at once. */
const quietClosures = bookingClosuresMachine.provide({
  actors: { loadClosures: fromPromise(async (): Promise<Closure[]> => []) },
});
const quietSettings = bookingSettingsMachine.provide({
  actors: { loadSettings: fromPromise(async (): Promise<BookingSettings> => ({ ...BOOKING_SETTINGS_DEFAULTS })) },
});
const quietSchedule = bookingScheduleMachine.provide({
  actors: { loadRules: fromPromise(async (): Promise<AvailabilityRule[]> => []) },
});

function expectList(flow: Flow) {
  const ctx = live(flow);
  const list = within(screen.getByRole('region', { name: 'Resources' }));
  if (ctx.resources.length === 0) expect(list.getByText(specTexts.noResources)).toBeTruthy();
  for (const r of ctx.resources) {
    const row = within(list.getByText(r.resourcename).closest('li')!);
    expect(row.getByText(`Capacity: ${r.capacity}`, { exact: false })).toBeTruthy();
    expect(row.getByText(r.isactive ? 'Active' : 'Inactive')).toBeTruthy();
    for (const action of ['Schedule for', 'Edit', 'Delete']) {
      expect(row.getByRole('button', { name: `${action} ${r.resourcename}` })).toBeTruthy();
    }
  }
  if (ctx.error) expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain(ctx.error);
}

describeFlow(bookingSetupEntry, {
  render: (hooks) => (
    <SetupView
      businessid="b-demo"
      today="2026-11-23"
      closuresHooks={{ logic: quietClosures }}
      settingsHooks={{ logic: quietSettings }}
      scheduleHooks={{ logic: quietSchedule }}
      {...hooks}
    />
  ),
  perform: {
    'setup.retry': () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })),
    'setup.new': () => fireEvent.click(screen.getByRole('button', { name: 'Add Resource' })),
    'setup.edit': (e: { resourceid: string }, flow) =>
      fireEvent.click(screen.getByRole('button', { name: `Edit ${nameOf(flow, e.resourceid)}` })),
    'setup.delete': (e: { resourceid: string }, flow) =>
      fireEvent.click(screen.getByRole('button', { name: `Delete ${nameOf(flow, e.resourceid)}` })),
    'setup.schedule': (e: { resourceid: string }, flow) =>
      fireEvent.click(screen.getByRole('button', { name: `Schedule for ${nameOf(flow, e.resourceid)}` })),
    'setup.change': (e: { field: ResourceField; value: string | boolean }) => {
      const d = within(resourceDialog()!);
      if (e.field === 'isactive') fireEvent.click(d.getByRole('checkbox'));
      else fireEvent.change(d.getByLabelText(LABELS[e.field]), { target: { value: e.value } });
    },
    'setup.save': () => fireEvent.click(within(resourceDialog()!).getByRole('button', { name: 'Save' })),
    'setup.cancel': () => {
      const open = resourceDialog() ?? confirm()!;
      fireEvent.click(within(open).getByRole('button', { name: 'Cancel' }));
    },
    // Pressed as a person does: focus moves to the button (a click in a browser focuses it).
    'setup.confirmDelete': () => {
      const button = within(confirm()!).getByRole('button', { name: /^(Confirm Delete|Cancel Bookings and Delete)$/ });
      button.focus();
      fireEvent.click(button);
    },
    'setup.closeSchedule': () => {
      const dialog = screen.getByRole('dialog', { name: /^Manage Schedule for / });
      fireEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    },
  },
  expectUi: {
    loading: () => expect(screen.getByRole('status').textContent).toBe('Loading resources...'),
    failed: () => expect(screen.getByRole('alert').textContent).toContain(specTexts.resourcesFailed),
    'ready.list': (_s, flow) => {
      expectList(flow);
      expect(resourceDialog()).toBeNull();
      expect(confirm()).toBeNull();
    },
    'ready.checkingLimit': (_s, flow) => {
      expectList(flow);
      expect(screen.getByRole('button', { name: 'Checking...' }).matches(':disabled')).toBe(true);
    },
    'ready.editing': (_s, flow) => {
      const ctx = live(flow);
      const d = within(resourceDialog()!);
      expect(screen.getByRole('dialog', { name: ctx.target ? 'Edit Resource' : 'Create New Resource' })).toBeTruthy();
      for (const [field, label] of Object.entries(LABELS) as Array<[keyof typeof LABELS, string]>) {
        expect(d.getByLabelText<HTMLInputElement>(label).value).toBe(ctx.draft[field]);
      }
      expect(d.getByRole<HTMLInputElement>('checkbox').checked).toBe(ctx.draft.isactive);
      for (const message of Object.values(ctx.fieldErrors)) expect(d.getByText(message!)).toBeTruthy();
      if (ctx.error) expect(d.getByRole('alert').textContent).toBe(ctx.error);
    },
    'ready.saving': (_s, flow) => {
      expect(within(resourceDialog()!).getByRole('button', { name: 'Saving...' }).matches(':disabled')).toBe(true);
      const ctx = live(flow);
      expect(flow.fakes.saveResource?.inputs.at(-1)).toMatchObject({
        resourceid: ctx.target,
        body: { resourcename: ctx.draft.resourcename.trim(), capacity: Number(ctx.draft.capacity) },
      });
    },
    'ready.confirmDelete': (_s, flow) => {
      const d = within(confirm()!);
      // The warning that the schedule goes too.
      expect(d.getByText(/Its weekly schedule is deleted too/)).toBeTruthy();
      const ctx = live(flow);
      if (ctx.futureBookings > 0) {
        expect(d.getByRole('alert').textContent).toBe(ctx.error);
        expect(d.getByRole('button', { name: 'Cancel Bookings and Delete' })).toBeTruthy();
      } else expect(d.getByRole('button', { name: 'Confirm Delete' })).toBeTruthy();
      // Focus is on Cancel, also when the question is asked again after the server named the bookings
      // ahead: Enter never cancels them by accident (decision 005).
      expect(document.activeElement).toBe(d.getByRole('button', { name: 'Cancel' }));
    },
    'ready.deleting': (_s, flow) => {
      expect(within(confirm()!).getByRole('button', { name: 'Deleting...' })).toBeTruthy();
      const ctx = live(flow);
      expect(flow.fakes.deleteResource?.inputs.at(-1)).toEqual({
        resourceid: ctx.target,
        cancelFutureBookings: ctx.futureBookings > 0,
      });
    },
    'ready.schedule': (_s, flow) => {
      const name = nameOf(flow, live(flow).target!);
      expect(screen.getByRole('dialog', { name: `Manage Schedule for ${name}` })).toBeTruthy();
    },
  },
});
