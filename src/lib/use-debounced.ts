import { useEffect, useState } from 'react';

/** How long a search box over a list already loaded waits for a pause in typing. */
export const SEARCH_DEBOUNCE_MS = 200;

/** `value`, once it has not changed for `ms` (a list filtered as the owner types does not redraw per key). */
export function useDebounced<T>(value: T, ms = SEARCH_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** Whether `text` holds every word of `query`, case-insensitively (blank: everything matches). */
export const matchesEveryWord = (query: string, ...texts: Array<string | null | undefined>) => {
  const haystack = texts.filter(Boolean).join(' ').toLocaleLowerCase();
  return query
    .toLocaleLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
};
