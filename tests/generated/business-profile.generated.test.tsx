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

const LABELS = { businessname: 'Business Name', description: 'Description', address: 'Address' } as const;
const click = (name: string) => {
  fireEvent.click(screen.getByRole('button', { name }));
};
// :disabled also covers controls locked by their <fieldset disabled>.
const disabled = (el: HTMLElement) => el.matches(':disabled');
const dialog = () => screen.getByRole('dialog', { name: 'Business Profile' });

/** The running machine's context (what the view must show). */
const live = (flow: Flow) => flow.live().context as BusinessProfileContext;

/**
 * What every open state shows: the form with the draft, the QR card, the messages. Texts are compared with
 * the RUNNING machine (the path's key only says which messages are visible, not which name was typed).
 */
function expectForm(path: BusinessProfileContext, flow: Flow) {
  const ctx = live(flow);
  expect(!!ctx.fieldError).toBe(!!path.fieldError);
  expect(!!ctx.locationError).toBe(!!path.locationError);
  expect(!!ctx.errorMessage).toBe(!!path.errorMessage);
  const d = within(dialog());
  expect(d.getByLabelText<HTMLInputElement>('Business Name').value).toBe(ctx.draft.businessname);
  expect(d.getByLabelText<HTMLTextAreaElement>('Description').value).toBe(ctx.draft.description);
  expect(d.getByLabelText<HTMLInputElement>('Address').value).toBe(ctx.draft.address);
  expect(d.getByLabelText<HTMLInputElement>('Latitude').value).toBe(ctx.draft.latitude?.toFixed(6) ?? '');
  expect(d.getByLabelText<HTMLInputElement>('Longitude').value).toBe(ctx.draft.longitude?.toFixed(6) ?? '');
  d.getByRole('img', { name: `QR code for ${ctx.business.businessname}` });
  d.getByText('Customers scan this code with the app to follow your business.');
  if (ctx.fieldError) d.getByText(ctx.fieldError);
  else expect(d.queryByText('Business Name is required.')).toBeNull();
  if (ctx.locationError) expect(d.getAllByRole('alert').map((a) => a.textContent)).toContain(ctx.locationError);
  if (ctx.errorMessage) expect(d.getAllByRole('alert').map((a) => a.textContent)).toContain(ctx.errorMessage);
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
    'profile.edit': (e: { field: keyof typeof LABELS; value: string }) =>
      void fireEvent.change(screen.getByLabelText(LABELS[e.field]), { target: { value: e.value } }),
    'profile.locate': () => click('Pick Current Location'),
    'profile.print': (_e, flow) => {
      const before = flow.spy('printQr').mock.calls.length;
      click('Print QR Code');
      expect(flow.spy('printQr')).toHaveBeenCalledTimes(before + 1);
    },
    'profile.save': () => click('Save Profile'),
    'profile.cancel': () => click('Cancel'),
  },
  expectUi: {
    editing: (s, flow) => {
      expectForm(s.context, flow);
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
