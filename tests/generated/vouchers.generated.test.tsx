/**
 * Every transition of Voucher Management, played through the real page with fake effects (the lists,
 * one voucher, archiving, the PNG download and the printer; the form dialog answers at once).
 * Texts are the spec's (tests/spec/spec-texts.ts).
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import type { Voucher } from '#contracts/vouchers.ts';
import { demoVoucher, demoVoucherTypes, vouchersEntry } from '#machines/samples/vouchers.samples.ts';
import { voucherFormMachine } from '#machines/voucher-form.machine.ts';
import type { VouchersContext } from '#machines/vouchers.machine.ts';
import { QR_CAPTION } from '#src/features/vouchers/voucher-qr-modal.tsx';
import { VouchersView } from '#src/features/vouchers/vouchers-page.tsx';
import { ToastContext } from '#src/ui/toast.tsx';
import { specTexts } from '../spec/spec-texts.ts';
import { describeFlow, type Flow } from './harness.tsx';

const live = (flow: Flow) => flow.live().context as VouchersContext;
const button = (name: string | RegExp) => screen.getByRole('button', { name });
const dialog = (name: string) => screen.queryByRole('dialog', { name }) ?? screen.queryByRole('alertdialog', { name });
const formLogic = voucherFormMachine.provide({
  actors: {
    loadTypes: fromPromise(async () => demoVoucherTypes),
    saveVoucher: fromPromise(async ({ input }) => ({ ...demoVoucher, title: String(input.body.title) }) as Voucher),
  },
});

function expectList(flow: Flow) {
  const { list, status } = live(flow);
  expect(button('Active').getAttribute('aria-pressed')).toBe(String(status === 'active'));
  expect(button('Archived').getAttribute('aria-pressed')).toBe(String(status === 'archived'));
  if (!list) return;
  if (list.length === 0) {
    expect(
      screen.getByText(status === 'active' ? specTexts.noActiveVouchers : specTexts.noArchivedVouchers),
    ).toBeTruthy();
    return;
  }
  const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
  expect(headers).toEqual(
    status === 'active'
      ? ['Title', 'Type', 'Value', 'Status', 'End Date', 'Actions']
      : ['Title', 'Type', 'Value', 'Deleted At', 'Deleted By', 'Actions'],
  );
  for (const v of list) {
    const row = screen.getByRole('rowheader', { name: new RegExp(v.title) }).closest('tr')!;
    const r = within(row);
    expect(r.getByText(v.voucher_type)).toBeTruthy();
    if (status === 'active') {
      expect(r.getByText(v.isactive ? 'Active' : 'Inactive')).toBeTruthy();
      expect(r.getByRole('button', { name: new RegExp(`^${specTexts.showQrCode}`) })).toBeTruthy();
      expect(r.getByRole('button', { name: /^Edit/ })).toBeTruthy();
      expect(r.getByRole('button', { name: /^Duplicate/ })).toBeTruthy();
      expect(r.getByRole('button', { name: /^Delete/ })).toBeTruthy();
    } else {
      expect(r.getAllByText(v.deleted_by_email ?? 'N/A').length).toBeGreaterThan(0);
      expect(r.getByRole('button', { name: /^View/ })).toBeTruthy();
    }
  }
}

const rowButton = (label: RegExp) => screen.getAllByRole('button', { name: label })[0]!;

describeFlow(vouchersEntry, {
  spies: ['downloadQr', 'printCard'],
  render: (hooks, flow) => (
    <ToastContext.Provider value={flow.spy('toast')}>
      <VouchersView businessid="b-demo" today="2026-11-24" formLogic={formLogic} {...hooks} />
    </ToastContext.Provider>
  ),
  perform: {
    'vouchers.show': (e: { status: string }) => fireEvent.click(button(e.status === 'active' ? 'Active' : 'Archived')),
    'vouchers.retry': () => fireEvent.click(button('Try again')),
    'vouchers.create': () => fireEvent.click(button(specTexts.createNewVoucher)),
    'vouchers.edit': () => fireEvent.click(rowButton(/^Edit/)),
    'vouchers.duplicate': () => fireEvent.click(rowButton(/^Duplicate/)),
    'vouchers.delete': () => fireEvent.click(rowButton(/^Delete/)),
    'vouchers.qr': () => fireEvent.click(rowButton(new RegExp(`^${specTexts.showQrCode}`))),
    'vouchers.view': () => fireEvent.click(rowButton(/^View/)),
    'vouchers.confirmDelete': () => fireEvent.click(button(specTexts.confirmDelete)),
    'vouchers.download': (_e, flow) => {
      fireEvent.click(button(specTexts.downloadAsPng));
      expect(flow.spy('downloadQr')).toHaveBeenCalledWith(expect.anything(), { voucher: live(flow).selected });
    },
    'vouchers.print': (_e, flow) => {
      const before = flow.spy('printCard').mock.calls.length;
      fireEvent.click(button('Print'));
      expect(flow.spy('printCard')).toHaveBeenCalledTimes(before + 1);
    },
    // The form dialog is its own machine (fakes that answer at once): fill it in if new, then save.
    'vouchers.saved': async (_e, flow) => {
      const creating = live(flow).selected === null;
      const name = creating ? specTexts.createNewVoucher : specTexts.editVoucher;
      await waitFor(() => within(dialog(name)!).getByLabelText('Title'));
      const d = within(dialog(name)!);
      if (creating) {
        fireEvent.change(d.getByLabelText('Title'), { target: { value: 'Two for one flat whites' } });
        fireEvent.change(d.getByLabelText('Description'), { target: { value: 'Bring a friend.' } });
        fireEvent.change(d.getByLabelText('Value'), { target: { value: '3.20' } });
        fireEvent.change(d.getByLabelText(/^Rules/), { target: { value: 'Weekdays only.' } });
      }
      fireEvent.click(d.getByRole('button', { name: creating ? 'Create Voucher' : 'Save Changes' }));
      await act(async () => {});
      await waitFor(() => expect(flow.live().value).toBe('loading'));
      expect(flow.spy('toast')).toHaveBeenCalledWith(
        creating ? 'Created “Two for one flat whites”.' : `Saved “${demoVoucher.title}”.`,
      );
    },
    'vouchers.close': () => {
      const open = screen.queryAllByRole('dialog').concat(screen.queryAllByRole('alertdialog'));
      const cancel = within(open[0]!).queryByRole('button', { name: 'Cancel' });
      fireEvent.click(cancel ?? within(open[0]!).getAllByRole('button', { name: 'Close' }).at(-1)!);
    },
  },
  expectUi: {
    loading: (_s, flow) => {
      expect(screen.getByRole('status').textContent).toBe('Loading vouchers...');
      expect(flow.fakes.loadVouchers!.inputs.at(-1)).toEqual({ status: live(flow).status });
    },
    failed: () => {
      expect(screen.getByRole('alert').textContent).toContain(specTexts.vouchersFailed);
    },
    'ready.list': (_s, flow) => {
      expectList(flow);
      expect(screen.queryByRole('dialog')).toBeNull();
      const { error } = live(flow);
      if (error) expect(screen.getByRole('alert').textContent).toBe(error);
      expect(button(specTexts.createNewVoucher).matches(':disabled')).toBe(live(flow).status !== 'active');
    },
    'ready.form': (_s, flow) => {
      // "Duplicate" opens Create New Voucher (filled in from the row: tests/unit/owner-polish.test.tsx).
      const name = live(flow).selected ? specTexts.editVoucher : specTexts.createNewVoucher;
      expect(dialog(name)).not.toBeNull();
    },
    'ready.confirmDelete': (_s, flow) => {
      const d = within(dialog(specTexts.confirmDeletion)!);
      expect(d.getByText(specTexts.cannotBeUndone)).toBeTruthy();
      expect(d.getByText(new RegExp(live(flow).selected!.title))).toBeTruthy();
      // Focus starts on the way out: Enter never archives by accident (decision 005).
      expect(document.activeElement).toBe(d.getByRole('button', { name: 'Cancel' }));
      expect(d.getByRole('button', { name: specTexts.confirmDelete }).matches(':disabled')).toBe(false);
    },
    'ready.deleting': (_s, flow) => {
      const d = within(dialog(specTexts.confirmDeletion)!);
      expect(d.getByRole('button', { name: 'Deleting...' }).matches(':disabled')).toBe(true);
      expect(flow.fakes.archiveVoucher!.inputs.at(-1)).toEqual({ voucherid: live(flow).selected!.voucherid });
    },
    'ready.qr': (_s, flow) => {
      const d = within(dialog(specTexts.issueVoucherViaQr)!);
      const qr = d.getByRole('img', { name: `QR code to claim ${live(flow).selected!.title}` });
      expect(qr.getAttribute('data-link')).toBe(`loyaltyapp://claim-voucher/${live(flow).selected!.voucherid}`);
      expect(qr.getAttribute('height')).toBe('256');
      expect(d.getByText(QR_CAPTION)).toBeTruthy();
      expect(d.getByText(live(flow).selected!.rules)).toBeTruthy();
      expect(d.getByRole('button', { name: specTexts.downloadAsPng })).toBeTruthy();
    },
    'ready.loadingDetails': (_s, flow) => {
      const d = within(dialog(specTexts.archivedVoucherDetails)!);
      expect(d.getByRole('status').textContent).toBe('Loading voucher...');
      expect(flow.fakes.loadVoucher!.inputs.at(-1)).toEqual({ voucherid: live(flow).selected!.voucherid });
    },
    'ready.details': (_s, flow) => {
      const { details } = live(flow);
      const d = within(dialog(specTexts.archivedVoucherDetails)!);
      expect(d.getByText(details!.title)).toBeTruthy();
      expect(d.getByText(details!.description)).toBeTruthy();
      expect(d.getByText(details!.voucher_type)).toBeTruthy();
      expect(d.getByText(details!.deleted_by_email ?? 'Unknown')).toBeTruthy();
    },
  },
});
