/**
 * The booking form's slot requests, at actor level with promises the test settles out of order: an
 * answer to a request that a changed field replaced is never applied, and its request is aborted.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Slot } from '#contracts/bookings.ts';
import { bookingFormMachine, type SlotsRequest } from '#machines/booking-form.machine.ts';
import { windowTable } from '#machines/samples/bookings.samples.ts';

const slot = (start: string): Slot => ({ start, end: start });

function fakeSlots() {
  const calls: Array<{ input: SlotsRequest; signal: AbortSignal; resolve: (slots: Slot[]) => void }> = [];
  const logic = fromPromise<Slot[], SlotsRequest>(
    ({ input, signal }) => new Promise((resolve) => calls.push({ input, signal, resolve })),
  );
  return { calls, logic };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('slot requests of the booking form', () => {
  it('stops a request that a change replaced and never applies its late answer', async () => {
    const fake = fakeSlots();
    const actor = createActor(bookingFormMachine.provide({ actors: { loadSlots: fake.logic } }), {
      input: { resources: [windowTable], today: '2026-11-23', resourceid: windowTable.resourceid },
    }).start();
    expect(fake.calls).toHaveLength(1);
    expect(fake.calls[0]!.input).toEqual({
      resourceid: windowTable.resourceid,
      date: '2026-11-23',
      duration: 60,
      partysize: 1,
    });

    actor.send({ type: 'booking.edit', field: 'date', value: '2026-11-24' });
    expect(fake.calls).toHaveLength(2);
    expect(fake.calls[0]!.signal.aborted).toBe(true);
    expect(fake.calls[1]!.input.date).toBe('2026-11-24');

    // The answers arrive out of order: the newer one first, then the stale one.
    fake.calls[1]!.resolve([slot('2026-11-24T09:00:00.000Z')]);
    await settle();
    fake.calls[0]!.resolve([slot('2026-11-23T09:00:00.000Z')]);
    await settle();
    expect(actor.getSnapshot().matches({ editing: 'slots' })).toBe(true);
    expect(actor.getSnapshot().context.slots).toEqual([slot('2026-11-24T09:00:00.000Z')]);
    actor.stop();
  });

  it('clears the chosen slot when the party size changes, and loads nothing for a party of 0', async () => {
    const fake = fakeSlots();
    const actor = createActor(bookingFormMachine.provide({ actors: { loadSlots: fake.logic } }), {
      input: { resources: [windowTable], today: '2026-11-23', resourceid: windowTable.resourceid },
    }).start();
    fake.calls[0]!.resolve([slot('2026-11-23T09:00:00.000Z')]);
    await settle();
    actor.send({ type: 'booking.pickSlot', start: '2026-11-23T09:00:00.000Z' });
    expect(actor.getSnapshot().context.selected).toBe('2026-11-23T09:00:00.000Z');
    actor.send({ type: 'booking.edit', field: 'partysize', value: '0' });
    expect(actor.getSnapshot().context.selected).toBeNull();
    expect(actor.getSnapshot().matches({ editing: 'incomplete' })).toBe(true);
    expect(fake.calls).toHaveLength(1);
    actor.send({ type: 'booking.edit', field: 'partysize', value: '3' });
    expect(fake.calls.at(-1)!.input.partysize).toBe(3);
    actor.stop();
  });
});
