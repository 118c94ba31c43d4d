import type { Usage } from '#contracts/packages.ts';

/** Spec §9: used ÷ limit; red above 80 %, "⚠️ Approaching limit" above 90 %, the bar capped at 100 %. */
export function usageLevel({ currentCount, limit }: Pick<Usage, 'currentCount' | 'limit'>) {
  const percent = limit > 0 ? (currentCount / limit) * 100 : currentCount > 0 ? 100 : 0;
  return { percent, bar: Math.min(100, percent), high: percent > 80, approaching: percent > 90 };
}

export function UsageCard({ title, usage }: { title: string; usage: Usage }) {
  const { percent, bar, high, approaching } = usageLevel(usage);
  const id = `usage-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <section className="card usage-card" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      <p className="usage-count">
        <strong>{usage.currentCount.toLocaleString()}</strong> / {usage.limit.toLocaleString()}
      </p>
      <div
        className="usage-bar"
        role="progressbar"
        aria-labelledby={id}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(bar)}
        aria-valuetext={`${Math.round(percent)}% used`}
      >
        <span className={high ? 'usage-fill is-high' : 'usage-fill'} style={{ width: `${bar}%` }} />
      </div>
      <p className="usage-meta">
        <span>{usage.remaining.toLocaleString()} remaining</span>
        <span className={high ? 'usage-percent is-high' : 'usage-percent'}>{Math.round(percent)}%</span>
      </p>
      {approaching && <p className="usage-warning">⚠️ Approaching limit</p>}
    </section>
  );
}
