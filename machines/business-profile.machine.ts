/**
 * The Business Profile dialog (spec §2 "Business Profile modal"): edit name, description and address,
 * fill latitude/longitude from the device, print the QR code, save. Effects are actors (`locate`,
 * `saveProfile`) and actions (`printQr`, `reportSaved`, `closeDialog`) provided by the app or a test.
 */
import { assertEvent, assign, setup } from 'xstate';
import type { BusinessProfile, BusinessProfileUpdate } from '#contracts/businesses.ts';
import { failureText, notProvided } from './lib/effects.ts';

export type ProfileField = 'businessname' | 'description' | 'address';

export interface ProfileDraft {
  businessname: string;
  description: string;
  address: string;
  latitude: number | null;
  longitude: number | null;
}

export interface BusinessProfileContext {
  business: BusinessProfile;
  draft: ProfileDraft;
  fieldError: string | null;
  locationError: string | null;
  errorMessage: string | null;
}

export type BusinessProfileEvent =
  | { type: 'profile.edit'; field: ProfileField; value: string }
  | { type: 'profile.locate' }
  | { type: 'profile.print' }
  | { type: 'profile.save' }
  | { type: 'profile.cancel' };

/** What the `locate` actor rejects with: a GeolocationPositionError code, or 'unsupported'. */
export interface LocateFailure {
  code: number | 'unsupported';
}

export const NAME_REQUIRED = 'Business Name is required.';
export const LOCATION_DENIED = 'Location permission was denied. You can type the address instead.';
export const LOCATION_UNSUPPORTED = 'This browser cannot share your location. You can type the address instead.';
export const LOCATION_FAILED = 'Could not get your location. You can type the address instead.';
export const SAVE_FAILED = 'An unknown network error occurred.';

const PERMISSION_DENIED = 1; // GeolocationPositionError.PERMISSION_DENIED

const locationText = (error: unknown) => {
  const code = (error as Partial<LocateFailure> | null)?.code;
  if (code === PERMISSION_DENIED) return LOCATION_DENIED;
  if (code === 'unsupported') return LOCATION_UNSUPPORTED;
  return LOCATION_FAILED;
};

const draftOf = (b: BusinessProfile): ProfileDraft => ({
  businessname: b.businessname,
  description: b.description ?? '',
  address: b.address ?? '',
  latitude: b.latitude,
  longitude: b.longitude,
});

/** The PUT body: empty texts become null; the fields this dialog does not edit are sent back unchanged. */
export const toUpdate = ({ business, draft }: BusinessProfileContext): BusinessProfileUpdate => ({
  businessname: draft.businessname.trim(),
  description: draft.description.trim() || null,
  address: draft.address.trim() || null,
  latitude: draft.latitude,
  longitude: draft.longitude,
  logourl: business.logourl,
  timezone: business.timezone,
});

export const businessProfileMachine = setup({
  types: {
    input: {} as { business: BusinessProfile },
    context: {} as BusinessProfileContext,
    events: {} as BusinessProfileEvent,
    tags: {} as 'busy',
  },
  actors: {
    locate: notProvided<{ latitude: number; longitude: number }>('locate'),
    saveProfile: notProvided<BusinessProfile, BusinessProfileUpdate>('saveProfile'),
  },
  actions: {
    printQr: () => {
      throw new Error('printQr is not provided; pass it with machine.provide');
    },
    reportSaved: (_, _params: { business: BusinessProfile }) => {},
    closeDialog: () => {},
    edit: assign(({ context, event }) => {
      assertEvent(event, 'profile.edit');
      const draft = { ...context.draft, [event.field]: event.value };
      // The name error goes away as soon as there is a name again.
      const fieldError = event.field === 'businessname' && event.value.trim() ? null : context.fieldError;
      return { draft, fieldError };
    }),
  },
  guards: {
    nameMissing: ({ context }) => context.draft.businessname.trim() === '',
  },
}).createMachine({
  id: 'businessProfile',
  context: ({ input }) => ({
    business: input.business,
    draft: draftOf(input.business),
    fieldError: null,
    locationError: null,
    errorMessage: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      description:
        'The Business Profile dialog shows Business Name, Description, Address, the location, the QR code, Cancel and Save Profile',
      on: {
        'profile.edit': { actions: 'edit', description: 'Type in Business Name, Description or Address' },
        'profile.locate': {
          target: 'locating',
          actions: assign({ locationError: null }),
          description: 'Press "Pick Current Location"',
        },
        'profile.print': { actions: 'printQr', description: 'Press "Print QR Code"; only the QR card is printed' },
        'profile.save': [
          {
            guard: 'nameMissing',
            actions: assign({ fieldError: NAME_REQUIRED }),
            description: 'Press "Save Profile" with an empty Business Name',
          },
          { target: 'saving', description: 'Press "Save Profile" with a Business Name' },
        ],
        'profile.cancel': { target: 'closed', description: 'Press "Cancel", the close button or Escape' },
      },
    },
    locating: {
      description: 'The browser asks for the device location; "Locating..." is shown on the button',
      invoke: {
        id: 'locate',
        src: 'locate',
        onDone: {
          target: 'editing',
          actions: assign({
            draft: ({ context, event }) => ({ ...context.draft, ...event.output }),
            locationError: null,
          }),
          description: 'The device shares its position; latitude and longitude are filled in (6 decimals)',
        },
        onError: {
          target: 'editing',
          actions: assign({ locationError: ({ event }) => locationText(event.error) }),
          description: 'The location is denied or unavailable; a message suggests typing the address',
        },
      },
      on: {
        'profile.edit': { actions: 'edit', description: 'Type in a field while the location is being found' },
        'profile.cancel': { target: 'closed', description: 'Press "Cancel" while the location is being found' },
      },
    },
    saving: {
      description: 'The profile is being saved; the Save button reads "Saving..." and the form is locked',
      tags: 'busy',
      invoke: {
        id: 'saveProfile',
        src: 'saveProfile',
        input: ({ context }) => toUpdate(context),
        onDone: {
          target: 'saved',
          actions: { type: 'reportSaved', params: ({ event }) => ({ business: event.output }) },
          description: 'The server saves the profile; the dialog closes and the sidebar shows the new name',
        },
        onError: {
          target: 'error',
          actions: assign({ errorMessage: ({ event }) => failureText(event.error, SAVE_FAILED) }),
          description: 'The server refuses or cannot be reached; its message is shown',
        },
      },
    },
    error: {
      description: 'The form is shown again with an alert holding the reason the save failed',
      on: {
        'profile.edit': {
          target: 'editing',
          actions: ['edit', assign({ errorMessage: null })],
          description: 'Change a field after a failed save; the alert goes away',
        },
        'profile.locate': {
          target: 'locating',
          actions: assign({ errorMessage: null, locationError: null }),
          description: 'Press "Pick Current Location" after a failed save',
        },
        'profile.print': { actions: 'printQr', description: 'Press "Print QR Code" after a failed save' },
        // Edits leave this state, so the name here is the one that just failed to save: never empty.
        'profile.save': {
          target: 'saving',
          actions: assign({ errorMessage: null }),
          description: 'Press "Save Profile" again to retry',
        },
        'profile.cancel': { target: 'closed', description: 'Press "Cancel" after a failed save' },
      },
    },
    saved: { type: 'final', description: 'The dialog has closed after saving', entry: 'closeDialog' },
    closed: { type: 'final', description: 'The dialog has closed without saving', entry: 'closeDialog' },
  },
});
