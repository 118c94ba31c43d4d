/** My Package (/package, spec §2, §4, §9): the current package, its usage, and the plans on offer. */
import { useId, useMemo } from 'react';
import type { Plan } from '#contracts/packages.ts';
import type { loadMachine } from '#machines/load.machine.ts';
import { salesEmail } from '#src/api/client.ts';
import type { PageProps } from '#src/lib/page.ts';
import { countOf } from '#src/lib/plural.ts';
import { type FlowHooks, useFlowActor } from '#src/lib/use-flow-actor.ts';
import { Button } from '#src/ui/button.tsx';
import { LoadError } from '#src/ui/load-error.tsx';
import { Page } from '#src/ui/page.tsx';
import { Spinner } from '#src/ui/spinner.tsx';
import { livePackageLogic, type PackageData } from './package.wiring.ts';
import { UsageCard } from './usage-card.tsx';
import './package.css';

export const PACKAGE_FAILED = 'Failed to load package information';
const money = (n: number) => `$${n.toFixed(2)}`;

/** "Current Plan", "Free Plan" or "Upgrade Coming Soon" (spec §4); all disabled. */
export const planButton = (plan: Plan, current: string | null) =>
  plan.name === current ? 'Current Plan' : plan.name === 'Free' ? 'Free Plan' : 'Upgrade Coming Soon';

function PlanCard({ plan, current }: { plan: Plan; current: string | null }) {
  const saving = plan.monthly_price * 12 - plan.annual_price;
  return (
    <li className={plan.name === current ? 'card plan-card is-current' : 'card plan-card'}>
      <h3>{plan.name}</h3>
      {plan.description && <p className="plan-description">{plan.description}</p>}
      <p className="plan-price">
        <strong>{money(plan.monthly_price)}</strong>/month
      </p>
      <p className="plan-annual">
        {money(plan.annual_price)}/year
        {plan.annual_price > 0 && <span className="plan-saving"> · Save {money(saving)} a year</span>}
      </p>
      <ul className="plan-limits">
        <li>{countOf(plan.follower_limit, 'follower', 'followers')}</li>
        <li>{countOf(plan.posts_per_day_limit, 'post per day', 'posts per day')}</li>
        <li>{countOf(plan.bookable_resources_limit, 'bookable resource', 'bookable resources')}</li>
        <li>{plan.custom_branding_enabled ? 'Custom branding' : 'No custom branding'}</li>
        <li>{plan.support_level === 'priority' ? 'Priority support' : 'Email support'}</li>
      </ul>
      <Button variant={plan.name === current ? 'secondary' : 'primary'} disabled block>
        {planButton(plan, current)}
      </Button>
    </li>
  );
}

export function PackageView({
  businessid,
  logic,
  options,
}: { businessid: string | null } & FlowHooks<typeof loadMachine>) {
  const wired = useMemo(() => logic ?? livePackageLogic(businessid), [logic, businessid]);
  const [state, send] = useFlowActor(wired, { input: { failedText: PACKAGE_FAILED }, options });
  const data = state.context.data as PackageData | null;
  const upgradeNote = useId();
  const current = data?.dashboard.package.package_name ?? null;

  return (
    <Page
      title="My Package"
      subtitle="Manage your subscription and view usage"
      actions={
        <div className="upgrade-action">
          <Button aria-describedby={upgradeNote}>Upgrade</Button>
          <p id={upgradeNote} className="upgrade-note">
            Upgrades are arranged with our sales team at {salesEmail()}; see Available Packages below.
          </p>
        </div>
      }
    >
      {state.hasTag('loading') && (
        <>
          <Spinner label="Loading package information..." />
          <div className="package-skeleton" aria-hidden="true" />
        </>
      )}
      {state.hasTag('error') && <LoadError text={state.context.error} onRetry={() => send({ type: 'load.retry' })} />}
      {state.hasTag('ready') && data && (
        <>
          <section className="card current-package" aria-labelledby="current-package">
            <p className="current-package-label">Current package</p>
            <h2 id="current-package">{current ?? 'No Package'}</h2>
            <p className="current-package-price">
              <strong>{money(data.dashboard.package.negotiated_monthly_price)}</strong> per{' '}
              {data.dashboard.package.billing_cycle || 'month'}
            </p>
            {data.dashboard.package.custom_branding_enabled && <span className="badge">Custom Branding</span>}
          </section>
          <h2 className="package-heading">Usage</h2>
          <div className="usage-cards">
            <UsageCard title="Followers" usage={data.dashboard.usage.followers} />
            <UsageCard title="Posts Today" usage={data.dashboard.usage.posts} />
            <UsageCard title="Bookable Resources" usage={data.dashboard.usage.resources} />
          </div>
          <section aria-labelledby="available-packages">
            <h2 id="available-packages" className="package-heading">
              Available Packages
            </h2>
            <p className="package-note">
              To change your package or agree a price for your business, contact our sales team at{' '}
              <a href={`mailto:${salesEmail()}`}>{salesEmail()}</a>.
            </p>
            {data.plans ? (
              <ul className="plan-grid">
                {data.plans.map((plan) => (
                  <PlanCard key={plan.packageid} plan={plan} current={current} />
                ))}
              </ul>
            ) : (
              <p className="package-note">The list of packages is not available right now.</p>
            )}
          </section>
        </>
      )}
    </Page>
  );
}

export default function PackagePage({ business }: PageProps) {
  return <PackageView businessid={business?.businessid ?? null} />;
}
