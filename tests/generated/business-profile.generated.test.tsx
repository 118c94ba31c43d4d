/**
 * Every transition of the Business Profile machine, played through the real dialog with fake effects
 * (device location, API, printer). Paths and the QA plan come from the same registry entry.
 */
import { fireEvent, render, screen, within } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { SimulatedClock } from 'xstate';
import type { BusinessProfile, BusinessProfileUpdate } from '#contracts/businesses.ts';
import { type BusinessProfileContext, businessProfileMachine } from '#machines/business-profile.machine.ts';
import { businessProfileEntry } from '#machines/samples/business-profile.samples.ts';
import ProfileModal from '#src/features/profile/profile-modal.tsx';
import { InspectContext } from '#src/lib/inspect.ts';
import { controllable, describeMachinePaths, type MachinePath, type Mounted, recorder } from './harness.tsx';

interface ProfileMounted extends Mounted {
  onSaved: ReturnType<typeof vi.fn>;
  onClose: ReturnType<typeof vi.fn>;
  printQr: ReturnType<typeof vi.fn>;
}

function mount(path: MachinePath): ProfileMounted {
  const { business } = path.input as { business: BusinessProfile };
  const locate = controllable<{ latitude: number; longitude: number }, void>();
  const saveProfile = controllable<BusinessProfile, BusinessProfileUpdate>();
  const rec = recorder();
  const onSaved = vi.fn();
  const onClose = vi.fn();
  const printQr = vi.fn();
  const logic = businessProfileMachine.provide({
    actors: { locate: locate.logic, saveProfile: saveProfile.logic },
    actions: { printQr },
  });
  render(
    <InspectContext.Provider value={rec.inspect}>
      <ProfileModal business={business} onSaved={onSaved} onClose={onClose} logic={logic} />
    </InspectContext.Provider>,
  );
  return { fakes: { locate, saveProfile }, clock: new SimulatedClock(), recorder: rec, onSaved, onClose, printQr };
}

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
const live = (m: ProfileMounted, fallback: BusinessProfileContext) =>
  (m.recorder.latest('businessProfile')?.context ?? fallback) as BusinessProfileContext;

/**
 * What every open state shows: the form with the draft, the QR card, the messages. Texts are compared with
 * the RUNNING machine (the path's key only says which messages are visible, not which name was typed).
 */
function expectForm(path: BusinessProfileContext, m: ProfileMounted) {
  const ctx = live(m, path);
  expect(Object.keys(ctx.fieldErrors).sort()).toEqual(Object.keys(path.fieldErrors).sort());
  expect(!!ctx.locationError).toBe(!!path.locationError);
  expect(!!ctx.errorMessage).toBe(!!path.errorMessage);
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
  if (ctx.errorMessage) expect(d.getAllByRole('alert').map((a) => a.textContent)).toContain(ctx.errorMessage);
}

describeMachinePaths<ProfileMounted>(businessProfileEntry, {
  mount,
  perform: {
    'profile.edit': (e: { field: keyof typeof LABELS; value: string }) =>
      void fireEvent.change(screen.getByLabelText(LABELS[e.field]), { target: { value: e.value } }),
    'profile.locate': () => click('Pick Current Location'),
    'profile.print': (_e, m) => {
      const before = m.printQr.mock.calls.length;
      click('Print QR Code');
      expect(m.printQr).toHaveBeenCalledTimes(before + 1);
    },
    'profile.save': () => click('Save Profile'),
    // On the "Discard unsaved changes?" question, cancelling is Escape (heard wherever focus is).
    'profile.cancel': () =>
      question() ? fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' }) : click('Cancel'),
    'profile.keepEditing': () => click('Keep editing'),
    'profile.discard': () => click('Discard'),
  },
  expectUi: {
    editing: (s, m) => {
      expectForm(s.context, m);
      expect(question()).toBeNull();
      expect(disabled(screen.getByRole('button', { name: 'Save Profile' }))).toBe(false);
      expect(disabled(screen.getByRole('button', { name: 'Pick Current Location' }))).toBe(false);
    },
    locating: (s, m) => {
      expectForm(s.context, m);
      expect(disabled(screen.getByRole('button', { name: 'Locating...' }))).toBe(true);
      expect(disabled(screen.getByRole('button', { name: 'Save Profile' }))).toBe(true);
    },
    saving: (s, m) => {
      expectForm(s.context, m);
      expect(disabled(screen.getByRole('button', { name: 'Saving...' }))).toBe(true);
      expect(disabled(screen.getByLabelText('Business Name'))).toBe(true);
      expect(disabled(screen.getByRole('button', { name: 'Cancel' }))).toBe(true);
      // The PUT carries the trimmed draft and keeps the fields this dialog does not edit.
      expect(m.fakes.saveProfile?.inputs.at(-1)).toMatchObject({
        businessname: live(m, s.context).draft.businessname.trim(),
        timezone: s.context.business.timezone,
        logourl: s.context.business.logourl,
      });
    },
    error: (s, m) => {
      expectForm(s.context, m);
      expect(disabled(screen.getByRole('button', { name: 'Save Profile' }))).toBe(false);
    },
    confirmDiscard: (s, m) => {
      expectForm(s.context, m);
      const asked = question();
      expect(asked).not.toBeNull();
      expect(within(asked!).getByText('Your changes to the business profile have not been saved.')).toBeTruthy();
      expect(document.activeElement).toBe(within(asked!).getByRole('button', { name: 'Keep editing' }));
      expect(m.onClose).not.toHaveBeenCalled();
    },
    saved: (s, m) => {
      const saved = s.context.business as BusinessProfile;
      expect(m.onSaved).toHaveBeenCalledTimes(1);
      expect(m.onSaved.mock.calls[0]?.[0]?.businessid).toBe(saved.businessid);
      expect(m.onClose).toHaveBeenCalledTimes(1);
    },
    closed: (_s, m) => {
      expect(m.onSaved).not.toHaveBeenCalled();
      expect(m.onClose).toHaveBeenCalledTimes(1);
    },
  },
});
