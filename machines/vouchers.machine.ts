/**
 * Voucher Management (spec §2 "Voucher Management", §8): the active or archived vouchers, and from a
 * row the QR code to issue it, the Create / Edit dialog (its own machine, voucher-form), the deletion
 * question (archiving), and an archived voucher's details. Effects are actors (loadVouchers,
 * loadVoucher, archiveVoucher) and actions (downloadQr, printCard, reportArchived).
 */
import { assign, setup } from 'xstate';
import { VOUCHER_TEXTS, type Voucher } from '#contracts/vouchers.ts';
import { confirmThenRun } from './lib/confirm.ts';
import { failureOr, notProvided } from './lib/effects.ts';
import type { ViewTag } from './lib/tags.ts';

export type VoucherStatus = 'active' | 'archived';

export interface VouchersContext {
  status: VoucherStatus;
  list: Voucher[] | null;
  /**
   * The failure on show: "Could not load vouchers." in place of the list (state `failed`), or an alert
   * over the list: "Could not delete voucher." or "Could not load voucher details.".
   */
  error: string | null;
  /** The row a dialog is about; null while creating. */
  selected: Voucher | null;
  /** "Duplicate": the voucher a new one starts from (the Create New Voucher dialog, prefilled). */
  copyOf: Voucher | null;
  /** An archived voucher as the server has it (the "Archived Voucher Details" dialog). */
  details: Voucher | null;
}

export type VouchersEvent =
  | { type: 'vouchers.show'; status: VoucherStatus }
  | { type: 'vouchers.retry' }
  | { type: 'vouchers.create' }
  | { type: 'vouchers.edit'; voucherid: string }
  | { type: 'vouchers.duplicate'; voucherid: string }
  | { type: 'vouchers.delete'; voucherid: string }
  | { type: 'vouchers.qr'; voucherid: string }
  | { type: 'vouchers.view'; voucherid: string }
  | { type: 'vouchers.confirmDelete' }
  | { type: 'vouchers.download' }
  | { type: 'vouchers.print' }
  | { type: 'vouchers.saved' }
  | { type: 'vouchers.close' };

const pick = ({ context, event }: { context: VouchersContext; event: VouchersEvent }) =>
  'voucherid' in event ? (context.list?.find((v) => v.voucherid === event.voucherid) ?? null) : null;

const show = {
  guard: 'otherStatus',
  target: '#vouchers.loading',
  actions: 'showStatus',
  description: 'Press "Active" or "Archived" in the toggle',
} as const;

const vouchers = setup({
  types: {
    context: {} as VouchersContext,
    events: {} as VouchersEvent,
    tags: {} as ViewTag,
  },
  actors: {
    loadVouchers: notProvided<Voucher[], { status: VoucherStatus }>('loadVouchers'),
    loadVoucher: notProvided<Voucher, { voucherid: string }>('loadVoucher'),
    archiveVoucher: notProvided<Voucher, { voucherid: string }>('archiveVoucher'),
  },
  actions: {
    downloadQr: (_, _params: { voucher: Voucher }) => {},
    printCard: () => {},
    reportArchived: (_, _params: { voucher: Voucher }) => {},
    select: assign({ selected: pick, copyOf: null, error: null }),
    showStatus: assign({
      status: ({ context, event }) => (event.type === 'vouchers.show' ? event.status : context.status),
      list: null,
      error: null,
    }),
  },
  guards: {
    otherStatus: ({ context, event }) => event.type === 'vouchers.show' && event.status !== context.status,
    listedActive: ({ context, event }) => context.status === 'active' && pick({ context, event })?.deletedat === null,
    listedArchived: ({ context, event }) => context.status === 'archived' && !!pick({ context, event })?.deletedat,
    showingActive: ({ context }) => context.status === 'active',
  },
});

export const vouchersMachine = vouchers.createMachine({
  id: 'vouchers',
  context: { status: 'active', list: null, error: null, selected: null, copyOf: null, details: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'The vouchers of the chosen status load ("Loading vouchers...")',
      tags: ['loading', 'busy'],
      invoke: {
        id: 'loadVouchers',
        src: 'loadVouchers',
        input: ({ context }) => ({ status: context.status }),
        onDone: {
          target: 'ready',
          actions: assign({ list: ({ event }) => event.output, error: null }),
          description:
            'The table shows Title, Type, Value and, for active vouchers, Status and End Date (archived: Deleted At, Deleted By), or "No active vouchers found." / "No archived vouchers found."',
        },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => failureOr(event.error, VOUCHER_TEXTS.listFailed) }),
          description: 'The server cannot be reached or refuses: "Could not load vouchers." with Try again',
        },
      },
    },
    failed: {
      description: '"Could not load vouchers." shows with a "Try again" button',
      tags: ['error'],
      on: {
        'vouchers.retry': { target: 'loading', actions: assign({ error: null }), description: 'Press "Try again"' },
        'vouchers.show': show,
      },
    },
    ready: {
      initial: 'list',
      description: 'The vouchers of the chosen status',
      tags: ['ready'],
      states: {
        list: {
          description: 'The table of vouchers with each row\'s actions, and "Create New Voucher"',
          on: {
            'vouchers.show': show,
            'vouchers.create': {
              guard: 'showingActive',
              target: 'form',
              actions: assign({ selected: null, copyOf: null, error: null }),
              description: 'Press "Create New Voucher"',
            },
            'vouchers.duplicate': {
              guard: 'listedActive',
              target: 'form',
              actions: assign({ selected: null, copyOf: pick, error: null }),
              description: 'Press "Duplicate" on a row: "Create New Voucher" opens filled in from it',
            },
            'vouchers.edit': {
              guard: 'listedActive',
              target: 'form',
              actions: 'select',
              description: 'Press "Edit" on a row',
            },
            'vouchers.delete': {
              guard: 'listedActive',
              target: 'confirmDelete',
              actions: 'select',
              description: 'Press "Delete" on a row',
            },
            'vouchers.qr': {
              guard: 'listedActive',
              target: 'qr',
              actions: 'select',
              description: 'Press "Show QR Code" on a row',
            },
            'vouchers.view': {
              guard: 'listedArchived',
              target: 'loadingDetails',
              actions: ['select', assign({ details: null })],
              description: 'Press "View" on an archived row',
            },
          },
        },
        form: {
          description: 'The "Create New Voucher" or "Edit Voucher" dialog is open (its own plan: Voucher form)',
          on: {
            'vouchers.saved': {
              target: '#vouchers.loading',
              description: 'Save the dialog: it closes and the list reloads with the voucher',
            },
            'vouchers.close': {
              target: 'list',
              description: 'Cancel the dialog; focus returns to the button that opened it',
            },
          },
        },
        ...confirmThenRun(vouchers)({
          ask: {
            state: 'confirmDelete',
            description:
              '"Confirm Deletion" asks, saying "This action cannot be undone.", with Cancel (focused) and "Confirm Delete"',
            confirm: { event: 'vouchers.confirmDelete', description: 'Press "Confirm Delete"' },
            cancel: { event: 'vouchers.close', target: 'list', description: 'Press "Cancel" (or Escape)' },
          },
          run: {
            state: 'deleting',
            description: 'The voucher is being archived; "Confirm Delete" reads "Deleting..."',
            invoke: {
              id: 'archiveVoucher',
              src: 'archiveVoucher',
              input: ({ context }) => ({ voucherid: context.selected!.voucherid }),
              onDone: {
                target: '#vouchers.loading',
                actions: { type: 'reportArchived', params: ({ event }) => ({ voucher: event.output }) },
                description: 'The voucher is archived: the dialog closes, a note confirms it, and it leaves the list',
              },
              onError: {
                target: 'list',
                actions: assign({
                  error: ({ event }) => failureOr(event.error, VOUCHER_TEXTS.deleteFailed),
                  selected: null,
                }),
                description: 'The server refuses or cannot be reached: the alert "Could not delete voucher."',
              },
            },
          },
        }),
        qr: {
          description: '"Issue Voucher via QR Code" shows a 256 px QR code, the caption, "Download as PNG" and "Print"',
          on: {
            'vouchers.download': {
              actions: { type: 'downloadQr', params: ({ context }) => ({ voucher: context.selected! }) },
              description: 'Press "Download as PNG": the browser saves <title>.png',
            },
            'vouchers.print': {
              actions: 'printCard',
              description: 'Press "Print": the print dialog shows a counter card (title, QR code, rules) on one page',
            },
            'vouchers.close': { target: 'list', description: 'Press "Close" (or Escape)' },
          },
        },
        loadingDetails: {
          description: '"Archived Voucher Details" opens and loads the voucher',
          invoke: {
            id: 'loadVoucher',
            src: 'loadVoucher',
            input: ({ context }) => ({ voucherid: context.selected!.voucherid }),
            onDone: {
              target: 'details',
              actions: assign({ details: ({ event }) => event.output }),
              description: 'The dialog shows title, description, type, value, deleted at and deleted by',
            },
            onError: {
              target: 'list',
              actions: assign({
                error: ({ event }) => failureOr(event.error, VOUCHER_TEXTS.detailsFailed),
                selected: null,
              }),
              description:
                'The voucher cannot be loaded: the dialog closes and the alert "Could not load voucher details."',
            },
          },
          on: { 'vouchers.close': { target: 'list', description: 'Close the dialog while it loads' } },
        },
        details: {
          description: '"Archived Voucher Details" shows the archived voucher (read-only)',
          on: {
            'vouchers.close': {
              target: 'list',
              actions: assign({ details: null }),
              description: 'Press "Close" (or Escape)',
            },
          },
        },
      },
    },
  },
});
