/**
 * Voucher Management (/vouchers, spec §2): the Active/Archived toggle, the table with each row's actions,
 * and the dialogs. It renders the vouchers machine and sends its events; the Create/Edit dialog runs its
 * own machine (voucher-form-modal.tsx).
 */
import { useState } from 'react';
import { VOUCHER_TEXTS, type Voucher } from '#contracts/vouchers.ts';
import type { voucherFormMachine } from '#machines/voucher-form.machine.ts';
import type { VoucherStatus, vouchersMachine } from '#machines/vouchers.machine.ts';
import type { PageProps } from '#src/lib/page.ts';
import { matchesEveryWord, useDebounced } from '#src/lib/use-debounced.ts';
import { enabledFor, type FlowHooks, useFlowActor } from '#src/lib/use-flow-actor.ts';
import { Alert } from '#src/ui/alert.tsx';
import { Button } from '#src/ui/button.tsx';
import { ConfirmDialog } from '#src/ui/confirm-dialog.tsx';
import { EmptyState } from '#src/ui/empty-state.tsx';
import { TicketIcon } from '#src/ui/icons.tsx';
import { LoadError } from '#src/ui/load-error.tsx';
import { Modal } from '#src/ui/modal.tsx';
import { Page } from '#src/ui/page.tsx';
import { SearchField } from '#src/ui/search-field.tsx';
import { Spinner } from '#src/ui/spinner.tsx';
import { useToast } from '#src/ui/toast.tsx';
import { formatDay, formatMoment, formatValue } from './format.ts';
import { VoucherFormModal } from './voucher-form-modal.tsx';
import { VoucherQrModal } from './voucher-qr-modal.tsx';
import { liveVouchersLogic } from './vouchers.wiring.ts';
import './vouchers.css';

export const ARCHIVED_TOAST = 'Voucher archived.';

export interface VouchersViewProps extends FlowHooks<typeof vouchersMachine> {
  businessid: string | null;
  /** The form dialog's machine (tests give it fakes). */
  formLogic?: typeof voucherFormMachine;
  /** The business's today (YYYY-MM-DD), for a new voucher's default dates. */
  today?: string;
}

const STATUSES: Array<{ status: VoucherStatus; label: string }> = [
  { status: 'active', label: 'Active' },
  { status: 'archived', label: 'Archived' },
];

const localToday = () => {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
};

function Claimed({ voucher }: { voucher: Voucher }) {
  if (!voucher.issued_count) return null;
  return (
    <span className="voucher-claims">
      {voucher.issued_count} claimed · {voucher.redeemed_count} redeemed
    </span>
  );
}

export function VouchersView({ businessid, logic = liveVouchersLogic, options, formLogic, today }: VouchersViewProps) {
  const notify = useToast();
  const [state, send] = useFlowActor(logic.provide({ actions: { reportArchived: () => notify(ARCHIVED_TOAST) } }), {
    options,
  });
  const { status, list: all, error, selected, details } = state.context;
  const active = status === 'active';
  const failed = state.hasTag('error');
  // Search by title over the list already loaded (issue 26): a business has tens of vouchers, every one
  // comes in the one answer, so filtering here costs no request and no server change.
  const [typed, setTyped] = useState('');
  const query = useDebounced(typed);
  const list = all?.filter((v) => matchesEveryWord(query, v.title)) ?? null;
  const showList = list !== null && !failed;
  const searching = query.trim() !== '' && (all?.length ?? 0) > 0;
  const close = () => send({ type: 'vouchers.close' });
  const rowAction = (
    type: 'vouchers.edit' | 'vouchers.duplicate' | 'vouchers.delete' | 'vouchers.qr' | 'vouchers.view',
    v: Voucher,
  ) => ({
    onClick: () => send({ type, voucherid: v.voucherid }),
    ...enabledFor(state, { type, voucherid: v.voucherid }),
  });

  return (
    <Page
      title="Voucher Management"
      subtitle="Create vouchers, issue them with a QR code your customers scan in the app, and archive old ones."
      actions={
        <Button onClick={() => send({ type: 'vouchers.create' })} {...enabledFor(state, { type: 'vouchers.create' })}>
          Create New Voucher
        </Button>
      }
    >
      <fieldset className="segmented" aria-label="Show vouchers">
        {STATUSES.map((s) => (
          <button
            key={s.status}
            type="button"
            className="segmented-option"
            aria-pressed={status === s.status}
            onClick={() => send({ type: 'vouchers.show', status: s.status })}
            {...enabledFor(state, { type: 'vouchers.show', status: s.status })}
          >
            {s.label}
          </button>
        ))}
      </fieldset>
      {!failed && <Alert text={error} />}
      <section
        className="card vouchers"
        aria-labelledby="vouchers-heading"
        aria-busy={state.hasTag('busy') || undefined}
      >
        <h2 id="vouchers-heading" className="visually-hidden">
          {active ? 'Active vouchers' : 'Archived vouchers'}
        </h2>
        {state.hasTag('loading') && <Spinner label="Loading vouchers..." />}
        {failed && <LoadError text={error} onRetry={() => send({ type: 'vouchers.retry' })} event="vouchers.retry" />}
        {showList && (all?.length ?? 0) > 0 && (
          <SearchField label="Search vouchers" hint="Title" value={typed} onSearch={setTyped} />
        )}
        {showList && list.length === 0 && searching && !state.hasTag('loading') && (
          <EmptyState icon={<TicketIcon />} title={`No vouchers match "${query.trim()}".`} />
        )}
        {showList && list.length === 0 && !searching && !state.hasTag('loading') && (
          <EmptyState icon={<TicketIcon />} title={active ? VOUCHER_TEXTS.noActive : VOUCHER_TEXTS.noArchived}>
            {active
              ? 'Create a voucher, then show its QR code at the counter: customers scan it with the app to claim it.'
              : 'Vouchers you delete are kept here, with who deleted them and when.'}
          </EmptyState>
        )}
        {showList && list.length > 0 && (
          <table className="voucher-table">
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Type</th>
                <th scope="col">Value</th>
                {active ? (
                  <>
                    <th scope="col">Status</th>
                    <th scope="col">End Date</th>
                  </>
                ) : (
                  <>
                    <th scope="col">Deleted At</th>
                    <th scope="col">Deleted By</th>
                  </>
                )}
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((v) => (
                <tr key={v.voucherid}>
                  <th scope="row" className="voucher-title">
                    <span>{v.title}</span>
                    <Claimed voucher={v} />
                  </th>
                  <td data-label="Type">{v.voucher_type}</td>
                  <td data-label="Value">{formatValue(v)}</td>
                  {active ? (
                    <>
                      <td data-label="Status">
                        <span className={`badge ${v.isactive ? 'badge-success' : 'badge-muted'}`}>
                          {v.isactive ? 'Active' : 'Inactive'}
                        </span>
                      </td>
                      <td data-label="End Date">{formatDay(v.enddate)}</td>
                    </>
                  ) : (
                    <>
                      <td data-label="Deleted At">{formatMoment(v.deletedat)}</td>
                      <td data-label="Deleted By">{v.deleted_by_email ?? 'N/A'}</td>
                    </>
                  )}
                  <td className="voucher-actions">
                    {active ? (
                      <>
                        <Button variant="secondary" {...rowAction('vouchers.qr', v)}>
                          Show QR Code<span className="visually-hidden"> for {v.title}</span>
                        </Button>
                        <Button variant="ghost" {...rowAction('vouchers.edit', v)}>
                          Edit<span className="visually-hidden"> {v.title}</span>
                        </Button>
                        <Button variant="ghost" {...rowAction('vouchers.duplicate', v)}>
                          Duplicate<span className="visually-hidden"> {v.title}</span>
                        </Button>
                        <Button variant="ghost" className="btn-danger-text" {...rowAction('vouchers.delete', v)}>
                          Delete<span className="visually-hidden"> {v.title}</span>
                        </Button>
                      </>
                    ) : (
                      <Button variant="secondary" {...rowAction('vouchers.view', v)}>
                        View<span className="visually-hidden"> {v.title}</span>
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      {state.matches({ ready: 'form' }) && businessid && (
        <VoucherFormModal
          businessid={businessid}
          voucher={selected}
          copyOf={state.context.copyOf}
          today={today ?? localToday()}
          logic={formLogic}
          options={options}
          onSaved={(saved) => {
            send({ type: 'vouchers.saved' });
            notify(selected ? `Saved “${saved.title}”.` : `Created “${saved.title}”.`);
          }}
          onClose={close}
        />
      )}

      {state.hasTag('confirm') && selected && (
        <ConfirmDialog
          title="Confirm Deletion"
          busy={state.hasTag('busy')}
          cancel={{ onClick: close, control: enabledFor(state, { type: 'vouchers.close' }) }}
          confirm={{
            label: 'Confirm Delete',
            busyLabel: 'Deleting...',
            onClick: () => send({ type: 'vouchers.confirmDelete' }),
            control: enabledFor(state, { type: 'vouchers.confirmDelete' }),
          }}
        >
          <p>
            Delete “{selected.title}”? Customers can no longer claim it; codes they already hold can still be redeemed.
            It moves to Archived.
          </p>
          <p className="confirm-warning">{VOUCHER_TEXTS.confirmDelete}</p>
        </ConfirmDialog>
      )}

      {state.matches({ ready: 'qr' }) && selected && (
        <VoucherQrModal
          voucher={selected}
          onDownload={() => send({ type: 'vouchers.download' })}
          onPrint={() => send({ type: 'vouchers.print' })}
          onClose={close}
        />
      )}

      {(state.matches({ ready: 'loadingDetails' }) || state.matches({ ready: 'details' })) && (
        <Modal
          title="Archived Voucher Details"
          onClose={close}
          footer={
            <Button variant="secondary" onClick={close} data-event="vouchers.close">
              Close
            </Button>
          }
        >
          {!details && <Spinner label="Loading voucher..." />}
          {details && (
            <dl className="voucher-details">
              <dt>Title</dt>
              <dd>{details.title}</dd>
              <dt>Description</dt>
              <dd>{details.description}</dd>
              <dt>Type</dt>
              <dd>{details.voucher_type}</dd>
              <dt>Value</dt>
              <dd>{formatValue(details)}</dd>
              <dt>Deleted At</dt>
              <dd>{formatMoment(details.deletedat)}</dd>
              <dt>Deleted By</dt>
              <dd>{details.deleted_by_email ?? 'Unknown'}</dd>
            </dl>
          )}
        </Modal>
      )}
    </Page>
  );
}

export default function VouchersPage({ business }: PageProps) {
  return <VouchersView businessid={business?.businessid ?? null} />;
}
