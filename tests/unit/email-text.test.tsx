/**
 * E-mail addresses on the Team page and in Follower Details wrap after the "@" and before the domain's
 * dots on a phone, not mid-word; what a reader, a screen reader or a copy gets is the address unchanged.
 */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailText } from '#src/ui/email-text.tsx';

const parts = (el: HTMLElement) =>
  Array.from(el.childNodes)
    .map((n) => (n.nodeName === 'WBR' ? '|' : n.textContent))
    .join('');

describe('EmailText', () => {
  it('offers a line break after the @ and before each dot of the domain, and nowhere else', () => {
    render(
      <p data-testid="address">
        <EmailText email="rosie.tanaka.44@customers.example" />
      </p>,
    );
    const address = screen.getByTestId('address');
    expect(address.textContent).toBe('rosie.tanaka.44@customers.example');
    expect(parts(address)).toBe('rosie.tanaka.44@|customers|.example');
  });

  it('leaves text without an @ as it is', () => {
    render(
      <p data-testid="address">
        <EmailText email="not-an-address" />
      </p>,
    );
    expect(parts(screen.getByTestId('address'))).toBe('not-an-address');
  });
});
