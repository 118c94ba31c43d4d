/** Every transition of the Booking Settings section of Booking Setup, with fake settings. */
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import {
  type BookingSettingsContext,
  leadText,
  REMINDER_OFF,
  SETTINGS_TEXTS,
  toSettings,
} from '#machines/booking-settings.machine.ts';
import { bookingSettingsEntry } from '#machines/samples/bookings.samples.ts';
import { SettingsSection } from '#src/features/bookings/settings-section.tsx';
import { describeFlow, type Flow } from './harness.tsx';

const live = (flow: Flow) => flow.live().context as BookingSettingsContext;
const section = () => within(screen.getByRole('region', { name: SETTINGS_TEXTS.title }));
const selected = (label: string) => {
  const select = section().getByLabelText<HTMLSelectElement>(label);
  return select.options[select.selectedIndex]!.textContent;
};

function expectForm(flow: Flow) {
  const { draft, error, saved } = live(flow);
  expect(selected(SETTINGS_TEXTS.reminder)).toBe(
    draft.reminder === REMINDER_OFF ? 'No reminder' : leadText(Number(draft.reminder)),
  );
  expect(selected(SETTINGS_TEXTS.cutoff)).toBe(leadText(Number(draft.cutoff)));
  expect(section().getByLabelText<HTMLInputElement>(SETTINGS_TEXTS.notifyOwner).checked).toBe(draft.notifyOwner);
  expect(section().getByRole('status').textContent).toBe(saved ? SETTINGS_TEXTS.saved : '');
  if (error) expect(section().getByRole('alert').textContent).toBe(error);
  else expect(section().queryByRole('alert')).toBeNull();
}

describeFlow(bookingSettingsEntry, {
  render: (hooks) => <SettingsSection {...hooks} />,
  perform: {
    'settings.edit': (e: { field: 'reminder' | 'cutoff'; value: string }) =>
      fireEvent.change(section().getByLabelText(SETTINGS_TEXTS[e.field]), { target: { value: e.value } }),
    'settings.toggle': () => fireEvent.click(section().getByLabelText(SETTINGS_TEXTS.notifyOwner)),
    'settings.save': () => fireEvent.click(section().getByRole('button', { name: SETTINGS_TEXTS.save })),
    'settings.retry': () => fireEvent.click(section().getByRole('button', { name: 'Try again' })),
  },
  expectUi: {
    loading: () => expect(section().getByRole('status').textContent).toBe(SETTINGS_TEXTS.loading),
    failed: () => expect(section().getByRole('alert').textContent).toContain(SETTINGS_TEXTS.loadFailed),
    'ready.idle': (_s, flow) => expectForm(flow),
    'ready.saving': (_s, flow) => {
      expect(section().getByRole('button', { name: SETTINGS_TEXTS.saving }).matches(':disabled')).toBe(true);
      expect(section().getByLabelText<HTMLSelectElement>(SETTINGS_TEXTS.reminder).disabled).toBe(true);
      expect(flow.fakes.saveSettings?.inputs.at(-1)).toEqual(toSettings(live(flow).draft));
    },
  },
});
