/**
 * "Issue Voucher via QR Code" (spec §2): a 256 px QR code of the app's claim link, the caption, "Download
 * as PNG" (<title>.png) and "Print" (a counter card: title, QR code and rules on one page).
 */
import { QRCodeCanvas } from 'qrcode.react';
import { claimVoucherLink, type Voucher } from '#contracts/vouchers.ts';
import { appScheme } from '#src/api/client.ts';
import { Button } from '#src/ui/button.tsx';
import { PrintIcon } from '#src/ui/icons.tsx';
import { Modal } from '#src/ui/modal.tsx';
import { formatDay } from './format.ts';
import { QR_CANVAS_ID } from './vouchers.wiring.ts';

export const QR_SIZE = 256;
export const QR_CAPTION = 'Customers scan this code with the app to claim the voucher.';

export function VoucherQrModal({
  voucher,
  onDownload,
  onPrint,
  onClose,
}: {
  voucher: Voucher;
  onDownload: () => void;
  onPrint: () => void;
  onClose: () => void;
}) {
  const link = claimVoucherLink(appScheme(), voucher.voucherid);
  return (
    <Modal
      title="Issue Voucher via QR Code"
      onClose={onClose}
      className="voucher-qr-modal"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} data-event="vouchers.close">
            Close
          </Button>
          <Button variant="secondary" onClick={onPrint} data-event="vouchers.print">
            <PrintIcon />
            Print
          </Button>
          <Button onClick={onDownload} data-event="vouchers.download">
            Download as PNG
          </Button>
        </>
      }
    >
      <section className="voucher-card" aria-labelledby="voucher-card-title">
        <h3 id="voucher-card-title" className="voucher-card-title">
          {voucher.title}
        </h3>
        <QRCodeCanvas
          id={QR_CANVAS_ID}
          value={link}
          size={QR_SIZE}
          marginSize={2}
          level="M"
          role="img"
          aria-label={`QR code to claim ${voucher.title}`}
          data-link={link}
        />
        <p className="qr-caption">{QR_CAPTION}</p>
        <p className="voucher-card-valid">
          Valid {formatDay(voucher.startdate)} – {formatDay(voucher.enddate)}
        </p>
        <p className="voucher-card-rules">{voucher.rules}</p>
      </section>
    </Modal>
  );
}
