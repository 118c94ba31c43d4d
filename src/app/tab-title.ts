/**
 * The tab title (document.title): "<page> · Business Portal", or the bare name while no page is shown,
 * led by the count of unread customer messages when there are any ("(3) Dashboard · Business Portal").
 * The page's title comes from its row in pages.ts; the unread count from the shell's conversations poll.
 */
import { useEffect } from 'react';

export const APP_NAME = 'Business Portal';

/** Unread customer messages, shown first in every tab title while the shell is on screen. */
let unreadInTitle = 0;
const unreadPrefix = () => (unreadInTitle > 0 ? `(${unreadInTitle}) ` : '');

/** The tab title of a page: "<page> · Business Portal", or the bare name; after the unread count, if any. */
export const documentTitle = (title?: string | null) =>
  `${unreadPrefix()}${title ? `${title} · ${APP_NAME}` : APP_NAME}`;

/** Sets the tab title from a page's row while the page is shown. */
export function useDocumentTitle(title: string | null | undefined) {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}

/** Puts the unread count in front of the tab title while mounted (the page's title stays); gone on unmount. */
export function useUnreadInTitle(count: number) {
  useEffect(() => {
    setUnreadInTitle(count);
    return () => setUnreadInTitle(0);
  }, [count]);
}

function setUnreadInTitle(count: number) {
  unreadInTitle = count;
  document.title = `${unreadPrefix()}${document.title.replace(/^\(\d+\) /, '')}`;
}
