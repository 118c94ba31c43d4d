/**
 * The counter's camera: reads a QR code from the customer's screen. BarcodeDetector where the browser has
 * it (Chrome on Android, macOS), else jsQR on canvas frames (loaded only when scanning starts). Reports
 * what it read, or why there is no camera (refused, or none), to the redeem machine through callbacks.
 */
import { useEffect, useRef } from 'react';
import type { ScanProblem } from '#machines/redeem.machine.ts';
import { Button } from '#src/ui/button.tsx';

interface Detector {
  detect: (source: HTMLVideoElement) => Promise<Array<{ rawValue: string }>>;
}
type DetectorClass = { new (options: { formats: string[] }): Detector; getSupportedFormats?: () => Promise<string[]> };

const SCAN_EVERY_MS = 200;

/** The camera's refusal as the machine names it. */
export function scanProblemOf(error: unknown): ScanProblem {
  const name = (error as { name?: string } | null)?.name ?? '';
  return name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError'
    ? 'denied'
    : 'unavailable';
}

async function frameReader(video: HTMLVideoElement): Promise<() => Promise<string | null>> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (Native && (await Native.getSupportedFormats?.())?.includes('qr_code')) {
    const detector = new Native({ formats: ['qr_code'] });
    return async () => (await detector.detect(video))[0]?.rawValue ?? null;
  }
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async () => {
    if (!context || video.videoWidth === 0) return null;
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    context.drawImage(video, 0, 0);
    const frame = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(frame.data, frame.width, frame.height)?.data ?? null;
  };
}

export function QrScanner({
  onScanned,
  onFailed,
  onCancel,
}: {
  onScanned: (text: string) => void;
  onFailed: (problem: ScanProblem) => void;
  onCancel: () => void;
}) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const callbacks = useRef({ onScanned, onFailed });
  callbacks.current = { onScanned, onFailed };

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    (async () => {
      if (!navigator.mediaDevices?.getUserMedia) return callbacks.current.onFailed('unavailable');
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      } catch (error) {
        if (!stopped) callbacks.current.onFailed(scanProblemOf(error));
        return;
      }
      const video = videoRef.current;
      if (stopped || !video) return;
      video.srcObject = stream;
      await video.play().catch(() => {});
      const read = await frameReader(video);
      const tick = async () => {
        if (stopped) return;
        const text = await read().catch(() => null);
        if (stopped) return;
        if (text) callbacks.current.onScanned(text);
        else timer = setTimeout(tick, SCAN_EVERY_MS);
      };
      tick();
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  return (
    <div className="scanner">
      <video ref={videoRef} className="scanner-video" muted playsInline aria-label="Camera view" />
      <p className="scanner-hint">Hold the customer's QR code inside the frame.</p>
      <Button variant="secondary" onClick={onCancel} data-event="redeem.cancelScan">
        Stop scanning
      </Button>
    </div>
  );
}
