/**
 * Booking settings in Booking Setup (issue 24): when customers are reminded of a booking (or not at
 * all), until when they may cancel in the app, and whether the owner is e-mailed when a customer books
 * or cancels there. Loaded with the page, saved with one button. Effects: loadSettings, saveSettings.
 */
import { assertEvent, assign, setup } from 'xstate';
import type { BookingSettings } from '#contracts/bookings.ts';
import { failureOr, failureText, notProvided } from './lib/effects.ts';
import type { ViewTag } from './lib/tags.ts';

/** The form as the selects hold it: minutes as text, "off" for no reminders. */
export interface SettingsDraft {
  reminder: string;
  cutoff: string;
  notifyOwner: boolean;
}

export type SettingsField = keyof SettingsDraft;

export interface BookingSettingsContext {
  settings: BookingSettings | null;
  draft: SettingsDraft;
  /** True after a save until the next edit: "Booking settings saved." shows. */
  saved: boolean;
  /** The failure on show: "Could not load booking settings." in place of the form, or why a save failed. */
  error: string | null;
}

export type BookingSettingsEvent =
  | { type: 'settings.edit'; field: 'reminder' | 'cutoff'; value: string }
  | { type: 'settings.toggle'; value: boolean }
  | { type: 'settings.save' }
  | { type: 'settings.retry' };

export const SETTINGS_TEXTS = {
  title: 'Booking Settings',
  loading: 'Loading booking settings...',
  loadFailed: 'Could not load booking settings.',
  saveFailed: 'Failed to save booking settings.',
  saved: 'Booking settings saved.',
  save: 'Save Settings',
  saving: 'Saving...',
  reminder: 'Reminder e-mail to the customer',
  cutoff: 'Customers can cancel in the app until',
  notifyOwner: 'E-mail me when a customer books or cancels in the app',
} as const;

export const REMINDER_OFF = 'off';
/** The choices the selects offer (minutes); a value set otherwise (through the API) is offered too. */
export const REMINDER_CHOICES = [120, 240, 720, 1440, 2880, 4320];
export const CUTOFF_CHOICES = [0, 60, 120, 240, 720, 1440, 2880];

/** "24 hours before", "1 hour 30 minutes before", "Up to the start". */
export function leadText(minutes: number): string {
  if (minutes === 0) return 'Up to the start';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts = [
    ...(hours ? [`${hours} hour${hours === 1 ? '' : 's'}`] : []),
    ...(rest ? [`${rest} minute${rest === 1 ? '' : 's'}`] : []),
  ];
  return `${parts.join(' ')} before`;
}

export const draftOf = (s: BookingSettings): SettingsDraft => ({
  reminder: s.reminderLeadMinutes === null ? REMINDER_OFF : String(s.reminderLeadMinutes),
  cutoff: String(s.cancellationCutoffMinutes),
  notifyOwner: s.notifyOwnerOfBookings,
});

export const toSettings = (d: SettingsDraft): BookingSettings => ({
  reminderLeadMinutes: d.reminder === REMINDER_OFF ? null : Number(d.reminder),
  cancellationCutoffMinutes: Number(d.cutoff),
  notifyOwnerOfBookings: d.notifyOwner,
});

const emptyDraft: SettingsDraft = { reminder: '1440', cutoff: '120', notifyOwner: true };

export const bookingSettingsMachine = setup({
  types: {
    context: {} as BookingSettingsContext,
    events: {} as BookingSettingsEvent,
    tags: {} as ViewTag,
  },
  actors: {
    loadSettings: notProvided<BookingSettings>('loadSettings'),
    saveSettings: notProvided<BookingSettings, BookingSettings>('saveSettings'),
  },
}).createMachine({
  id: 'bookingSettings',
  context: { settings: null, draft: emptyDraft, saved: false, error: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'Booking Settings reads "Loading booking settings..."',
      tags: ['loading', 'busy'],
      invoke: {
        id: 'loadSettings',
        src: 'loadSettings',
        onDone: {
          target: 'ready',
          actions: assign({
            settings: ({ event }) => event.output,
            draft: ({ event }) => draftOf(event.output),
            error: null,
          }),
          description: 'The reminder, the cancellation cut-off and the owner e-mails show as saved',
        },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => failureOr(event.error, SETTINGS_TEXTS.loadFailed) }),
          description: 'The settings cannot be loaded: "Could not load booking settings."',
        },
      },
    },
    failed: {
      description: '"Could not load booking settings." with "Try again"',
      tags: ['error'],
      on: {
        'settings.retry': {
          target: 'loading',
          actions: assign({ error: null }),
          description: 'Press "Try again" under Booking Settings',
        },
      },
    },
    ready: {
      description: 'The form: the reminder, the cancellation cut-off, the owner e-mails and "Save Settings"',
      tags: ['ready'],
      initial: 'idle',
      states: {
        idle: {
          description: 'The form with "Save Settings" ready',
          on: {
            'settings.edit': {
              actions: assign({
                draft: ({ context, event }) => {
                  assertEvent(event, 'settings.edit');
                  return { ...context.draft, [event.field]: event.value };
                },
                saved: false,
                error: null,
              }),
              description: 'Choose another reminder time or cancellation cut-off',
            },
            'settings.toggle': {
              actions: assign({
                draft: ({ context, event }) => {
                  assertEvent(event, 'settings.toggle');
                  return { ...context.draft, notifyOwner: event.value };
                },
                saved: false,
                error: null,
              }),
              description: 'Tick or untick "E-mail me when a customer books or cancels in the app"',
            },
            'settings.save': {
              target: 'saving',
              actions: assign({ saved: false, error: null }),
              description: 'Press "Save Settings"',
            },
          },
        },
        saving: {
          description: 'The button reads "Saving..."; the form is off',
          tags: ['busy'],
          invoke: {
            id: 'saveSettings',
            src: 'saveSettings',
            input: ({ context }) => toSettings(context.draft),
            onDone: {
              target: 'idle',
              actions: assign({
                settings: ({ event }) => event.output,
                draft: ({ event }) => draftOf(event.output),
                saved: true,
              }),
              description: '"Booking settings saved." shows; reminders not yet sent follow the new time',
            },
            onError: {
              target: 'idle',
              actions: assign({ error: ({ event }) => failureText(event.error, SETTINGS_TEXTS.saveFailed) }),
              description: 'The server refuses or cannot be reached: its message shows under the form',
            },
          },
        },
      },
    },
  },
});
