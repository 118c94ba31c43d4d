/** The Create New Voucher / Edit Voucher dialog: renders the voucher-form machine and sends its events. */
import { type ChangeEvent, useEffect, useId, useRef } from 'react';
import { type Voucher, valueUnit } from '#contracts/vouchers.ts';
import type { VoucherField, voucherFormMachine } from '#machines/voucher-form.machine.ts';
import { enabledFor, type FlowHooks, useFlowActor } from '#src/lib/use-flow-actor.ts';
import { Alert } from '#src/ui/alert.tsx';
import { DialogFooter } from '#src/ui/dialog-footer.tsx';
import { Field } from '#src/ui/field.tsx';
import { LoadError } from '#src/ui/load-error.tsx';
import { Modal } from '#src/ui/modal.tsx';
import { Spinner } from '#src/ui/spinner.tsx';
import { liveVoucherFormLogic } from './vouchers.wiring.ts';

export interface VoucherFormModalProps extends FlowHooks<typeof voucherFormMachine> {
  businessid: string;
  voucher: Voucher | null;
  /** "Duplicate": a new voucher filled in from this one. */
  copyOf?: Voucher | null;
  today: string;
  onSaved: (voucher: Voucher) => void;
  onClose: () => void;
}

export function VoucherFormModal({
  businessid,
  voucher,
  copyOf = null,
  today,
  onSaved,
  onClose,
  logic = liveVoucherFormLogic,
  options,
}: VoucherFormModalProps) {
  const formId = useId();
  const typeId = useId();
  const [state, send] = useFlowActor(
    logic.provide({
      actions: {
        reportSaved: (_, params: { voucher: Voucher }) => onSaved(params.voucher),
        closeForm: () => onClose(),
      },
    }),
    { input: { businessid, voucher, copyOf, today }, options },
  );
  const { draft, fieldErrors, error, types } = state.context;
  // The form is on screen (ready); a request while it is, is the save.
  const shown = state.hasTag('ready');
  // The dialog opens on its spinner (the types load), where only Cancel can take focus; when the fields
  // come, Title takes it, as it would have on open (issue 26: focus stayed on Cancel).
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!shown) return;
    const form = formRef.current;
    if (form && !form.contains(document.activeElement)) form.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, [shown]);
  const unit = valueUnit(types.find((t) => String(t.vouchertypeid) === draft.vouchertypeid)?.typename);
  const saving = shown && state.hasTag('busy');
  const cancel = { type: 'voucherForm.cancel' } as const;
  const field = (name: VoucherField) => ({
    name,
    value: draft[name],
    error: fieldErrors[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      send({ type: 'voucherForm.edit', field: name, value: event.target.value }),
    ...enabledFor(state, { type: 'voucherForm.edit', field: name, value: '' }),
  });
  const title = voucher ? 'Edit Voucher' : 'Create New Voucher';

  return (
    <Modal
      title={title}
      onClose={() => send(cancel)}
      closeControl={enabledFor(state, cancel)}
      className="voucher-form-modal"
      footer={
        <DialogFooter
          busy={saving}
          cancel={{ onClick: () => send(cancel), control: enabledFor(state, cancel) }}
          confirm={{
            label: voucher ? 'Save Changes' : 'Create Voucher',
            busyLabel: 'Saving...',
            form: formId,
            control: enabledFor(state, { type: 'voucherForm.submit' }),
          }}
        />
      }
    >
      {state.hasTag('loading') && <Spinner label="Loading voucher types..." />}
      {state.hasTag('error') && (
        <LoadError text={error} onRetry={() => send({ type: 'voucherForm.retry' })} event="voucherForm.retry" />
      )}
      {shown && (
        <form
          ref={formRef}
          id={formId}
          className="voucher-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'voucherForm.submit' });
          }}
        >
          <Alert text={error} />
          <fieldset disabled={saving} className="voucher-fields">
            <Field label="Title" required minLength={5} autoComplete="off" data-autofocus {...field('title')} />
            <Field label="Description" multiline rows={2} required {...field('description')} />
            <div className="field">
              <label className="field-label" htmlFor={typeId}>
                Voucher Type
              </label>
              <select
                id={typeId}
                className="input"
                required
                value={draft.vouchertypeid}
                aria-invalid={fieldErrors.vouchertypeid ? true : undefined}
                aria-describedby={fieldErrors.vouchertypeid ? `${typeId}-error` : undefined}
                onChange={(event) =>
                  send({ type: 'voucherForm.edit', field: 'vouchertypeid', value: event.target.value })
                }
                {...enabledFor(state, { type: 'voucherForm.edit', field: 'vouchertypeid', value: '' })}
              >
                {types.map((t) => (
                  <option key={t.vouchertypeid} value={String(t.vouchertypeid)}>
                    {t.typename}
                  </option>
                ))}
              </select>
              {fieldErrors.vouchertypeid && (
                <p id={`${typeId}-error`} className="field-error">
                  {fieldErrors.vouchertypeid}
                </p>
              )}
            </div>
            <Field
              label="Value"
              type="number"
              inputMode="decimal"
              step="0.01"
              min="0"
              required
              unit={unit}
              {...field('value')}
            />
            <Field
              label="Rules"
              multiline
              rows={3}
              required
              hint="The fine print customers see, e.g. one per customer, not with other offers."
              {...field('rules')}
            />
            <div className="voucher-dates">
              <Field label="Start Date" type="date" required {...field('startdate')} />
              <Field label="End Date" type="date" required min={draft.startdate || undefined} {...field('enddate')} />
            </div>
            <label className="checkbox">
              <input
                type="checkbox"
                checked={draft.isactive}
                onChange={(event) => send({ type: 'voucherForm.setActive', active: event.target.checked })}
                {...enabledFor(state, { type: 'voucherForm.setActive', active: !draft.isactive })}
              />
              <span>Active (customers can claim it while its dates allow)</span>
            </label>
          </fieldset>
        </form>
      )}
    </Modal>
  );
}
