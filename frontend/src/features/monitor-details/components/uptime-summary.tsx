import type { UptimeWindows } from '@shared/insights/monitor-details.js';
import { formatPercentage } from '@/utils/percentage';

const WINDOWS: { key: keyof UptimeWindows; label: string }[] = [
  { key: 'last_24h', label: '24 hours' },
  { key: 'last_7d', label: '7 days' },
  { key: 'last_30d', label: '30 days' },
];

const tone = (value: number | null): string =>
  value === null ? 'text-slate-500' : value >= 99 ? 'text-emerald-600' : value >= 95 ? 'text-amber-600' : 'text-red-600';

/** Uptime over three windows; a window without data shows a dash, never 100%. */
export function UptimeSummary({ uptime }: { uptime: UptimeWindows }) {
  return (
    <section aria-labelledby="uptime-title">
      <h2 id="uptime-title" className="sr-only">
        Uptime
      </h2>
      <dl className="grid grid-cols-3 gap-3 sm:gap-4">
        {WINDOWS.map(({ key, label }) => (
          <div key={key} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5" data-testid="uptime-window">
            <dt className="text-xs font-medium text-slate-600 sm:text-sm">
              <span className="sr-only">Uptime, </span>
              {/* "Last" would wrap the three cards' labels unevenly on a phone. */}
              <span className="hidden sm:inline">Last </span>
              {label}
            </dt>
            <dd className={`mt-1.5 text-xl font-semibold tracking-tight tabular-nums sm:text-3xl ${tone(uptime[key])}`}>
              {formatPercentage(uptime[key])}
              {uptime[key] === null && <span className="sr-only">no data</span>}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
