import type { ChangeEvent } from 'react';
import { Field } from './field.tsx';

/**
 * A search box over a list: a labelled `type="search"` input in a search landmark, its hint announced
 * with it. The caller debounces (the followers' machine, or `useDebounced` for a list already loaded).
 */
export function SearchField({
  label,
  hint,
  value,
  onSearch,
  event,
}: {
  label: string;
  hint?: string;
  value: string;
  onSearch: (value: string) => void;
  /** The machine event the box sends (data-event for the generated tests). */
  event?: string;
}) {
  return (
    <search className="search-field">
      <Field
        label={label}
        hint={hint}
        type="search"
        value={value}
        autoComplete="off"
        spellCheck={false}
        maxLength={100}
        data-event={event}
        onChange={(e: ChangeEvent<HTMLInputElement>) => onSearch(e.target.value)}
      />
    </search>
  );
}
