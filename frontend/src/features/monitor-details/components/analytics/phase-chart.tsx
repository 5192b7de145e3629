import { useId } from 'react';
import { formatDuration, type AnalyticsStep, type MonitorAnalytics } from '@shared/insights/analytics.js';
import { useElementWidth } from '../../hooks/use-element-width';
import { ANALYTICS_TEXT, PHASE_LABELS } from '../../texts';
import { PHASE_COLOURS, PHASE_KEYS, hasPhases, stackedTotal, stepLabeller } from '../../utils/analytics';
import { labelledIndexes, yTicks } from '../../utils/chart';
import { formatMs } from '../../utils/format';

const MARGIN = { top: 8, right: 8, left: 56 };
const PLOT_HEIGHT = 150;
const LABEL_Y = MARGIN.top + PLOT_HEIGHT + 16;
const HEIGHT = LABEL_Y + 6;

/**
 * The phases of a check over the period (DNS, connect, TLS, first byte) as stacked bars, one per
 * step, drawn in real pixels like the response-time chart, with the same figures as a table.
 */
export function PhaseChart({ unit, steps }: { unit: MonitorAnalytics['unit']; steps: readonly AnalyticsStep[] }) {
  const [frameRef, width] = useElementWidth<HTMLDivElement>();
  const titleId = useId();
  const label = stepLabeller(unit);
  // Over a week of hours the axis names days; over a day, hours.
  const axisLabel = stepLabeller(unit, steps.length > 48 ? 'date' : 'short');
  const max = Math.max(0, ...steps.map((step) => stackedTotal(step.phases)));
  const ticks = yTicks(max);
  const top = ticks.at(-1) ?? 1;
  const plotWidth = Math.max(0, width - MARGIN.left - MARGIN.right);
  const slot = steps.length ? plotWidth / steps.length : plotWidth;
  const barWidth = Math.max(1, slot - (slot > 4 ? 1 : 0));
  const y = (ms: number) => MARGIN.top + PLOT_HEIGHT - (ms / top) * PLOT_HEIGHT;
  const labels = labelledIndexes(steps.length, plotWidth, unit === 'hour' ? 52 : 48, unit === 'hour' ? (steps.length > 48 ? [24, 48] : [3, 6, 12]) : [1, 3, 7, 14, 30]);
  const measured = hasPhases(steps);

  return (
    <div>
      <div ref={frameRef} className="relative" style={{ height: HEIGHT }}>
        {width > 0 && (
          <svg width={width} height={HEIGHT} role="img" aria-labelledby={titleId} className="block">
            <title id={titleId}>{`${ANALYTICS_TEXT.phasesTitle}: ${ANALYTICS_TEXT.phasesNote.toLowerCase()}, per ${unit}`}</title>
            {ticks.map((tick) => (
              <g key={tick}>
                <line x1={MARGIN.left} x2={MARGIN.left + plotWidth} y1={y(tick)} y2={y(tick)} stroke="#e2e8f0" strokeDasharray={tick === 0 ? undefined : '3 3'} />
                <text x={MARGIN.left - 8} y={y(tick)} dy="0.32em" textAnchor="end" className="fill-slate-500 text-[11px] tabular-nums">
                  {formatDuration(tick)}
                </text>
              </g>
            ))}
            {steps.map((step, i) => {
              let base = 0;
              return (
                <g key={step.start}>
                  {PHASE_KEYS.map((key) => {
                    const ms = step.phases[key] ?? 0;
                    if (ms <= 0) return null;
                    const rect = <rect key={key} x={MARGIN.left + i * slot} width={barWidth} y={y(base + ms)} height={Math.max(0.5, y(base) - y(base + ms))} fill={PHASE_COLOURS[key]} />;
                    base += ms;
                    return rect;
                  })}
                </g>
              );
            })}
            {labels.map((i) => {
              const step = steps[i];
              return step ? (
                <text key={step.start} x={MARGIN.left + i * slot + slot / 2} y={LABEL_Y} textAnchor={i === steps.length - 1 ? 'end' : 'middle'} className="fill-slate-500 text-[11px] tabular-nums">
                  {axisLabel(step)}
                </text>
              ) : null;
            })}
          </svg>
        )}
        {width > 0 && !measured && (
          <p className="pointer-events-none absolute flex items-center justify-center px-2 text-center text-sm text-slate-500" style={{ left: MARGIN.left, right: MARGIN.right, top: MARGIN.top, height: PLOT_HEIGHT }}>
            {ANALYTICS_TEXT.noPhases}
          </p>
        )}
      </div>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600" aria-label="Legend">
        {PHASE_KEYS.map((key) => (
          <li key={key} className="flex items-center gap-1.5">
            <span className="size-2.5 rounded-sm" style={{ backgroundColor: PHASE_COLOURS[key] }} aria-hidden="true" />
            {PHASE_LABELS[key]}
          </li>
        ))}
      </ul>
      {measured && (
        <details className="mt-3 rounded-lg border border-slate-200">
          <summary className="cursor-pointer rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600">
            Show data table
          </summary>
          <div className="max-h-80 overflow-auto border-t border-slate-200">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{ANALYTICS_TEXT.phasesTitle}</caption>
              <thead className="sticky top-0 bg-slate-50 text-xs text-slate-500">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">{unit === 'hour' ? 'Hour' : 'Day (UTC)'}</th>
                  {PHASE_KEYS.map((key) => (
                    <th key={key} scope="col" className="px-3 py-2 text-right font-medium">{PHASE_LABELS[key]}</th>
                  ))}
                  <th scope="col" className="px-3 py-2 text-right font-medium">p95</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 tabular-nums">
                {[...steps].reverse().filter((step) => step.checks > 0).map((step) => (
                  <tr key={step.start}>
                    <th scope="row" className="px-3 py-1.5 font-normal whitespace-nowrap text-slate-700">{label(step)}</th>
                    {PHASE_KEYS.map((key) => (
                      <td key={key} className="px-3 py-1.5 text-right text-slate-700">{formatMs(step.phases[key])}</td>
                    ))}
                    <td className="px-3 py-1.5 text-right text-slate-700">{formatMs(step.p95_ms)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      )}
    </div>
  );
}
