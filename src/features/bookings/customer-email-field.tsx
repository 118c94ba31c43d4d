/**
 * Customer Email of "Create New Booking" (spec §2) with the suggestions of issue 24: the spec's required
 * e-mail input, made an ARIA combobox whose listbox lists matching followers and past guests (the
 * customer-suggest machine). Picking one fills the e-mail; any other address is a guest as before.
 */
import type { KeyboardEvent } from 'react';
import { useId } from 'react';
import { type customerSuggestMachine, suggestionName } from '#machines/customer-suggest.machine.ts';
import { type FlowHooks, useFlowActor } from '#src/lib/use-flow-actor.ts';
import { liveCustomerSuggestLogic } from './bookings.wiring.ts';

export interface CustomerEmailFieldProps extends FlowHooks<typeof customerSuggestMachine> {
  value: string;
  error?: string;
  disabled?: boolean;
  /** The e-mail typed or picked, for the booking form. */
  onChange: (value: string) => void;
}

export function CustomerEmailField({
  value,
  error,
  disabled,
  onChange,
  logic = liveCustomerSuggestLogic,
  options,
}: CustomerEmailFieldProps) {
  const [state, send] = useFlowActor(
    logic.provide({ actions: { fill: (_, { email }: { email: string }) => onChange(email) } }),
    { options },
  );
  const ids = useId();
  const { suggestions, active } = state.context;
  const open = state.hasTag('open');
  const listId = `${ids}-suggestions`;
  const optionId = (index: number) => `${ids}-option-${index}`;
  const errorId = `${ids}-error`;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!open) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      send({ type: event.key === 'ArrowDown' ? 'suggest.next' : 'suggest.previous' });
    } else if (event.key === 'Enter' && active >= 0) {
      event.preventDefault();
      send({ type: 'suggest.pick', index: active });
    } else if (event.key === 'Escape') {
      // Only the list closes: the dialog's focus trap leaves an open combobox's Escape to it.
      send({ type: 'suggest.close' });
    }
  };

  return (
    <div className="field customer-email">
      <label className="field-label" htmlFor={`${ids}-input`}>
        Customer Email
      </label>
      <input
        id={`${ids}-input`}
        className="input"
        type="email"
        required
        autoComplete="off"
        placeholder="customer@example.com"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        value={value}
        disabled={disabled}
        onChange={(event) => {
          onChange(event.target.value);
          send({ type: 'suggest.type', value: event.target.value });
        }}
        onKeyDown={onKeyDown}
        onBlur={() => send({ type: 'suggest.close' })}
      />
      <div id={listId} role="listbox" aria-label="Matching customers" className="suggestions" hidden={!open}>
        {open &&
          suggestions.map((s, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys (ArrowUp/Down, Enter)
            <div
              key={`${s.kind}-${s.customerid}`}
              id={optionId(index)}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              className={index === active ? 'suggestion is-active' : 'suggestion'}
              // Keeps the focus in the input, so its blur does not close the list before the click.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => send({ type: 'suggest.pick', index })}
            >
              <span className="suggestion-name">{suggestionName(s)}</span>
              <span className="suggestion-email">{s.email}</span>
              <span className="suggestion-kind">{s.kind === 'follower' ? 'Follower' : 'Past guest'}</span>
            </div>
          ))}
      </div>
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
