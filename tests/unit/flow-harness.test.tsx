/**
 * The generated tests' control check: at every state, each enabled control marked `data-event` must
 * send an event the machine accepts (state.can). Shown here on the Business Profile machine while it saves.
 */
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { replay } from '#machines/lib/paths.ts';
import { businessProfileEntry } from '#machines/samples/business-profile.samples.ts';
import { demoBusiness } from '#machines/samples/demo.samples.ts';
import { shellEntry } from '#machines/samples/shell.samples.ts';
import { expectControlsMatch } from '#tests/generated/harness.tsx';

const saving = replay(businessProfileEntry.machine, [{ type: 'profile.save' }], { business: demoBusiness }).state;
const editing = replay(businessProfileEntry.machine, [], { business: demoBusiness }).state;

describe('expectControlsMatch', () => {
  it('fails on an enabled button whose event the machine ignores in this state (Cancel while saving)', () => {
    render(
      <button type="button" data-event="profile.cancel">
        Cancel
      </button>,
    );
    expect(saving.value).toBe('saving');
    expect(() => expectControlsMatch(businessProfileEntry, saving)).toThrow(
      /"Cancel" is enabled and sends profile.cancel/,
    );
  });

  it('passes when that button is disabled, or when the machine accepts its event', () => {
    render(
      <button type="button" data-event="profile.cancel" disabled>
        Cancel
      </button>,
    );
    expectControlsMatch(businessProfileEntry, saving);
    render(
      <fieldset disabled>
        <button type="button" data-event="profile.locate">
          Pick Current Location
        </button>
      </fieldset>,
    );
    expectControlsMatch(businessProfileEntry, saving);
    expectControlsMatch(businessProfileEntry, editing);
  });

  it('accepts an event whose guards read its payload when one of its samples is accepted', () => {
    // A bare { type: 'group.toggle' } names no group, so no guard lets it through; the samples do.
    const shell = replay(shellEntry.machine, []).state;
    expect(shell.can({ type: 'group.toggle' } as never)).toBe(false);
    render(
      <button type="button" data-event="group.toggle">
        Vouchers
      </button>,
    );
    expectControlsMatch(shellEntry, shell);
  });

  it("leaves controls of other machines on the page to those machines' tests", () => {
    render(
      <button type="button" data-event="forgotPassword.open">
        Forgot password?
      </button>,
    );
    expectControlsMatch(businessProfileEntry, saving);
  });
});
