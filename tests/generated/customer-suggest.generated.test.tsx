/**
 * Every transition of Customer Email's suggestions, played through the real field (the combobox of
 * "Create New Booking") with a fake search: nothing is asked under 2 characters, the search waits for
 * the pause, a newer search replaces the older, picking fills the e-mail, Escape closes, failures are quiet.
 */
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { expect } from 'vitest';
import { type CustomerSuggestContext, suggestionName } from '#machines/customer-suggest.machine.ts';
import { customerSuggestEntry } from '#machines/samples/bookings.samples.ts';
import { CustomerEmailField, type CustomerEmailFieldProps } from '#src/features/bookings/customer-email-field.tsx';
import { describeFlow, type Flow } from './harness.tsx';

const live = (flow: Flow) => flow.live().context as CustomerSuggestContext;
const input = () => screen.getByRole<HTMLInputElement>('combobox', { name: 'Customer Email' });
const options = () => screen.queryAllByRole('option');

/** The booking form's part: it keeps the e-mail the field reports. */
function Form(props: Pick<CustomerEmailFieldProps, 'logic' | 'options'> & { onFill: (v: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <CustomerEmailField
      value={value}
      onChange={(v) => {
        setValue(v);
        props.onFill(v);
      }}
      logic={props.logic}
      options={props.options}
    />
  );
}

function expectClosed() {
  expect(input().getAttribute('aria-expanded')).toBe('false');
  expect(input().getAttribute('aria-activedescendant')).toBeNull();
  expect(options()).toHaveLength(0);
  // Still the spec's required e-mail input.
  expect(input().type).toBe('email');
  expect(input().required).toBe(true);
}

describeFlow(customerSuggestEntry, {
  render: (hooks, flow) => <Form {...hooks} onFill={flow.spy('onFill')} />,
  perform: {
    'suggest.type': (e: { value: string }) => {
      const field = input();
      if (field.value === e.value) {
        (field as unknown as { _valueTracker?: { setValue: (v: string) => void } })._valueTracker?.setValue(
          `${e.value}~`,
        );
      }
      fireEvent.change(field, { target: { value: e.value } });
    },
    'suggest.next': () => fireEvent.keyDown(input(), { key: 'ArrowDown' }),
    'suggest.previous': () => fireEvent.keyDown(input(), { key: 'ArrowUp' }),
    'suggest.pick': (e: { index: number }, flow) => {
      flow.memo.picked = live(flow).suggestions[e.index]?.email;
      // A mouse click, or Enter when that option is the highlighted one.
      if (live(flow).active === e.index) fireEvent.keyDown(input(), { key: 'Enter' });
      else fireEvent.click(options()[e.index]!);
    },
    'suggest.close': () => fireEvent.keyDown(input(), { key: 'Escape' }),
  },
  expectUi: {
    closed: (_s, flow) => {
      expectClosed();
      const picked = flow.memo.picked as string | undefined;
      if (picked) {
        // The picked e-mail is in the field (and told to the form).
        expect(input().value).toBe(picked);
        expect(flow.spy('onFill')).toHaveBeenLastCalledWith(picked);
        flow.memo.picked = undefined;
      }
      // Under 2 characters, nobody matching or a failure: no search is running.
      expect(flow.fakes.searchCustomers?.pending ?? 0).toBe(0);
    },
    waiting: (_s, flow) => {
      expectClosed();
      // Nothing is asked before the pause; an older search was stopped.
      expect(flow.fakes.searchCustomers?.pending ?? 0).toBe(0);
    },
    searching: (_s, flow) => {
      expectClosed();
      expect(flow.fakes.searchCustomers?.pending).toBe(1);
      expect(flow.fakes.searchCustomers?.inputs.at(-1)).toEqual({ q: live(flow).query.trim() });
    },
    open: (_s, flow) => {
      const ctx = live(flow);
      expect(input().getAttribute('aria-expanded')).toBe('true');
      const listbox = screen.getByRole('listbox', { name: 'Matching customers' });
      expect(input().getAttribute('aria-controls')).toBe(listbox.id);
      const shown = options();
      expect(shown).toHaveLength(ctx.suggestions.length);
      ctx.suggestions.forEach((s, index) => {
        const text = shown[index]!.textContent;
        expect(text).toContain(suggestionName(s));
        expect(text).toContain(s.email);
        expect(text).toContain(s.kind === 'follower' ? 'Follower' : 'Past guest');
        expect(shown[index]!.getAttribute('aria-selected')).toBe(String(index === ctx.active));
      });
      expect(input().getAttribute('aria-activedescendant')).toBe(ctx.active >= 0 ? shown[ctx.active]!.id : null);
    },
  },
});
