/**
 * Booking Setup's resources (spec §2 "Booking Setup", §5 "Resource form"): the list, Create New Resource
 * (after the package's limit check) and Edit Resource, Confirm Deletion (the schedule goes too; bookings
 * still ahead are named and cancelled only when the owner confirms again), and the schedule dialog.
 * Effects: loadResources, canAddResource, saveResource, deleteResource.
 */
import { assertEvent, assign, setup } from 'xstate';
import { BOOKING_TEXTS, MAX_CAPACITY, type Resource } from '#contracts/bookings.ts';
import { resourceLimitReached } from '#contracts/limits.ts';
import { confirmThenRun } from './lib/confirm.ts';
import { failureOr, failureText, notProvided } from './lib/effects.ts';
import type { ViewTag } from './lib/tags.ts';

export type ResourceField = 'resourcename' | 'description' | 'capacity' | 'isactive';

export interface ResourceDraft {
  resourcename: string;
  description: string;
  capacity: string;
  isactive: boolean;
}

export interface SaveResource {
  resourceid: string | null;
  body: { resourcename: string; description: string | null; capacity: number; isactive: boolean };
}

export interface SetupContext {
  resources: Resource[];
  /**
   * The failure on show: "Could not load resources." in place of the list; over the list the limit
   * reached or a failed deletion; in the resource dialog a refused save; in Confirm Deletion the
   * server's word that bookings lie ahead.
   */
  error: string | null;
  /** The resource being edited, deleted or scheduled (null: a new one). */
  target: string | null;
  draft: ResourceDraft;
  fieldErrors: Partial<Record<ResourceField, string>>;
  /** Bookings still ahead of the resource to delete, once the server named them (409). */
  futureBookings: number;
}

export type SetupEvent =
  | { type: 'setup.retry' }
  | { type: 'setup.new' }
  | { type: 'setup.edit'; resourceid: string }
  | { type: 'setup.change'; field: ResourceField; value: string | boolean }
  | { type: 'setup.save' }
  | { type: 'setup.cancel' }
  | { type: 'setup.delete'; resourceid: string }
  | { type: 'setup.confirmDelete' }
  | { type: 'setup.schedule'; resourceid: string }
  | { type: 'setup.closeSchedule' };

export const SETUP_TEXTS = {
  nameRequired: 'Name is required.',
  capacityRange: `Capacity must be a whole number from 1 to ${MAX_CAPACITY}.`,
  deleted: 'Resource deleted.',
} as const;

const EMPTY: ResourceDraft = { resourcename: '', description: '', capacity: '1', isactive: true };

export function resourceErrors(draft: ResourceDraft): SetupContext['fieldErrors'] {
  const errors: SetupContext['fieldErrors'] = {};
  if (draft.resourcename.trim() === '') errors.resourcename = SETUP_TEXTS.nameRequired;
  const capacity = draft.capacity.trim();
  if (!/^\d+$/.test(capacity) || Number(capacity) < 1 || Number(capacity) > MAX_CAPACITY) {
    errors.capacity = SETUP_TEXTS.capacityRange;
  }
  return errors;
}

const byId = (context: SetupContext, id: string | null) => context.resources.find((r) => r.resourceid === id);
const picked = ({ event }: { event: SetupEvent }) =>
  'resourceid' in event ? (event as { resourceid: string }).resourceid : null;

const bookingSetup = setup({
  types: { context: {} as SetupContext, events: {} as SetupEvent, tags: {} as ViewTag | 'checking' },
  actors: {
    loadResources: notProvided<Resource[]>('loadResources'),
    canAddResource: notProvided<{ canAdd: boolean; limit: number }>('canAddResource'),
    saveResource: notProvided<Resource, SaveResource>('saveResource'),
    deleteResource: notProvided<{ message: string }, { resourceid: string; cancelFutureBookings: boolean }>(
      'deleteResource',
    ),
  },
  actions: { reportDeleted: (_, _params: { message: string }) => {} },
  guards: {
    listed: ({ context, event }) => 'resourceid' in event && !!byId(context, picked({ event })),
    draftInvalid: ({ context }) => Object.keys(resourceErrors(context.draft)).length > 0,
    atLimit: ({ event }) => (event as unknown as { output: { canAdd: boolean } }).output.canAdd === false,
    hasFutureBookings: ({ event }) => (event as { error?: { status?: number } }).error?.status === 409,
  },
});

export const bookingSetupMachine = bookingSetup.createMachine({
  id: 'bookingSetup',
  context: { resources: [], error: null, target: null, draft: EMPTY, fieldErrors: {}, futureBookings: 0 },
  initial: 'loading',
  states: {
    loading: {
      description: 'Placeholder rows show while the resources load',
      tags: ['loading', 'busy'],
      invoke: {
        id: 'loadResources',
        src: 'loadResources',
        onDone: {
          target: 'ready',
          actions: assign({ resources: ({ event }) => event.output, error: null }),
          description:
            'Each resource shows its name, "Capacity: N", Active or Inactive, and Schedule, Edit, Delete (or "No bookable resources found. Add one to get started!")',
        },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => failureOr(event.error, BOOKING_TEXTS.resourcesFailed) }),
          description: 'The resources cannot be loaded: "Could not load resources."',
        },
      },
    },
    failed: {
      description: '"Could not load resources." with "Try again"',
      tags: ['error'],
      on: { 'setup.retry': { target: 'loading', actions: assign({ error: null }), description: 'Press "Try again"' } },
    },
    ready: {
      description: 'The resources of the business',
      tags: ['ready'],
      initial: 'list',
      states: {
        list: {
          description: 'The list with "Add Resource"',
          on: {
            'setup.new': {
              target: 'checkingLimit',
              actions: assign({ error: null }),
              description: 'Press "Add Resource"',
            },
            'setup.edit': {
              guard: 'listed',
              target: 'editing',
              actions: assign(({ context, event }) => {
                const resource = byId(context, picked({ event }))!;
                return {
                  target: resource.resourceid,
                  draft: {
                    resourcename: resource.resourcename,
                    description: resource.description ?? '',
                    capacity: String(resource.capacity),
                    isactive: resource.isactive,
                  },
                  fieldErrors: {},
                  error: null,
                };
              }),
              description: 'Press "Edit" on a resource',
            },
            'setup.delete': {
              guard: 'listed',
              target: 'confirmDelete',
              actions: assign(({ event }) => ({ target: picked({ event }), futureBookings: 0, error: null })),
              description: 'Press "Delete" on a resource',
            },
            'setup.schedule': {
              guard: 'listed',
              target: 'schedule',
              actions: assign(({ event }) => ({ target: picked({ event }), error: null })),
              description: 'Press "Schedule" on a resource',
            },
          },
        },
        checkingLimit: {
          description: 'The package\'s resource limit is checked; "Add Resource" reads "Checking..."',
          tags: ['busy', 'checking'],
          invoke: {
            id: 'canAddResource',
            src: 'canAddResource',
            onDone: [
              {
                guard: 'atLimit',
                target: 'list',
                actions: assign({ error: ({ event }) => resourceLimitReached(event.output.limit) }),
                description:
                  'The package has no room: "You\'ve reached your bookable resource limit ({limit} resources). Upgrade your package to add more."',
              },
              {
                target: 'editing',
                actions: assign({ target: null, draft: EMPTY, fieldErrors: {}, error: null }),
                description: '"Create New Resource" opens with Capacity 1 and Active ticked',
              },
            ],
            onError: {
              target: 'editing',
              actions: assign({ target: null, draft: EMPTY, fieldErrors: {}, error: null }),
              description: 'The check itself fails: the dialog opens anyway (the server still enforces the limit)',
            },
          },
        },
        editing: {
          description: '"Create New Resource" or "Edit Resource" with Name, Description, Capacity and Active',
          on: {
            'setup.change': {
              actions: assign(({ context, event }) => {
                assertEvent(event, 'setup.change');
                const { [event.field]: _fixed, ...fieldErrors } = context.fieldErrors;
                return { draft: { ...context.draft, [event.field]: event.value }, fieldErrors };
              }),
              description: 'Type in a field or tick Active',
            },
            'setup.save': [
              {
                guard: 'draftInvalid',
                actions: assign({ fieldErrors: ({ context }) => resourceErrors(context.draft) }),
                description: 'Press "Save" with no name or a capacity below 1: the field says why',
              },
              { target: 'saving', description: 'Press "Save"' },
            ],
            'setup.cancel': {
              target: 'list',
              actions: assign({ error: null }),
              description: 'Press "Cancel" (or ×, or Escape)',
            },
          },
        },
        saving: {
          description: 'The button reads "Saving..."',
          tags: ['busy'],
          invoke: {
            id: 'saveResource',
            src: 'saveResource',
            input: ({ context }) => ({
              resourceid: context.target,
              body: {
                resourcename: context.draft.resourcename.trim(),
                description: context.draft.description.trim() || null,
                capacity: Number(context.draft.capacity),
                isactive: context.draft.isactive,
              },
            }),
            onDone: {
              target: 'list',
              actions: assign({
                resources: ({ context, event }) =>
                  context.target
                    ? context.resources.map((r) => (r.resourceid === context.target ? event.output : r))
                    : [...context.resources, event.output],
                error: null,
              }),
              description: 'The dialog closes and the list shows the resource as saved',
            },
            onError: {
              target: 'editing',
              actions: assign({ error: ({ event }) => failureText(event.error, 'Failed to save resource.') }),
              description: 'The save is refused (the package limit, a rule of a field): the reason shows in the dialog',
            },
          },
        },
        ...confirmThenRun(bookingSetup)({
          ask: {
            state: 'confirmDelete',
            description:
              '"Confirm Deletion" warns that the schedule is deleted too (and, after the server named them, that the bookings ahead are cancelled), with Cancel (focused) and "Confirm Delete"',
            confirm: { event: 'setup.confirmDelete', description: 'Press "Confirm Delete"' },
            cancel: {
              event: 'setup.cancel',
              target: 'list',
              actions: assign({ error: null, futureBookings: 0 }),
              description: 'Press "Cancel"',
            },
          },
          run: {
            state: 'deleting',
            description: 'The button reads "Deleting..."',
            invoke: {
              id: 'deleteResource',
              src: 'deleteResource',
              input: ({ context }) => ({
                resourceid: context.target!,
                cancelFutureBookings: context.futureBookings > 0,
              }),
              onDone: {
                target: 'list',
                actions: [
                  assign({
                    resources: ({ context }) => context.resources.filter((r) => r.resourceid !== context.target),
                    error: null,
                    futureBookings: 0,
                  }),
                  { type: 'reportDeleted', params: ({ event }) => ({ message: event.output.message }) },
                ],
                description: 'The resource and its schedule are gone from the list',
              },
              onError: [
                {
                  guard: 'hasFutureBookings',
                  target: 'confirmDelete',
                  actions: assign(({ event }) => {
                    const error = event.error as { message?: string; futureBookings?: number };
                    return { futureBookings: error.futureBookings ?? 1, error: error.message || null };
                  }),
                  description:
                    'The resource has bookings ahead: the dialog says how many and that deleting cancels them and e-mails the customers; focus is back on Cancel',
                },
                {
                  target: 'list',
                  actions: assign({
                    error: ({ event }) => failureText(event.error, BOOKING_TEXTS.deleteFailed),
                    futureBookings: 0,
                  }),
                  description: 'The deletion fails: the alert "Failed to delete resource."',
                },
              ],
            },
          },
        }),
        schedule: {
          description: '"Manage Schedule for {name}" is open',
          on: { 'setup.closeSchedule': { target: 'list', description: 'Close the schedule dialog' } },
        },
      },
    },
  },
});
