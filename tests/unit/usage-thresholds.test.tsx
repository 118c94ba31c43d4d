import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { Plan } from '#contracts/packages.ts';
import { loadMachine } from '#machines/load.machine.ts';
import { ApiError, toFailure } from '#src/api/errors.ts';
import { PackageView, planButton } from '#src/features/package/package-page.tsx';
import { UsageCard } from '#src/features/package/usage-card.tsx';
import { specTexts } from '../spec/spec-texts.ts';

const card = (currentCount: number, limit = 100) => {
  const { container, unmount } = render(
    <UsageCard title="Followers" usage={{ currentCount, limit, remaining: Math.max(0, limit - currentCount) }} />,
  );
  const bar = screen.getByRole('progressbar', { name: 'Followers' });
  const percent = container.querySelector('.usage-percent')!;
  const result = {
    value: bar.getAttribute('aria-valuenow'),
    red: percent.classList.contains('is-high'),
    warning: screen.queryByText(specTexts.approachingLimit) !== null,
    text: container.textContent,
  };
  unmount();
  return result;
};

describe('usage cards (spec §9)', () => {
  it.each([
    [79, false, false],
    [80, false, false],
    [81, true, false],
    [90, true, false],
    [91, true, true],
  ])('%i %% used: red %s, "Approaching limit" %s', (used, red, warning) => {
    const shown = card(used);
    expect(shown.red).toBe(red);
    expect(shown.warning).toBe(warning);
    expect(shown.text).toContain(`${100 - used} remaining`);
    expect(shown.text).toContain(`${used}%`);
  });

  it('caps the bar at 100 % when the count is over the limit (a plan moved down), and never shows negative remaining', () => {
    const shown = card(150);
    expect(shown.value).toBe('100');
    expect(shown.text).toContain('150%');
    expect(shown.text).toContain('0 remaining');
  });
});

const plans: Plan[] = ['Free', 'Starter', 'Pro'].map((name, i) => ({
  packageid: i + 1,
  name,
  description: '',
  monthly_price: [0, 19, 49][i]!,
  annual_price: [0, 190, 490][i]!,
  follower_limit: 100,
  posts_per_day_limit: 1,
  bookable_resources_limit: 1,
  custom_branding_enabled: i === 2,
  support_level: i === 2 ? 'priority' : 'email',
}));

describe('My Package', () => {
  it('shows the current package, its price per cycle, and the plan buttons of spec §4, all disabled', async () => {
    const usage = { currentCount: 45, limit: 1000, remaining: 955 };
    const logic = loadMachine.provide({
      actors: {
        load: fromPromise<unknown, void>(async () => ({
          dashboard: {
            package: {
              package_name: 'Starter',
              negotiated_monthly_price: 15,
              billing_cycle: 'month',
              custom_branding_enabled: false,
            },
            usage: {
              followers: usage,
              posts: { currentCount: 0, limit: 3, remaining: 3 },
              resources: { currentCount: 0, limit: 5, remaining: 5 },
            },
          },
          plans,
        })),
      },
    });
    render(<PackageView businessid="b1" logic={logic} />);
    expect((await screen.findByRole('region', { name: 'Starter' })).textContent).toContain('Current package');
    expect(screen.getByText(specTexts.packageSubtitle)).toBeTruthy();
    expect(screen.getByText('$15.00').parentElement!.textContent).toBe('$15.00 per month');
    expect(screen.queryByText(specTexts.customBranding)).toBeNull();
    const buttons = screen.getAllByRole('button', { name: /Plan|Coming Soon/ });
    expect(buttons.map((b) => [b.textContent, b.matches(':disabled')])).toEqual([
      [specTexts.freePlan, true],
      [specTexts.currentPlan, true],
      [specTexts.upgradeComingSoon, true],
    ]);
    // Annual saving only where annual_price > 0: 19 × 12 − 190 = 38.00.
    expect(screen.getByText(/Save \$38\.00 a year/)).toBeTruthy();
    expect(screen.getAllByText(/Save \$/)).toHaveLength(2);
    expect(screen.getByText('Priority support')).toBeTruthy();
  });

  it('says "Failed to load package information" when the usage cannot be loaded', async () => {
    const logic = loadMachine.provide({
      // As the wiring hands it over (apiEffect → toFailure): a 500 without a message.
      actors: {
        load: fromPromise<unknown, void>(async () =>
          Promise.reject(toFailure(new ApiError('http', 'Request failed with status 500', 500))),
        ),
      },
    });
    render(<PackageView businessid="b1" logic={logic} />);
    expect((await screen.findByRole('alert')).textContent).toContain(specTexts.packageFailed);
  });

  it('names the buttons by the current package name', () => {
    expect(planButton(plans[2]!, 'Pro')).toBe('Current Plan');
    expect(planButton(plans[0]!, 'Pro')).toBe('Free Plan');
    expect(planButton(plans[1]!, null)).toBe('Upgrade Coming Soon');
  });
});
