/** The real effects of Voucher Management and the voucher form: the API, the PNG download, the printer. */
import { fromPromise } from 'xstate';
import type { Voucher, VoucherType } from '#contracts/vouchers.ts';
import type { SaveVoucherInput } from '#machines/voucher-form.machine.ts';
import { voucherFormMachine } from '#machines/voucher-form.machine.ts';
import { type VoucherStatus, vouchersMachine } from '#machines/vouchers.machine.ts';
import { toFailure } from '#src/api/errors.ts';
import {
  archiveVoucher,
  createVoucher,
  getMyVouchers,
  getVoucher,
  getVoucherTypes,
  updateVoucher,
} from '#src/api/vouchers.ts';

/** Runs an API call and hands a failure to the machine in the one shape machines read. */
const call =
  <TIn, TOut>(run: (input: TIn, signal: AbortSignal) => Promise<TOut>) =>
  async ({ input, signal }: { input: TIn; signal: AbortSignal }) => {
    try {
      return await run(input, signal);
    } catch (error) {
      throw toFailure(error);
    }
  };

/** The QR modal's canvas (voucher-qr-modal.tsx draws it with this id). */
export const QR_CANVAS_ID = 'voucher-qr-canvas';

/** "<title>.png", without characters a file system refuses. */
export const pngName = (title: string) => `${title.replace(/[\\/:*?"<>|]+/g, '-').trim() || 'voucher'}.png`;

function downloadQr(_: unknown, { voucher }: { voucher: Voucher }) {
  const canvas = document.getElementById(QR_CANVAS_ID) as HTMLCanvasElement | null;
  if (!canvas) return;
  canvas.toBlob((blob) => {
    if (!blob) return;
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = pngName(voucher.title);
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }, 'image/png');
}

/** The print stylesheet shows only the counter card while <html> has .print-voucher (print.css). */
function printCard() {
  const root = document.documentElement;
  root.classList.add('print-voucher');
  const done = () => root.classList.remove('print-voucher');
  window.addEventListener('afterprint', done, { once: true });
  window.print();
  setTimeout(done, 1000);
}

export const liveVouchersLogic = vouchersMachine.provide({
  actors: {
    loadVouchers: fromPromise(call(({ status }: { status: VoucherStatus }, signal) => getMyVouchers(status, signal))),
    loadVoucher: fromPromise(call(({ voucherid }: { voucherid: string }, signal) => getVoucher(voucherid, signal))),
    archiveVoucher: fromPromise(
      call(({ voucherid }: { voucherid: string }, signal) => archiveVoucher(voucherid, signal)),
    ),
  },
  actions: { downloadQr, printCard },
});

export const liveVoucherFormLogic = voucherFormMachine.provide({
  actors: {
    loadTypes: fromPromise<VoucherType[], void>(call((_: unknown, signal) => getVoucherTypes(signal))),
    saveVoucher: fromPromise(
      call(({ businessid, voucherid, body }: SaveVoucherInput, signal) =>
        voucherid ? updateVoucher(voucherid, body, signal) : createVoucher(businessid, body, signal),
      ),
    ),
  },
});
