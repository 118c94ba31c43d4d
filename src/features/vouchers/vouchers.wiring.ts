/** The real effects of Voucher Management and the voucher form: the API, the PNG download, the printer. */
import type { Voucher } from '#contracts/vouchers.ts';
import { voucherFormMachine } from '#machines/voucher-form.machine.ts';
import { vouchersMachine } from '#machines/vouchers.machine.ts';
import { apiEffect } from '#src/api/effect.ts';
import {
  archiveVoucher,
  createVoucher,
  getMyVouchers,
  getVoucher,
  getVoucherTypes,
  updateVoucher,
} from '#src/api/vouchers.ts';

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
    loadVouchers: apiEffect(({ status }, signal) => getMyVouchers(status, signal)),
    loadVoucher: apiEffect(({ voucherid }, signal) => getVoucher(voucherid, signal)),
    archiveVoucher: apiEffect(({ voucherid }, signal) => archiveVoucher(voucherid, signal)),
  },
  actions: { downloadQr, printCard },
});

export const liveVoucherFormLogic = voucherFormMachine.provide({
  actors: {
    loadTypes: apiEffect((_, signal) => getVoucherTypes(signal)),
    saveVoucher: apiEffect(({ businessid, voucherid, body }, signal) =>
      voucherid ? updateVoucher(voucherid, body, signal) : createVoucher(businessid, body, signal),
    ),
  },
});
