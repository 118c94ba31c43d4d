/**
 * Every transition of the Business Profile machine, played through the real dialog with fake effects
 * (device location, API, printer). Paths and the QA plan come from the same registry entry.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { BusinessProfile } from '#contracts/businesses.ts';
import type { BusinessProfileContext } from '#machines/business-profile.machine.ts';
import { businessProfileEntry } from '#machines/samples/business-profile.samples.ts';
import ProfileModal from '#src/features/profile/profile-modal.tsx';
import { describeFlow, type Flow } from './harness.tsx';

const LABELS = {
  businessname: 'Business Name',
  description: 'Description',
  address: 'Address',
  latitude: 'Latitude',
  longitude: 'Longitude',
} as const;
const click = (name: string) => {
  fireEvent.click(screen.getByRole('button', { name }));
};
// :disabled also covers controls locked by their <fieldset disabled>.
const disabled = (el: HTMLElement) => el.matches(':disabled');
const dialog = () => screen.getByRole('dialog', { name: 'Business Profile' });
const question = () => screen.queryByRole('alertdialog', { name: 'Discard unsaved changes?' });

/** The running machine's context (what the view must show). */
const live = (flow: Flow) => flow.live().context as BusinessProfileContext;

/**
 * What every open state shows: the form with the draft, the QR card, the messages. Texts are compared with
 * the RUNNING machine (the path's key only says which messages are visible, not which name was typed).
 */
function expectForm(path: BusinessProfileContext, flow: Flow) {
  const ctx = live(flow);
  expect(Object.keys(ctx.fieldErrors).sort()).toEqual(Object.keys(path.fieldErrors).sort());
  expect(!!ctx.locationError).toBe(!!path.locationError);
  expect(!!ctx.error).toBe(!!path.error);
  const d = within(dialog());
  expect(d.getByLabelText<HTMLInputElement>('Business Name').value).toBe(ctx.draft.businessname);
  expect(d.getByLabelText<HTMLTextAreaElement>('Description').value).toBe(ctx.draft.description);
  expect(d.getByLabelText<HTMLInputElement>('Address').value).toBe(ctx.draft.address);
  expect(d.getByLabelText<HTMLInputElement>('Latitude').value).toBe(ctx.draft.latitude);
  expect(d.getByLabelText<HTMLInputElement>('Longitude').value).toBe(ctx.draft.longitude);
  d.getByRole('img', { name: `QR code for ${ctx.business.businessname}` });
  d.getByText('Customers scan this code with the app to follow your business.');
  for (const message of Object.values(ctx.fieldErrors)) expect(d.getAllByText(message!).length).toBeGreaterThan(0);
  if (!ctx.fieldErrors.businessname) expect(d.queryByText('Business Name is required.')).toBeNull();
  if (ctx.locationError) expect(d.getAllByRole('alert').map((a) => a.textContent)).toContain(ctx.locationError);
  if (ctx.error) expect(d.getAllByRole('alert').map((a) => a.textContent)).toContain(ctx.error);
}

describeFlow(businessProfileEntry, {
  spies: ['printQr'],
  render: (hooks, flow) => (
    <ProfileModal
      business={(flow.path.input as { business: BusinessProfile }).business}
      onSaved={flow.spy('onSaved')}
      onClose={flow.spy('onClose')}
      {...hooks}
    />
  ),
  perform: {
    'profile.edit': (e: { field: keyof typeof LABELS; value: string }) => {
      const field = screen.getByLabelText<HTMLInputElement>(LABELS[e.field]);
      // A path (PATHS=full) may type the value a field already holds: React drops a change to the same
      // value, so make its value tracker forget it, as typing it again over a selection would.
      if (field.value === e.value) {
        (field as unknown as { _valueTracker?: { setValue: (v: string) => void } })._valueTracker?.setValue(
          `${e.value}~`,
        );
      }
      fireEvent.change(field, { target: { value: e.value } });
    },
    'profile.locate': () => click('Pick Current Location'),
    'profile.print': (_e, flow) => {
      const before = flow.spy('printQr').mock.calls.length;
      click('Print QR Code');
      expect(flow.spy('printQr')).toHaveBeenCalledTimes(before + 1);
    },
    'profile.save': () => click('Save Profile'),
    // On the "Discard unsaved changes?" question, cancelling is Escape (heard wherever focus is).
    'profile.cancel': () =>
      question() ? fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' }) : click('Cancel'),
    'profile.keepEditing': () => click('Keep editing'),
    'profile.discard': () => click('Discard'),
  },
  expectUi: {
    editing: (s, flow) => {
      expectForm(s.context, flow);
      expect(question()).toBeNull();
      expect(disabled(screen.getByRole('button', { name: 'Save Profile' }))).toBe(false);
      expect(disabled(screen.getByRole('button', { name: 'Pick Current Location' }))).toBe(false);
    },
    locating: (s, flow) => {
      expectForm(s.context, flow);
      expect(disabled(screen.getByRole('button', { name: 'Locating...' }))).toBe(true);
      expect(disabled(screen.getByRole('button', { name: 'Save Profile' }))).toBe(true);
    },
    saving: (s, flow) => {
      expectForm(s.context, flow);
      expect(disabled(screen.getByRole('button', { name: 'Saving...' }))).toBe(true);
      expect(disabled(screen.getByLabelText('Business Name'))).toBe(true);
      expect(disabled(screen.getByRole('button', { name: 'Cancel' }))).toBe(true);
      // The PUT carries the trimmed draft and keeps the fields this dialog does not edit.
      expect(flow.fakes.saveProfile?.inputs.at(-1)).toMatchObject({
        businessname: live(flow).draft.businessname.trim(),
        timezone: s.context.business.timezone,
        logourl: s.context.business.logourl,
      });
    },
    error: (s, flow) => {
      expectForm(s.context, flow);
      expect(disabled(screen.getByRole('button', { name: 'Save Profile' }))).toBe(false);
    },
    confirmDiscard: (s, flow) => {
      expectForm(s.context, flow);
      const asked = question();
      expect(asked).not.toBeNull();
      expect(within(asked!).getByText('Your changes to the business profile have not been saved.')).toBeTruthy();
      expect(document.activeElement).toBe(within(asked!).getByRole('button', { name: 'Keep editing' }));
      expect(flow.spy('onClose')).not.toHaveBeenCalled();
    },
    saved: (s, flow) => {
      const saved = s.context.business as BusinessProfile;
      expect(flow.spy('onSaved')).toHaveBeenCalledTimes(1);
      expect(flow.spy('onSaved').mock.calls[0]?.[0]?.businessid).toBe(saved.businessid);
      expect(flow.spy('onClose')).toHaveBeenCalledTimes(1);
    },
    closed: (_s, flow) => {
      expect(flow.spy('onSaved')).not.toHaveBeenCalled();
      expect(flow.spy('onClose')).toHaveBeenCalledTimes(1);
    },
  },
});
