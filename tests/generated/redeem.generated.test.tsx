/**
 * Every transition of Redeem a Voucher, played through the real page with fake effects (lookup, redeem)
 * and a fake camera (getUserMedia and BarcodeDetector). Texts are the spec's (tests/spec/spec-texts.ts).
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect } from 'vitest';
import type { RedeemContext } from '#machines/redeem.machine.ts';
import { redeemEntry } from '#machines/samples/vouchers.samples.ts';
import { RedeemView } from '#src/features/redeem/redeem-page.tsx';
import { specTexts } from '../spec/spec-texts.ts';
import { describeFlow, type Flow } from './harness.tsx';

const live = (flow: Flow) => flow.live().context as RedeemContext;
const input = () => screen.getByLabelText<HTMLInputElement>('Voucher code');
const button = (name: string | RegExp) => screen.getByRole('button', { name });
const disabled = (el: HTMLElement) => el.matches(':disabled');

/** A camera the test answers: getUserMedia waits until `camera.grant()` or `camera.refuse(name)`. */
const camera = {
  pending: null as null | { resolve: (s: MediaStream) => void; reject: (e: unknown) => void },
  text: '',
  grant(text: string) {
    camera.text = text;
    camera.pending?.resolve({ getTracks: () => [] } as unknown as MediaStream);
  },
  refuse(name: string) {
    camera.pending?.reject(Object.assign(new Error(name), { name }));
  },
};
const originalDevices = Object.getOwnPropertyDescriptor(navigator, 'mediaDevices');
beforeEach(() => {
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: {
      getUserMedia: () =>
        new Promise<MediaStream>((resolve, reject) => {
          camera.pending = { resolve, reject };
        }),
    },
  });
  (globalThis as Record<string, unknown>).BarcodeDetector = class {
    static getSupportedFormats = async () => ['qr_code'];
    detect = async () => [{ rawValue: camera.text }];
  };
  HTMLMediaElement.prototype.play = async () => {};
});
afterEach(() => {
  if (originalDevices) Object.defineProperty(navigator, 'mediaDevices', originalDevices);
  else Reflect.deleteProperty(navigator, 'mediaDevices');
  Reflect.deleteProperty(globalThis, 'BarcodeDetector');
});

const leftScanning = (flow: Flow) => waitFor(() => expect(flow.live().value).not.toBe('scanning'));

function expectForm(flow: Flow) {
  expect(input().value).toBe(live(flow).code);
  expect(input().placeholder).toBe('ABC-123-XYZ');
}

function expectAlert(text: string | null) {
  if (text) expect(screen.getByRole('alert').textContent).toBe(text);
  else expect(screen.queryByRole('alert')).toBeNull();
}

function expectVoucher(flow: Flow, status: string) {
  const voucher = live(flow).voucher!;
  expect(screen.getByRole('heading', { name: voucher.title })).toBeTruthy();
  expect(screen.getByText(voucher.customer_email)).toBeTruthy();
  expect(screen.getByText(voucher.description)).toBeTruthy();
  expect(screen.getByText(status)).toBeTruthy();
  // Who redeemed it, beside the spec's "Already Redeemed" (decision 026): "Already Redeemed by Maya".
  const head = screen.getByText(status).parentElement!;
  if (status === specTexts.alreadyRedeemed && voucher.redeemedby)
    expect(head.textContent).toContain(`${specTexts.alreadyRedeemed} by ${voucher.redeemedby}`);
  else expect(head.textContent).not.toContain(' by ');
}

describeFlow(redeemEntry, {
  url: '/vouchers/redeem',
  render: (hooks) => <RedeemView {...hooks} />,
  perform: {
    'redeem.edit': (e: { code: string }) => {
      const field = input();
      if (field.value === e.code) {
        (field as unknown as { _valueTracker?: { setValue: (v: string) => void } })._valueTracker?.setValue(
          `${e.code}~`,
        );
      }
      fireEvent.change(field, { target: { value: e.code } });
    },
    // Enter in the code box submits the form, as "Look Up" does.
    'redeem.lookup': () => fireEvent.submit(input().closest('form')!),
    'redeem.confirm': () => fireEvent.click(button(specTexts.confirmRedemption)),
    'redeem.scan': () => fireEvent.click(button('Scan')),
    'redeem.cancelScan': () => fireEvent.click(button('Stop scanning')),
    'redeem.scanned': async (e: { text: string }, flow) => {
      await act(async () => camera.grant(e.text));
      await leftScanning(flow);
    },
    'redeem.scanFailed': async (e: { problem: string }, flow) => {
      await act(async () => camera.refuse(e.problem === 'denied' ? 'NotAllowedError' : 'NotFoundError'));
      await leftScanning(flow);
    },
  },
  expectUi: {
    idle: (_s, flow) => {
      expectForm(flow);
      expectAlert(live(flow).error);
      expect(disabled(button(specTexts.lookUp))).toBe(false);
      expect(screen.queryByRole('button', { name: specTexts.confirmRedemption })).toBeNull();
      expect(document.activeElement).toBe(input());
    },
    scanning: () => {
      expect(screen.getByLabelText('Camera view')).toBeTruthy();
      expect(button('Stop scanning')).toBeTruthy();
      expect(disabled(button('Scan'))).toBe(true);
    },
    lookingUp: (_s, flow) => {
      expect(disabled(button('Looking up...'))).toBe(true);
      expect(disabled(input())).toBe(true);
      // Trimmed and upper-cased before the lookup (spec §2).
      const sent = flow.fakes.lookupCode!.inputs.at(-1) as { code: string };
      expect(sent.code).toBe(sent.code.trim().toUpperCase());
      expect(sent.code).toBe(live(flow).code);
    },
    ready: (_s, flow) => {
      expectVoucher(flow, specTexts.readyToRedeem);
      expectAlert(live(flow).error);
      const confirm = button(specTexts.confirmRedemption);
      expect(disabled(confirm)).toBe(false);
      expect(document.activeElement).toBe(confirm);
    },
    alreadyRedeemed: (_s, flow) => {
      expectVoucher(flow, specTexts.alreadyRedeemed);
      expect(screen.getByText(specTexts.voucherUsed)).toBeTruthy();
      expect(screen.queryByRole('button', { name: specTexts.confirmRedemption })).toBeNull();
      // When it was used, for the customer standing at the counter.
      if (live(flow).voucher!.redeemedat) expect(screen.getByText(/^Redeemed .+\.$/)).toBeTruthy();
    },
    notFound: (_s, flow) => {
      expectForm(flow);
      expectAlert(live(flow).error);
      expect(input().getAttribute('aria-invalid')).toBe('true');
    },
    failed: (_s, flow) => {
      expectForm(flow);
      const error = live(flow).error!;
      expectAlert(error);
      // The server's message when it gave one, else the spec's fallback.
      const sample = flow.path.steps.at(-1)!.event as { error?: { message?: string } };
      if (sample.error?.message === '') expect(error).toBe(specTexts.lookupFailed);
    },
    redeeming: (_s, flow) => {
      expectVoucher(flow, specTexts.readyToRedeem);
      expect(disabled(button(specTexts.redeeming))).toBe(true);
      expect(flow.fakes.redeem!.inputs.at(-1)).toEqual({ issuedvoucherid: live(flow).voucher!.issuedvoucherid });
    },
    redeemed: (_s, flow) => {
      const { success, redeemedby } = live(flow);
      expect(screen.getByRole('status').textContent).toBe(`${success}${redeemedby ? `Redeemed by ${redeemedby}` : ''}`);
      expect(input().value).toBe('');
      expect(document.activeElement).toBe(input());
      expect(screen.queryByText(specTexts.readyToRedeem)).toBeNull();
    },
    conflict: (_s, flow) => {
      expectVoucher(flow, specTexts.alreadyRedeemed);
      expectAlert(live(flow).error);
      expect(screen.getByText(specTexts.voucherUsed)).toBeTruthy();
      expect(screen.queryByRole('button', { name: specTexts.confirmRedemption })).toBeNull();
    },
  },
});
