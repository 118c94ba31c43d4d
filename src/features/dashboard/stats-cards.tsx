/** Follower Stats and Voucher Stats (spec §2 Dashboard), with the followers of the last 12 weeks. */
import type { UserStats, VoucherStats } from '#contracts/stats.ts';
import type { loadMachine } from '#machines/load.machine.ts';
import { type FlowHooks, useFlowActor } from '#src/lib/use-flow-actor.ts';
import { LoadError } from '#src/ui/load-error.tsx';
import { liveStatsLogic } from './dashboard.wiring.ts';
import './stats.css';

export const STATS_FAILED = 'Error loading stats';
type Stats = { users: UserStats; vouchers: VoucherStats };

const weekLabel = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' });

function FollowersChart({ weekly }: { weekly: UserStats['weekly'] }) {
  const max = Math.max(1, ...weekly.map((w) => w.total));
  const W = 240;
  const H = 64;
  const bar = W / weekly.length;
  const first = weekly[0];
  const last = weekly.at(-1);
  const summary =
    first && last
      ? `Followers over the last ${weekly.length} weeks: from ${first.total} in the week of ${weekLabel.format(new Date(first.week_start))} to ${last.total} this week.`
      : '';
  return (
    <figure className="stats-chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={summary} preserveAspectRatio="none">
        {weekly.map((w, i) => {
          const h = Math.max(2, (w.total / max) * (H - 4));
          return (
            <rect key={w.week_start} x={i * bar + 2} y={H - h} width={bar - 4} height={h} rx={2}>
              <title>{`Week of ${weekLabel.format(new Date(w.week_start))}: ${w.total} followers (+${w.new_followers})`}</title>
            </rect>
          );
        })}
      </svg>
      <figcaption>Followers, last {weekly.length} weeks</figcaption>
    </figure>
  );
}

function Stat({ label, value }: { label: string; value: number | undefined }) {
  return (
    <div className="stat">
      <dt>{label}</dt>
      <dd>
        {value === undefined ? (
          <span className="stat-skeleton">
            <span className="visually-hidden">Loading</span>
          </span>
        ) : (
          value.toLocaleString()
        )}
      </dd>
    </div>
  );
}

export function StatsCards({ logic = liveStatsLogic, options }: FlowHooks<typeof loadMachine> = {}) {
  const [state, send] = useFlowActor(logic, { input: { failedText: STATS_FAILED }, options });
  const stats = state.context.data as Stats | null;
  if (state.hasTag('error')) {
    return <LoadError text={state.context.error} onRetry={() => send({ type: 'load.retry' })} />;
  }
  return (
    <div className="stats-cards" aria-busy={state.hasTag('busy') || undefined}>
      <section className="card stats-card" aria-labelledby="follower-stats">
        <h2 id="follower-stats">Follower Stats</h2>
        <dl className="stats-numbers">
          <Stat label="Total Followers" value={stats?.users.total_users} />
          <Stat label="New This Week" value={stats?.users.new_users_last_week} />
        </dl>
        {stats ? <FollowersChart weekly={stats.users.weekly} /> : <div className="stats-chart-skeleton" />}
      </section>
      <section className="card stats-card" aria-labelledby="voucher-stats">
        <h2 id="voucher-stats">Voucher Stats</h2>
        <dl className="stats-numbers">
          <Stat label="Total Templates" value={stats?.vouchers.total_vouchers} />
          <Stat label="Issued This Week" value={stats?.vouchers.issued_this_week} />
          <Stat label="Redeemed This Week" value={stats?.vouchers.redeemed_this_week} />
        </dl>
      </section>
    </div>
  );
}
