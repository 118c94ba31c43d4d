/** What the messaging flows' generated tests share: the tab's visibility as a browser changes it. */
import { act } from '@testing-library/react';
import { afterEach } from 'vitest';
import { fromPromise } from 'xstate';
import { chatMachine } from '#machines/chat.machine.ts';

let hidden = false;
Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
afterEach(() => {
  hidden = false;
});

/** The browser hides or shows the tab: the property changes, then visibilitychange fires. */
export function setTabHidden(value: boolean) {
  hidden = value;
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}
export const tabHidden = (value: boolean) => {
  hidden = value;
};

/** The chat with effects that never answer: for tests about something else (a poller, the panel). */
const waitingForever = () => fromPromise<any, any>(() => new Promise<never>(() => undefined));
export const idleChat = chatMachine.provide({
  actors: { sendMessage: waitingForever(), setActive: waitingForever() },
});
