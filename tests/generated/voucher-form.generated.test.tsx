/**
 * Every transition of the voucher form (Create New Voucher / Edit Voucher), played through the real
 * dialog with fake effects (the types, the save). Texts are the spec's (tests/spec/spec-texts.ts).
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { voucherFormEntry } from '#machines/samples/vouchers.samples.ts';
import type { VoucherFormContext, VoucherFormInput } from '#machines/voucher-form.machine.ts';
import { VoucherFormModal } from '#src/features/vouchers/voucher-form-modal.tsx';
import { specTexts } from '../spec/spec-texts.ts';
import { describeFlow, type Flow } from './harness.tsx';

const LABELS = {
  title: 'Title',
  description: 'Description',
  vouchertypeid: 'Voucher Type',
  value: 'Value',
  rules: /^Rules/,
  startdate: 'Start Date',
  enddate: 'End Date',
} as const;
const live = (flow: Flow) => flow.live().context as VoucherFormContext;
const inputOf = (flow: Flow) => flow.path.input as VoucherFormInput;
const dialog = (flow: Flow) =>
  screen.getByRole('dialog', { name: inputOf(flow).voucher ? specTexts.editVoucher : specTexts.createNewVoucher });
const saveLabel = (flow: Flow) => (inputOf(flow).voucher ? 'Save Changes' : 'Create Voucher');
const disabled = (el: HTMLElement) => el.matches(':disabled');

function expectFields(flow: Flow) {
  const ctx = live(flow);
  const d = within(dialog(flow));
  for (const [field, label] of Object.entries(LABELS)) {
    const control = d.getByLabelText<HTMLInputElement>(label);
    expect(control.value, field).toBe(ctx.draft[field as keyof typeof LABELS]);
  }
  expect(d.getByRole<HTMLInputElement>('checkbox', { name: /Active/ }).checked).toBe(ctx.draft.isactive);
  // On create the type defaults to the first one (spec §5).
  if (!inputOf(flow).voucher && !inputOf(flow).copyOf)
    expect(ctx.draft.vouchertypeid).toBe(String(ctx.types[0]!.vouchertypeid));
  expect(d.getAllByRole('option').map((o) => o.textContent)).toEqual(ctx.types.map((t) => t.typename));
  for (const message of Object.values(ctx.fieldErrors)) expect(d.getByText(message!)).toBeTruthy();
  if (ctx.error) expect(d.getByRole('alert').textContent).toBe(ctx.error);
  else expect(d.queryByRole('alert')).toBeNull();
}

describeFlow(voucherFormEntry, {
  render: (hooks, flow) => (
    <VoucherFormModal
      {...inputOf(flow)}
      onSaved={flow.spy('onSaved')}
      onClose={flow.spy('onClose')}
      logic={hooks.logic}
      options={hooks.options}
    />
  ),
  perform: {
    'voucherForm.edit': (e: { field: keyof typeof LABELS; value: string }, flow) => {
      const field = within(dialog(flow)).getByLabelText<HTMLInputElement>(LABELS[e.field]);
      if (field.value === e.value) {
        (field as unknown as { _valueTracker?: { setValue: (v: string) => void } })._valueTracker?.setValue(
          `${e.value}~`,
        );
      }
      fireEvent.change(field, { target: { value: e.value } });
    },
    'voucherForm.setActive': (_e, flow) =>
      fireEvent.click(within(dialog(flow)).getByRole('checkbox', { name: /Active/ })),
    'voucherForm.submit': (_e, flow) => fireEvent.click(screen.getByRole('button', { name: saveLabel(flow) })),
    'voucherForm.retry': () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })),
    'voucherForm.cancel': () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })),
  },
  expectUi: {
    loadingTypes: (_s, flow) => {
      expect(within(dialog(flow)).getByRole('status').textContent).toBe('Loading voucher types...');
      expect(disabled(screen.getByRole('button', { name: saveLabel(flow) }))).toBe(true);
    },
    typesFailed: (_s, flow) => {
      expect(within(dialog(flow)).getByRole('alert').textContent).toContain(specTexts.voucherTypesFailed);
    },
    editing: (_s, flow) => {
      expectFields(flow);
      expect(disabled(screen.getByRole('button', { name: saveLabel(flow) }))).toBe(false);
      const error = live(flow).error;
      const sample = flow.path.steps.at(-1)!.event as { error?: { message?: string } };
      if (error && sample.error?.message === '') {
        expect(error).toBe(inputOf(flow).voucher ? specTexts.voucherUpdateFailed : specTexts.voucherCreateFailed);
      }
    },
    saving: (_s, flow) => {
      expectFields(flow);
      expect(disabled(screen.getByRole('button', { name: 'Saving...' }))).toBe(true);
      expect(disabled(within(dialog(flow)).getByLabelText(LABELS.title))).toBe(true);
      const sent = flow.fakes.saveVoucher!.inputs.at(-1) as { voucherid: string | null; body: object };
      expect(sent.voucherid).toBe(inputOf(flow).voucher?.voucherid ?? null);
      expect(sent.body).toEqual(live(flow).draft);
    },
    saved: (_s, flow) => {
      expect(flow.spy('onSaved')).toHaveBeenCalledTimes(1);
    },
    closed: (_s, flow) => {
      expect(flow.spy('onClose')).toHaveBeenCalledTimes(1);
      expect(flow.spy('onSaved')).not.toHaveBeenCalled();
    },
  },
});
