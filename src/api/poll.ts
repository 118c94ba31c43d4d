/** What every poller's wiring shares (messaging, the bookings calendar): failures and the tab's visibility. */
import { fromCallback } from 'xstate';
import type { PollerEvent, PollFailure } from '#machines/poller.machine.ts';
import type { PollError } from './client.ts';
import { ApiError, toFailure } from './errors.ts';

/** Spec §8: a failed conversations load stores "HTTP {status}: {statusText}"; no answer at all keeps the network text. */
export function pollFailure(error: unknown): PollFailure {
  const failed = error as PollError;
  if (failed instanceof ApiError && failed.kind === 'http' && failed.status) {
    return {
      message: `HTTP ${failed.status}: ${failed.statusText ?? ''}`.trim(),
      status: failed.status,
      ...(failed.retryAfter === undefined ? {} : { retryAfter: failed.retryAfter }),
    };
  }
  return toFailure(error);
}

/** The tab's visibility, as the pollers hear it (document.visibilityState and its change event). */
export const isHidden = () => typeof document !== 'undefined' && document.visibilityState === 'hidden';
export const visibility = fromCallback(({ sendBack }) => {
  const onChange = () => {
    const event: PollerEvent = { type: isHidden() ? 'visibility.hidden' : 'visibility.visible' };
    sendBack(event);
  };
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
});
