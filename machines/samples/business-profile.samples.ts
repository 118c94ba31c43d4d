/** Samples for the Business Profile dialog (opened with "Profile" in the top bar), on the seeded business. */
import { businessProfileMachine, hasUnsavedEdits, type ProfileField } from '../business-profile.machine.ts';
import { defineEntry, done, fail, note } from '../lib/entry.ts';
import { demoBusiness, demoOwner, renamedBusiness, renamedBusinessName } from './demo.samples.ts';

const edit = (field: ProfileField, value: string, say: string) => note({ type: 'profile.edit', field, value }, { say });
const nameEdit = (value: string, say: string) => edit('businessname', value, say);

const LABELS: Record<ProfileField, string> = {
  businessname: 'Business Name',
  description: 'Description',
  address: 'Address',
  latitude: 'Latitude',
  longitude: 'Longitude',
};

export const businessProfileEntry = defineEntry({
  machine: businessProfileMachine,
  title: 'Business Profile (dialog from the top bar)',
  samples: [
    nameEdit('', 'clear Business Name'),
    nameEdit('   ', 'replace Business Name with three spaces'),
    // Spaces around the name: the dialog saves it trimmed.
    nameEdit(
      `  ${renamedBusinessName}  `,
      `replace Business Name with \`  ${renamedBusinessName}  \` (two spaces before and after)`,
    ),
    // The coordinates are typed too: one left empty, one out of range, then put right.
    edit('latitude', '', 'clear Latitude'),
    edit('longitude', '200', 'replace Longitude with `200`'),
    edit('longitude', '-1.1084', 'replace Longitude with `-1.1084`'),
    { type: 'profile.locate' },
    note({ type: 'profile.print' }, { say: "close the browser's print dialog again" }),
    { type: 'profile.save' },
    { type: 'profile.cancel' },
    { type: 'profile.keepEditing' },
    { type: 'profile.discard' },
    note(done('locate', { latitude: 52.520008, longitude: 13.404954 }), {
      action: 'Allow the browser to share your location (Chromium: "Allow" in the prompt)',
    }),
    note(
      { type: 'xstate.error.actor.locate', error: { message: 'User denied Geolocation', code: 1 } },
      { action: 'Block the location request (Chromium: "Block" in the prompt, or site settings → Location → Block)' },
    ),
    note(
      { type: 'xstate.error.actor.locate', error: { message: 'Position unavailable', code: 2 } },
      {
        action:
          'Allow the location request while DevTools → More tools → Sensors → Location is set to "Location unavailable"',
      },
    ),
    done('saveProfile', renamedBusiness),
    // The network failure first: a retry after it succeeds, so paths that retry stay walkable by hand.
    note(fail('saveProfile', { message: '', network: true }), {
      arrange: 'stop the server (Ctrl+C where `npm start` runs) and start it again after this step',
    }),
    note(fail('saveProfile', { message: 'Business name must be at most 200 characters.' }), {
      arrange: 'Type a Business Name longer than 200 characters (paste a long sentence a few times)',
    }),
  ],
  uiKey: (s) => ({
    state: s.value,
    nameEmpty: s.context.draft.businessname.trim() === '',
    fieldErrors: Object.keys(s.context.fieldErrors).sort(),
    locationError: !!s.context.locationError,
    error: !!s.context.error,
    edited: hasUnsavedEdits(s.context),
  }),
  inputs: [
    {
      label: 'Press "Profile" in the top bar',
      input: { business: demoBusiness },
      start: {
        url: '/',
        signedInAs: demoOwner,
        andThen: 'press "Profile" in the top bar',
        note: `Saving renames the demo business: afterwards set Business Name back to "${demoBusiness.businessname}"`,
      },
    },
  ],
  plan: {
    // The browser's location prompt waits for the person.
    lasting: ['locating'],
    shows: (s) => {
      if (s.status !== 'active') return [];
      // The failed save's alert is printed from the state's 'error' tag (the plan's "The alert reads").
      const { fieldErrors, locationError } = s.context;
      const marked = Object.entries(fieldErrors) as Array<[ProfileField, string]>;
      return [
        ...(s.context.draft.businessname.trim() === '' ? ['Business Name is empty'] : []),
        ...marked.map(([field, message]) => `Under ${LABELS[field]}: "${message}"`),
        ...(locationError ? [`Beside the location: "${locationError}"`] : []),
      ];
    },
    test: 'tests/generated/business-profile.generated.test.tsx',
    usesUp: "Saving changes the demo business's profile: put the values back, or a fresh seed puts it back",
  },
});
