/** Samples for the Business Profile dialog (opened with "Profile" in the top bar). */
import { businessProfileMachine, hasUnsavedEdits } from '../business-profile.machine.ts';
import { defineEntry, done, fail } from '../lib/entry.ts';
import { renamedBusiness, sampleBusiness } from './session.samples.ts';

export const businessProfileEntry = defineEntry({
  machine: businessProfileMachine,
  title: 'Business Profile (dialog from the top bar)',
  samples: [
    { type: 'profile.edit', field: 'businessname', value: '' },
    { type: 'profile.edit', field: 'businessname', value: 'Corner Cafe & Bakery' },
    { type: 'profile.edit', field: 'latitude', value: '52.520008' },
    { type: 'profile.edit', field: 'longitude', value: '200' },
    { type: 'profile.edit', field: 'longitude', value: '13.404954' },
    { type: 'profile.locate' },
    { type: 'profile.print' },
    { type: 'profile.save' },
    { type: 'profile.cancel' },
    { type: 'profile.keepEditing' },
    { type: 'profile.discard' },
    done('locate', { latitude: 52.520008, longitude: 13.404954 }),
    { type: 'xstate.error.actor.locate', error: { message: 'User denied Geolocation', code: 1 } },
    { type: 'xstate.error.actor.locate', error: { message: 'Position unavailable', code: 2 } },
    done('saveProfile', renamedBusiness),
    fail('saveProfile', { message: 'Business name must be at most 200 characters.' }),
    fail('saveProfile', { message: '' }),
  ],
  uiKey: (s) => ({
    state: s.value,
    nameEmpty: s.context.draft.businessname.trim() === '',
    fieldErrors: Object.keys(s.context.fieldErrors).sort(),
    locationError: !!s.context.locationError,
    error: !!s.context.errorMessage,
    edited: hasUnsavedEdits(s.context),
  }),
  inputs: [{ label: 'Press "Profile" in the top bar', input: { business: sampleBusiness } }],
  // Every transition once: the coordinates and the discard question multiply the screens a lot.
  coverage: 'each-transition-once',
});
