import { changeWords, formatDuration, type PercentileFigures, type Percentiles } from '@shared/insights/analytics.js';
import { ANALYTICS_TEXT } from '../../texts';

const cell = (ms: number | null) => (ms === null ? '—' : formatDuration(ms));

/** The p95 change against the period before, short: "8% faster"; nothing without a comparison. */
const p95Change = (current: Percentiles, previous: Percentiles | undefined): string => changeWords(current.p95_ms, previous?.p95_ms ?? null) ?? '—';

/** p50, p95 and p99 for every region together and each on its own, with the p95's move against the period before. */
export function PercentileTable({ current, previous }: { current: PercentileFigures; previous: PercentileFigures | null }) {
  const rows = [
    { key: 'all', label: ANALYTICS_TEXT.allRegions, figures: current.all, before: previous?.all },
    ...current.regions.map((row) => ({ key: row.region, label: row.region, figures: row, before: previous?.regions.find((old) => old.region === row.region) })),
  ];
  return (
    // Focusable, so the table can be scrolled sideways from the keyboard on a narrow screen.
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={ANALYTICS_TEXT.percentilesTitle}>
      <table className="w-full min-w-[28rem] text-left text-sm">
        <caption className="sr-only">{ANALYTICS_TEXT.percentilesTitle}</caption>
        <thead className="text-xs text-slate-500">
          <tr className="border-b border-slate-200">
            <th scope="col" className="py-2 pr-3 font-medium">Region</th>
            <th scope="col" className="px-3 py-2 text-right font-medium">p50</th>
            <th scope="col" className="px-3 py-2 text-right font-medium">p95</th>
            <th scope="col" className="px-3 py-2 text-right font-medium">p99</th>
            <th scope="col" className="px-3 py-2 text-right font-medium">{ANALYTICS_TEXT.answers}</th>
            {previous && <th scope="col" className="py-2 pl-3 text-right font-medium">p95 vs before</th>}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 whitespace-nowrap tabular-nums">
          {rows.map(({ key, label, figures, before }) => (
            <tr key={key} className={key === 'all' ? 'font-medium text-slate-900' : 'text-slate-700'}>
              <th scope="row" className="py-2 pr-3 text-left font-[inherit] whitespace-nowrap">{label}</th>
              <td className="px-3 py-2 text-right">{cell(figures.p50_ms)}</td>
              <td className="px-3 py-2 text-right">{cell(figures.p95_ms)}</td>
              <td className="px-3 py-2 text-right">{cell(figures.p99_ms)}</td>
              <td className="px-3 py-2 text-right">{figures.answers.toLocaleString('en-US')}</td>
              {previous && <td className="py-2 pl-3 text-right whitespace-nowrap">{p95Change(figures, before)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
