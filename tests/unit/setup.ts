import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Vitest globals are off, so Testing Library cannot register its own cleanup.
afterEach(cleanup);

// findBy*/waitFor give up after 5 s instead of 1 s: a view that lazy-loads its page chunk (the router
// tests) took just over 1 s when the machine's two cores were busy with other test files, and failed
// for that alone. A view that never shows what is awaited still fails, 4 s later.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lays nothing out, so every element reports no boxes, which focus-trap (tabbable) reads as "not
// displayed": nothing could take focus. Give connected elements outside [hidden] one box, as a browser would.
// (Files that run in the node environment, such as the lint-rule probes, have no DOM to patch.)
if (typeof Element !== 'undefined') {
  const box = { length: 1, item: () => new DOMRect(0, 0, 1, 1), 0: new DOMRect(0, 0, 1, 1) };
  const none = { length: 0, item: () => null };
  Element.prototype.getClientRects = function getClientRects(this: Element) {
    return (this.isConnected && !this.closest('[hidden]') ? box : none) as unknown as DOMRectList;
  };
}

// In the built app the Forgot Password dialog is a chunk of its own, fetched when the link that opens it
// is hovered or focused (src/features/auth/forgot-password-dialog.tsx; the e2e tests open it in Chromium).
// Views here see it already fetched, so a click shows the dialog in the same render.
if (typeof document !== 'undefined') {
  const { forgotPasswordChunk } = await import('#src/features/auth/forgot-password-dialog.tsx');
  await forgotPasswordChunk.load();
}
