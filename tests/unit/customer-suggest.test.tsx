/**
 * Customer Email's suggestions inside the real "Create New Booking" dialog, with fake searches and a
 * SimulatedClock (no real waiting): one character asks nothing, two list matches after the pause, a
 * search replaced by newer typing is aborted and its late answer never shown, ArrowDown + Enter or a
 * click fills the e-mail, Escape closes only the list, and a failed search leaves a plain e-mail input.
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise, SimulatedClock } from 'xstate';
import type { CustomerSuggestion, Slot } from '#contracts/bookings.ts';
import { bookingFormMachine, type SlotsRequest } from '#machines/booking-form.machine.ts';
import { customerSuggestMachine, SUGGEST_DEBOUNCE_MS } from '#machines/customer-suggest.machine.ts';
import { windowTable } from '#machines/samples/bookings.samples.ts';
import { BookingFormModal } from '#src/features/bookings/booking-form-modal.tsx';

const ada: CustomerSuggestion = {
  customerid: '11111111-1111-4111-8111-111111111111',
  firstname: 'Ada',
  lastname: 'Lovelace',
  email: 'ada@customers.example',
  kind: 'follower',
};
const walkIn: CustomerSuggestion = {
  customerid: '22222222-2222-4222-8222-222222222222',
  firstname: null,
  lastname: null,
  email: 'adam.walkin@guests.example',
  kind: 'guest',
};

/** The options of Customer Email's list (the dialog's selects have options of their own). */
const suggestions = () => {
  const input = screen.getByRole('combobox', { name: 'Customer Email' });
  return [
    ...(document.getElementById(input.getAttribute('aria-controls')!)?.querySelectorAll('[role="option"]') ?? []),
  ];
};

function mount() {
  const calls: Array<{
    q: string;
    signal: AbortSignal;
    resolve: (s: CustomerSuggestion[]) => void;
    reject: (e: unknown) => void;
  }> = [];
  const search = fromPromise<CustomerSuggestion[], { q: string }>(
    ({ input, signal }) => new Promise((resolve, reject) => calls.push({ q: input.q, signal, resolve, reject })),
  );
  const clock = new SimulatedClock();
  const onClose = vi.fn();
  render(
    <BookingFormModal
      resources={[windowTable]}
      today="2026-11-23"
      onCreated={vi.fn()}
      onClose={onClose}
      logic={bookingFormMachine.provide({
        actors: { loadSlots: fromPromise<Slot[], SlotsRequest>(() => new Promise(() => {})) },
      })}
      suggest={{ logic: customerSuggestMachine.provide({ actors: { searchCustomers: search } }), options: { clock } }}
    />,
  );
  const input = screen.getByRole<HTMLInputElement>('combobox', { name: 'Customer Email' });
  const type = (value: string) => fireEvent.change(input, { target: { value } });
  const pause = () => act(() => clock.increment(SUGGEST_DEBOUNCE_MS));
  const answer = async (n: number, outcome: CustomerSuggestion[] | Error) => {
    await act(async () => {
      if (outcome instanceof Error) calls[n]!.reject(outcome);
      else calls[n]!.resolve(outcome);
    });
  };
  return { calls, input, type, pause, answer, onClose };
}

describe("Create Booking's Customer Email suggestions", () => {
  it('keeps the spec field: a required e-mail input labelled "Customer Email"', () => {
    const { input } = mount();
    expect(input.type).toBe('email');
    expect(input.required).toBe(true);
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('asks nothing for one character, lists matches for two after the pause, and a click fills the e-mail', async () => {
    const { calls, input, type, pause, answer } = mount();
    type('a');
    pause();
    expect(calls).toHaveLength(0);

    type('ad');
    expect(calls).toHaveLength(0); // not before the pause
    pause();
    expect(calls.map((c) => c.q)).toEqual(['ad']);
    await answer(0, [ada, walkIn]);

    expect(input.getAttribute('aria-expanded')).toBe('true');
    const list = screen.getByRole('listbox', { name: 'Matching customers' });
    expect(input.getAttribute('aria-controls')).toBe(list.id);
    const options = within(list).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Ada Lovelaceada@customers.exampleFollower',
      'adam.walkin@guests.exampleadam.walkin@guests.examplePast guest',
    ]);

    fireEvent.click(options[1]!);
    expect(input.value).toBe(walkIn.email);
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(suggestions()).toHaveLength(0);
  });

  it('moves with the arrow keys, picks with Enter, and closes only the list on Escape', async () => {
    const { input, type, pause, answer, onClose } = mount();
    type('ad');
    pause();
    await answer(0, [ada, walkIn]);

    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    const first = suggestions()[0]!;
    expect(input.getAttribute('aria-activedescendant')).toBe(first.id);
    expect(first.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(input.value).toBe(ada.email);

    type('ada@');
    pause();
    await answer(1, [ada]);
    expect(suggestions()).toHaveLength(1);
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(suggestions()).toHaveLength(0);
    expect(input.value).toBe('ada@');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Create New Booking' })).toBeTruthy();
  });

  it('aborts a search that newer typing replaced and never shows its late answer', async () => {
    const { calls, type, pause, answer } = mount();
    type('ad');
    pause();
    type('ada');
    expect(calls[0]!.signal.aborted).toBe(true);
    pause();
    expect(calls.map((c) => c.q)).toEqual(['ad', 'ada']);
    await answer(1, [ada]);
    await answer(0, [ada, walkIn]);
    expect(suggestions()).toHaveLength(1);
  });

  it('stays quiet when the search fails: no list, no message, the typed e-mail kept', async () => {
    const { input, type, pause, answer } = mount();
    type('new.guest@example.com');
    pause();
    await answer(0, new Error('offline'));
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.queryByText(/Could not load matching customers/)).toBeNull();
    expect(input.value).toBe('new.guest@example.com');
  });
});
