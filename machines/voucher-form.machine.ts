/**
 * The Create New Voucher / Edit Voucher dialog (spec §2, §5, §8): the voucher types load first (the type
 * defaults to the first one on create), the fields are checked with the same contract the server uses,
 * then the voucher is created or updated. Effects are actors (loadTypes, saveVoucher) and actions
 * (reportSaved, closeForm) provided by the app or a test.
 */
import * as v from 'valibot';
import { assign, setup } from 'xstate';
import {
  PERCENTAGE_TYPE,
  VOUCHER_FIELD_TEXTS,
  VOUCHER_TEXTS,
  type Voucher,
  VoucherRequest,
  type VoucherType,
} from '#contracts/vouchers.ts';
import { failureOr, failureText, notProvided } from './lib/effects.ts';
import type { ViewTag } from './lib/tags.ts';

export type VoucherField = 'title' | 'description' | 'vouchertypeid' | 'value' | 'rules' | 'startdate' | 'enddate';

export interface VoucherDraft {
  title: string;
  description: string;
  vouchertypeid: string;
  value: string;
  rules: string;
  startdate: string;
  enddate: string;
  isactive: boolean;
}

export type VoucherFieldErrors = Partial<Record<VoucherField, string>>;

export interface VoucherFormInput {
  businessid: string;
  /** The voucher being edited; null creates a new one. */
  voucher: Voucher | null;
  /** "Duplicate": a new voucher starts from this one (title, description, type, value, rules, its length). */
  copyOf?: Voucher | null;
  /** The business's today (YYYY-MM-DD): a new voucher runs from today for 30 days unless changed. */
  today: string;
}

export interface VoucherFormContext extends VoucherFormInput {
  types: VoucherType[];
  draft: VoucherDraft;
  fieldErrors: VoucherFieldErrors;
  error: string | null;
}

export type VoucherFormEvent =
  | { type: 'voucherForm.edit'; field: VoucherField; value: string }
  | { type: 'voucherForm.setActive'; active: boolean }
  | { type: 'voucherForm.submit' }
  | { type: 'voucherForm.retry' }
  | { type: 'voucherForm.cancel' };

export type SaveVoucherInput = {
  businessid: string;
  voucherid: string | null;
  body: v.InferInput<typeof VoucherRequest>;
};

const addDays = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * A new voucher from an existing one: "Copy of <title>" (within the title's 120 characters), the same
 * description, type, value and rules, active, and the same number of days as the original, starting
 * on its start day or today, whichever is later (a copy of last month's offer starts today).
 */
export function copyDraft(original: Voucher, today: string): VoucherDraft {
  const startdate = original.startdate > today ? original.startdate : today;
  return {
    title: `Copy of ${original.title}`.slice(0, 120),
    description: original.description,
    vouchertypeid: String(original.vouchertypeid),
    value: original.value,
    rules: original.rules,
    startdate,
    enddate: addDays(startdate, Math.max(0, daysBetween(original.startdate, original.enddate))),
    isactive: true,
  };
}

export const draftOf = ({ voucher, copyOf, today }: VoucherFormInput): VoucherDraft =>
  !voucher && copyOf
    ? copyDraft(copyOf, today)
    : voucher
      ? {
          title: voucher.title,
          description: voucher.description,
          vouchertypeid: String(voucher.vouchertypeid),
          value: voucher.value,
          rules: voucher.rules,
          startdate: voucher.startdate,
          enddate: voucher.enddate,
          isactive: voucher.isactive,
        }
      : {
          title: '',
          description: '',
          vouchertypeid: '',
          value: '',
          rules: '',
          startdate: today,
          enddate: addDays(today, 30),
          isactive: true,
        };

export const bodyOf = (draft: VoucherDraft): SaveVoucherInput['body'] => ({ ...draft });

/** Every field's first message for the draft, by the server's own contract (plus the percentage cap). */
export function draftErrors(draft: VoucherDraft, types: readonly VoucherType[]): VoucherFieldErrors {
  const errors: VoucherFieldErrors = {};
  const result = v.safeParse(VoucherRequest, bodyOf(draft), { abortPipeEarly: true });
  for (const issue of result.issues ?? []) {
    const field = v.getDotPath(issue) as VoucherField | null;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  const type = types.find((t) => String(t.vouchertypeid) === draft.vouchertypeid);
  if (!errors.value && type?.typename === PERCENTAGE_TYPE && Number(draft.value) > 100) {
    errors.value = VOUCHER_FIELD_TEXTS.percentTooLarge;
  }
  return errors;
}

export const voucherFormMachine = setup({
  types: {
    input: {} as VoucherFormInput,
    context: {} as VoucherFormContext,
    events: {} as VoucherFormEvent,
    tags: {} as ViewTag,
  },
  actors: {
    loadTypes: notProvided<VoucherType[]>('loadTypes'),
    saveVoucher: notProvided<Voucher, SaveVoucherInput>('saveVoucher'),
  },
  actions: {
    reportSaved: (_, _params: { voucher: Voucher }) => {},
    closeForm: () => {},
  },
  guards: {
    invalid: ({ context }) => Object.keys(draftErrors(context.draft, context.types)).length > 0,
  },
}).createMachine({
  id: 'voucherForm',
  context: ({ input }) => ({ ...input, types: [], draft: draftOf(input), fieldErrors: {}, error: null }),
  initial: 'loadingTypes',
  states: {
    loadingTypes: {
      description: 'The dialog opens and loads the voucher types ("Loading voucher types...")',
      tags: ['loading', 'busy'],
      invoke: {
        id: 'loadTypes',
        src: 'loadTypes',
        onDone: {
          target: 'editing',
          actions: assign({
            types: ({ event }) => event.output,
            draft: ({ context, event }) =>
              context.draft.vouchertypeid === '' && event.output[0]
                ? { ...context.draft, vouchertypeid: String(event.output[0].vouchertypeid) }
                : context.draft,
          }),
          description: 'The form shows its fields; on create the type is the first one and Active is ticked',
        },
        onError: {
          target: 'typesFailed',
          actions: assign({ error: ({ event }) => failureOr(event.error, VOUCHER_TEXTS.typesFailed) }),
          description: 'The types cannot be loaded: "Could not load voucher types." with Try again',
        },
      },
      on: { 'voucherForm.cancel': { target: 'closed', description: 'Press "Cancel" (or Escape) while it loads' } },
    },
    typesFailed: {
      description: '"Could not load voucher types." with "Try again" and "Cancel"',
      tags: ['error'],
      on: {
        'voucherForm.retry': {
          target: 'loadingTypes',
          actions: assign({ error: null }),
          description: 'Press "Try again"',
        },
        'voucherForm.cancel': { target: 'closed', description: 'Press "Cancel" (or Escape)' },
      },
    },
    editing: {
      description:
        'The form: Title, Description, Voucher Type, Value, Rules, Start Date, End Date, Active; Cancel and the save button',
      tags: ['ready'],
      on: {
        'voucherForm.edit': {
          actions: assign({
            draft: ({ context, event }) => ({ ...context.draft, [event.field]: event.value }),
            fieldErrors: ({ context, event }) => {
              const { [event.field]: _gone, ...rest } = context.fieldErrors;
              return rest;
            },
          }),
          description: 'Type in a field (its message, if any, goes away)',
        },
        'voucherForm.setActive': {
          actions: assign({ draft: ({ context, event }) => ({ ...context.draft, isactive: event.active }) }),
          description: 'Tick or untick "Active"',
        },
        'voucherForm.submit': [
          {
            guard: 'invalid',
            actions: assign({ fieldErrors: ({ context }) => draftErrors(context.draft, context.types), error: null }),
            description: 'Press the save button with a field missing or wrong: each field says what is wrong',
          },
          {
            target: 'saving',
            actions: assign({ fieldErrors: {}, error: null }),
            description: 'Press the save button with every field right',
          },
        ],
        'voucherForm.cancel': { target: 'closed', description: 'Press "Cancel" (or Escape)' },
      },
    },
    saving: {
      description: 'The voucher is being saved; the save button reads "Saving..." and the fields are locked',
      tags: ['ready', 'busy'],
      invoke: {
        id: 'saveVoucher',
        src: 'saveVoucher',
        input: ({ context }) => ({
          businessid: context.businessid,
          voucherid: context.voucher?.voucherid ?? null,
          body: bodyOf(context.draft),
        }),
        onDone: {
          target: 'saved',
          actions: { type: 'reportSaved', params: ({ event }) => ({ voucher: event.output }) },
          description: 'The voucher is saved: the dialog closes and the list shows it',
        },
        onError: {
          target: 'editing',
          actions: assign({
            error: ({ context, event }) =>
              failureText(event.error, context.voucher ? VOUCHER_TEXTS.updateFailed : VOUCHER_TEXTS.createFailed),
          }),
          description:
            'The server refuses or cannot be reached: its message, else "Failed to create voucher." / "Failed to update voucher."',
        },
      },
    },
    saved: { type: 'final', description: 'The dialog has closed after saving' },
    closed: { type: 'final', entry: 'closeForm', description: 'The dialog has closed without saving' },
  },
});
