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

const LABELS = { businessname: 'Business Name', description: 'Description', address: 'Address' } as const;
const click = (name: string) => {
  fireEvent.click(screen.getByRole('button', { name }));
};
// :disabled also covers controls locked by their <fieldset disabled>.
const disabled = (el: HTMLElement) => el.matches(':disabled');
const dialog = () => screen.getByRole('dialog', { name: 'Business Profile' });

/** The running machine's context (what the view must show). */
const live = (m: ProfileMounted, fallback: BusinessProfileContext) =>
  (m.recorder.latest('businessProfile')?.context ?? fallback) as BusinessProfileContext;

/**
 * What every open state shows: the form with the draft, the QR card, the messages. Texts are compared with
 * the RUNNING machine (the path's key only says which messages are visible, not which name was typed).
 */
function expectForm(path: BusinessProfileContext, m: ProfileMounted) {
  const ctx = live(m, path);
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
    'profile.cancel': () => click('Cancel'),
  },
  expectUi: {
    editing: (s, m) => {
      expectForm(s.context, m);
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
