/**
 * The Business Profile dialog (spec §2 "Business Profile modal"): edit name, description, address and
 * the coordinates (typed, or filled from the device), print the QR code, save; unsaved edits are not
 * thrown away without asking. Effects are actors (`locate`, `saveProfile`) and actions (`printQr`,
 * `reportSaved`, `closeDialog`) provided by the app or a test.
 */
import { assertEvent, assign, setup } from 'xstate';
import {
  type BusinessProfile,
  type BusinessProfileUpdate,
  COORDINATES_TOGETHER,
  type CoordinateRange,
  coordinateMessages,
  LATITUDE,
  LONGITUDE,
} from '#contracts/businesses.ts';
import { failureText, notProvided } from './lib/effects.ts';
import type { ViewTag } from './lib/tags.ts';

export type ProfileField = 'businessname' | 'description' | 'address' | 'latitude' | 'longitude';

/** What the owner sees in the fields: text as typed (the coordinates too, until they are saved). */
export interface ProfileDraft {
  businessname: string;
  description: string;
  address: string;
  latitude: string;
  longitude: string;
}

export type FieldErrors = Partial<Record<ProfileField, string>>;

export interface BusinessProfileContext {
  business: BusinessProfile;
  draft: ProfileDraft;
  fieldErrors: FieldErrors;
  /** The Location group's own message (the device would not say where it is), beside the button. */
  locationError: string | null;
  /** The failure on show: why the save failed, in the dialog's alert. */
  error: string | null;
}

export type BusinessProfileEvent =
  | { type: 'profile.edit'; field: ProfileField; value: string }
  | { type: 'profile.locate' }
  | { type: 'profile.print' }
  | { type: 'profile.save' }
  | { type: 'profile.cancel' }
  | { type: 'profile.keepEditing' }
  | { type: 'profile.discard' };

/** What the `locate` actor rejects with: a GeolocationPositionError code, or 'unsupported'. */
export interface LocateFailure {
  code: number | 'unsupported';
}

export const NAME_REQUIRED = 'Business Name is required.';
export const LOCATION_DENIED = 'Location permission was denied. You can type the coordinates instead.';
export const LOCATION_UNSUPPORTED = 'This browser cannot share your location. You can type the coordinates instead.';
export const LOCATION_FAILED = 'Could not get your location. You can type the coordinates instead.';
export const SAVE_FAILED = 'An unknown network error occurred.';
/** The shell's confirmation after a successful save. */
export const PROFILE_SAVED = 'Profile saved.';
export const DISCARD_TITLE = 'Discard unsaved changes?';
export const DISCARD_TEXT = 'Your changes to the business profile have not been saved.';

/** Coordinates are shown (and filled from the device) with 6 decimals, about 11 cm. */
export const COORDINATE_DECIMALS = 6;
export const formatCoordinate = (value: number | null) => (value === null ? '' : value.toFixed(COORDINATE_DECIMALS));

const PERMISSION_DENIED = 1; // GeolocationPositionError.PERMISSION_DENIED

const locationText = (error: unknown) => {
  const code = (error as Partial<LocateFailure> | null)?.code;
  if (code === PERMISSION_DENIED) return LOCATION_DENIED;
  if (code === 'unsupported') return LOCATION_UNSUPPORTED;
  return LOCATION_FAILED;
};

/** Typed text → a number, null for empty, or the field's message. A decimal comma is accepted too. */
export function parseCoordinate(text: string, range: CoordinateRange): { value: number | null } | { error: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { value: null };
  const messages = coordinateMessages(range);
  if (!/^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/.test(trimmed)) return { error: messages.notNumber };
  const value = Number(trimmed.replace(',', '.'));
  if (value < range.min || value > range.max) return { error: messages.outOfRange };
  return { value };
}

const coordinateValue = (text: string, range: CoordinateRange) => {
  const parsed = parseCoordinate(text, range);
  return 'value' in parsed ? parsed.value : null;
};

/** Every field's message for the draft as it stands (empty when it can be saved). */
export function draftErrors(draft: ProfileDraft): FieldErrors {
  const errors: FieldErrors = {};
  if (draft.businessname.trim() === '') errors.businessname = NAME_REQUIRED;
  const latitude = parseCoordinate(draft.latitude, LATITUDE);
  const longitude = parseCoordinate(draft.longitude, LONGITUDE);
  if ('error' in latitude) errors.latitude = latitude.error;
  if ('error' in longitude) errors.longitude = longitude.error;
  if ('value' in latitude && 'value' in longitude && (latitude.value === null) !== (longitude.value === null)) {
    errors[latitude.value === null ? 'latitude' : 'longitude'] = COORDINATES_TOGETHER;
  }
  return errors;
}

const draftOf = (b: BusinessProfile): ProfileDraft => ({
  businessname: b.businessname,
  description: b.description ?? '',
  address: b.address ?? '',
  latitude: formatCoordinate(b.latitude),
  longitude: formatCoordinate(b.longitude),
});

/** True when the draft differs from the saved profile in anything that would be saved. */
export function hasUnsavedEdits({ business, draft }: BusinessProfileContext): boolean {
  const saved = draftOf(business);
  const texts = ['businessname', 'description', 'address'] as const;
  if (texts.some((field) => draft[field].trim() !== saved[field].trim())) return true;
  const same = (field: 'latitude' | 'longitude', range: CoordinateRange) => {
    const a = parseCoordinate(draft[field], range);
    const b = parseCoordinate(saved[field], range);
    return 'value' in a && 'value' in b ? a.value === b.value : draft[field].trim() === saved[field].trim();
  };
  return !same('latitude', LATITUDE) || !same('longitude', LONGITUDE);
}

/** The PUT body: empty texts become null; the fields this dialog does not edit are sent back unchanged. */
export const toUpdate = ({ business, draft }: BusinessProfileContext): BusinessProfileUpdate => ({
  businessname: draft.businessname.trim(),
  description: draft.description.trim() || null,
  address: draft.address.trim() || null,
  latitude: coordinateValue(draft.latitude, LATITUDE),
  longitude: coordinateValue(draft.longitude, LONGITUDE),
  logourl: business.logourl,
  timezone: business.timezone,
});

const editTransition = { actions: 'edit' } as const;

export const businessProfileMachine = setup({
  types: {
    input: {} as { business: BusinessProfile },
    context: {} as BusinessProfileContext,
    events: {} as BusinessProfileEvent,
    tags: {} as ViewTag | 'locating',
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
      // A field's message goes away as soon as that field is fixed (the coordinates as a pair).
      const now = draftErrors(draft);
      const fieldErrors: FieldErrors = {};
      for (const [field, message] of Object.entries(context.fieldErrors) as Array<[ProfileField, string]>) {
        const pair = field === 'latitude' || field === 'longitude';
        const touched = field === event.field || (pair && (event.field === 'latitude' || event.field === 'longitude'));
        if (!touched) fieldErrors[field] = message;
        else if (now[field]) fieldErrors[field] = now[field];
      }
      return { draft, fieldErrors };
    }),
    showFieldErrors: assign({ fieldErrors: ({ context }) => draftErrors(context.draft) }),
  },
  guards: {
    draftInvalid: ({ context }) => Object.keys(draftErrors(context.draft)).length > 0,
    hasUnsavedEdits: ({ context }) => hasUnsavedEdits(context),
  },
}).createMachine({
  id: 'businessProfile',
  context: ({ input }) => ({
    business: input.business,
    draft: draftOf(input.business),
    fieldErrors: {},
    locationError: null,
    error: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      description:
        'The Business Profile dialog shows Business Name, Description, Address, Latitude, Longitude, the QR code, Cancel and Save Profile',
      on: {
        'profile.edit': { ...editTransition, description: 'Type in a field' },
        'profile.locate': {
          target: 'locating',
          actions: assign({ locationError: null }),
          description: 'Press "Pick Current Location"',
        },
        'profile.print': { actions: 'printQr', description: 'Press "Print QR Code"; only the QR card is printed' },
        'profile.save': [
          {
            guard: 'draftInvalid',
            actions: 'showFieldErrors',
            description:
              'Press "Save Profile" with an empty Business Name or a latitude/longitude that is not a number in range; each wrong field says why',
          },
          { target: 'saving', description: 'Press "Save Profile" with every field valid' },
        ],
        'profile.cancel': [
          {
            guard: 'hasUnsavedEdits',
            target: 'confirmDiscard',
            description: 'Press "Cancel", the close button or Escape after changing something',
          },
          { target: 'closed', description: 'Press "Cancel", the close button or Escape without changes' },
        ],
      },
    },
    locating: {
      description: 'The browser asks for the device location; "Locating..." is shown on the button',
      tags: ['locating'],
      invoke: {
        id: 'locate',
        src: 'locate',
        onDone: {
          target: 'editing',
          actions: assign(({ context, event }) => {
            const draft = {
              ...context.draft,
              latitude: formatCoordinate(event.output.latitude),
              longitude: formatCoordinate(event.output.longitude),
            };
            const { latitude: _lat, longitude: _lng, ...others } = context.fieldErrors;
            return { draft, fieldErrors: others, locationError: null };
          }),
          description: 'The device shares its position; Latitude and Longitude are filled in (6 decimals)',
        },
        onError: {
          target: 'editing',
          actions: assign({ locationError: ({ event }) => locationText(event.error) }),
          description: 'The location is denied or unavailable; a message suggests typing the coordinates',
        },
      },
      on: {
        'profile.edit': { ...editTransition, description: 'Type in a field while the location is being found' },
        'profile.cancel': [
          {
            guard: 'hasUnsavedEdits',
            target: 'confirmDiscard',
            description: 'Press "Cancel" while the location is being found, after changing something',
          },
          { target: 'closed', description: 'Press "Cancel" while the location is being found, without changes' },
        ],
      },
    },
    saving: {
      description:
        'The profile is being saved; the Save button reads "Saving...", the fields, Cancel and the close button are off',
      tags: ['busy'],
      invoke: {
        id: 'saveProfile',
        src: 'saveProfile',
        input: ({ context }) => toUpdate(context),
        onDone: {
          target: 'saved',
          actions: { type: 'reportSaved', params: ({ event }) => ({ business: event.output }) },
          description:
            'The server saves the profile; the dialog closes, "Profile saved." shows and the sidebar shows the new name',
        },
        onError: {
          target: 'error',
          actions: assign({ error: ({ event }) => failureText(event.error, SAVE_FAILED) }),
          description: 'The server refuses or cannot be reached; its message is shown',
        },
      },
    },
    error: {
      description: 'The form is shown again with an alert holding the reason the save failed',
      tags: ['error'],
      on: {
        'profile.edit': {
          target: 'editing',
          actions: ['edit', assign({ error: null })],
          description: 'Change a field after a failed save; the alert goes away',
        },
        'profile.locate': {
          target: 'locating',
          actions: assign({ error: null, locationError: null }),
          description: 'Press "Pick Current Location" after a failed save',
        },
        'profile.print': { actions: 'printQr', description: 'Press "Print QR Code" after a failed save' },
        // Edits leave this state, so the draft here is the one that just failed to save: it is valid.
        'profile.save': {
          target: 'saving',
          actions: assign({ error: null }),
          description: 'Press "Save Profile" again to retry',
        },
        'profile.cancel': [
          {
            guard: 'hasUnsavedEdits',
            target: 'confirmDiscard',
            actions: assign({ error: null }),
            description: 'Press "Cancel" after a failed save of changes',
          },
          { target: 'closed', description: 'Press "Cancel" after a failed save of an unchanged profile' },
        ],
      },
    },
    confirmDiscard: {
      description:
        'A question "Discard unsaved changes?" covers the dialog, with "Keep editing" (focused) and "Discard"',
      tags: ['confirm'],
      on: {
        'profile.keepEditing': {
          target: 'editing',
          description: 'Press "Keep editing"; the dialog shows the changes as they were',
        },
        'profile.cancel': {
          target: 'editing',
          description: 'Press Escape or the close button of the question; back to editing, nothing is lost',
        },
        'profile.discard': { target: 'closed', description: 'Press "Discard"; the dialog closes, nothing is saved' },
      },
    },
    saved: { type: 'final', description: 'The dialog has closed after saving', entry: 'closeDialog' },
    closed: { type: 'final', description: 'The dialog has closed without saving', entry: 'closeDialog' },
  },
});
