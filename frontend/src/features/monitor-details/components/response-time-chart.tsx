import { useId, useMemo, useState } from 'react';
import { hourBucketStart } from '@shared/checks/rollups.js';
import type { HourPoint } from '@shared/insights/monitor-details.js';
import { displayTimeZone } from '@/utils/time';
import { formatPercentage } from '@/utils/percentage';
import { useElementWidth } from '../hooks/use-element-width';
import {
  indexAt,
  labelledIndexes,
  pointsInRange,
  segments,
  summarize,
  yTicks,
  type ChartRange,
  type RangeSummary,
} from '../utils/chart';
import { formatMs } from '../utils/format';
import { ChartDataTable } from './chart-data-table';
import { RangeToggle } from './range-toggle';

const MARGIN = { top: 12, right: 16, left: 56 };
const PLOT_HEIGHT = 180;
const STRIP_Y = MARGIN.top + PLOT_HEIGHT + 10;
const STRIP_HEIGHT = 8;
const LABEL_Y = STRIP_Y + STRIP_HEIGHT + 18;
const HEIGHT = LABEL_Y + 8;

const RANGE_WORDS: Record<ChartRange, string> = { '24h': 'the last 24 hours', '7d': 'the last 7 days' };

/** The hour-of-uptime strip under the line: all up, some checks down, all down, no data. */
const stripColour = (uptime: number | null): string =>
  uptime === null ? '#e2e8f0' : uptime >= 100 ? '#10b981' : uptime <= 0 ? '#ef4444' : '#f59e0b';

const describe = (range: ChartRange, summary: RangeSummary): string => {
  const period = RANGE_WORDS[range];
  if (summary.min === null || summary.max === null) return `No response times were recorded in ${period}.`;
  const gaps = summary.hoursWithoutData
    ? ` ${summary.hoursWithoutData} ${summary.hoursWithoutData === 1 ? 'hour has' : 'hours have'} no data.`
    : '';
  return `Hourly average response time over ${period}: from ${formatMs(summary.min)} to ${formatMs(summary.max)}, ${formatMs(summary.average)} on average.${gaps}`;
};

/**
 * The response-time chart of the detail view: hourly averages over 24 hours or 7 days as inline SVG,
 * a gap where an hour has no data, an uptime strip per hour, and the same figures as a table.
 */
export function ResponseTimeChart({ hourly }: { hourly: readonly HourPoint[] }) {
  const [range, setRange] = useState<ChartRange>('24h');
  const [hover, setHover] = useState<number | null>(null);
  const [frameRef, width] = useElementWidth<HTMLDivElement>();
  const titleId = useId();
  const descId = useId();
  // useId's characters are not all valid inside url(#...), which the gradient fill is referenced by.
  const fillId = `fill-${titleId.replace(/[^a-zA-Z0-9_-]/g, '')}`;

  const points = useMemo(() => pointsInRange(hourly, range), [hourly, range]);
  const summary = useMemo(() => summarize(points), [points]);
  const ticks = yTicks(summary.max ?? 0);
  const top = ticks.at(-1) ?? 1;
  const plotWidth = Math.max(0, width - MARGIN.left - MARGIN.right);
  const count = points.length;
  const x = (i: number) => MARGIN.left + (count <= 1 ? plotWidth : (i / (count - 1)) * plotWidth);
  const y = (ms: number) => MARGIN.top + PLOT_HEIGHT - (ms / top) * PLOT_HEIGHT;
  const runs = segments(points.map((point) => point.average_response_ms));

  const zone = displayTimeZone();
  const formats = useMemo(
    () => ({
      axis: new Intl.DateTimeFormat('en-US', range === '24h' ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: zone } : { month: 'short', day: 'numeric', timeZone: zone }),
      full: new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: zone }),
    }),
    [range, zone],
  );
  const hourLabel = (point: HourPoint) => formats.full.format(new Date(hourBucketStart(point.hour)));
  const labels = labelledIndexes(count, plotWidth, range === '24h' ? 48 : 56, range === '24h' ? [3, 6, 12] : [24, 48, 72]);
  const cell = count > 1 ? plotWidth / (count - 1) : plotWidth;
  const hovered = hover === null ? null : points[hover];

  return (
    <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-labelledby={`${titleId}-heading`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id={`${titleId}-heading`} className="font-semibold text-slate-900">
            Response time
          </h2>
          <p className="mt-0.5 text-xs text-slate-500">Hourly average across all regions</p>
        </div>
        <RangeToggle range={range} onChange={setRange} />
      </div>

      <div ref={frameRef} className="relative mt-4" style={{ height: HEIGHT }}>
        {width > 0 && (
          <svg
            width={width}
            height={HEIGHT}
            role="img"
            aria-labelledby={`${titleId} ${descId}`}
            className="block touch-pan-y select-none"
            onPointerMove={(event) => {
              const left = event.currentTarget.getBoundingClientRect().left;
              setHover(indexAt(event.clientX - left - MARGIN.left, plotWidth, count));
            }}
            onPointerLeave={() => setHover(null)}
          >
            <title id={titleId}>{`Response time, ${RANGE_WORDS[range]}`}</title>
            <desc id={descId}>{describe(range, summary)}</desc>
            <defs>
              <linearGradient id={fillId} x1="0" x2="0" y1="0" y2="1">
                <stop offset="0%" stopColor="#6366f1" stopOpacity="0.18" />
                <stop offset="100%" stopColor="#6366f1" stopOpacity="0" />
              </linearGradient>
            </defs>

            {ticks.map((tick) => (
              <g key={tick}>
                <line x1={MARGIN.left} x2={MARGIN.left + plotWidth} y1={y(tick)} y2={y(tick)} stroke="#e2e8f0" strokeDasharray={tick === 0 ? undefined : '3 3'} />
                <text x={MARGIN.left - 8} y={y(tick)} dy="0.32em" textAnchor="end" className="fill-slate-500 text-[11px] tabular-nums">
                  {top >= 1000 ? `${tick / 1000} s` : `${tick} ms`}
                </text>
              </g>
            ))}

            {runs.map((run) => {
              const coords = run.values.map((value, i) => [x(run.start + i), y(value)] as const);
              const line = coords.map(([px, py], i) => `${i ? 'L' : 'M'}${px},${py}`).join(' ');
              const first = coords[0];
              const last = coords.at(-1);
              if (!first || !last) return null;
              if (coords.length === 1) return <circle key={run.start} cx={first[0]} cy={first[1]} r={3} fill="#4f46e5" />;
              const base = y(0);
              return (
                <g key={run.start}>
                  <path d={`${line} L${last[0]},${base} L${first[0]},${base} Z`} fill={`url(#${fillId})`} />
                  <path d={line} fill="none" stroke="#4f46e5" strokeWidth={2} strokeLinejoin="round" strokeLinecap="round" />
                  {range === '24h' && coords.map(([px, py]) => <circle key={px} cx={px} cy={py} r={2.5} fill="#4f46e5" />)}
                </g>
              );
            })}

            {points.map((point, i) => (
              <rect
                key={point.hour}
                x={Math.max(MARGIN.left, x(i) - cell / 2)}
                width={Math.max(1, Math.min(x(i) + cell / 2, MARGIN.left + plotWidth) - Math.max(MARGIN.left, x(i) - cell / 2) - (cell > 4 ? 1 : 0))}
                y={STRIP_Y}
                height={STRIP_HEIGHT}
                rx={cell > 6 ? 2 : 0}
                fill={stripColour(point.uptime)}
              />
            ))}

            {labels.map((i) => {
              const point = points[i];
              return point ? (
                <text key={point.hour} x={x(i)} y={LABEL_Y} textAnchor={i === count - 1 ? 'end' : 'middle'} className="fill-slate-500 text-[11px] tabular-nums">
                  {formats.axis.format(new Date(hourBucketStart(point.hour)))}
                </text>
              ) : null;
            })}

            {hovered && hover !== null && (
              <line x1={x(hover)} x2={x(hover)} y1={MARGIN.top} y2={STRIP_Y + STRIP_HEIGHT} stroke="#94a3b8" strokeDasharray="2 2" />
            )}
          </svg>
        )}
        {width > 0 && summary.hoursWithData === 0 && (
          // HTML over the plot, not SVG text: it wraps inside the plot on a narrow screen instead
          // of running over the axis labels.
          <p
            className="pointer-events-none absolute flex items-center justify-center px-2 text-center text-sm text-slate-500"
            style={{ left: MARGIN.left, right: MARGIN.right, top: MARGIN.top, height: PLOT_HEIGHT }}
            data-testid="chart-empty"
          >
            {`No response times in ${RANGE_WORDS[range]} yet`}
          </p>
        )}
        {hovered && hover !== null && (
          <div
            className="pointer-events-none absolute top-0 z-10 -translate-x-1/2 rounded-lg bg-slate-900 px-2.5 py-1.5 text-xs whitespace-nowrap text-white shadow-lg"
            style={{ left: Math.min(Math.max(x(hover), 70), width - 70) }}
            aria-hidden="true"
          >
            <p className="font-medium">{hourLabel(hovered)}</p>
            <p className="text-slate-300">
              {hovered.checks ? `${formatMs(hovered.average_response_ms)} · ${formatPercentage(hovered.uptime)} up` : 'No data'}
            </p>
          </div>
        )}
      </div>

      <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600" aria-label="Legend">
        <li className="flex items-center gap-1.5">
          <span className="h-0.5 w-4 rounded bg-indigo-600" aria-hidden="true" />
          Average response time
        </li>
        {[
          ['#10b981', 'All checks up'],
          ['#f59e0b', 'Some checks down'],
          ['#ef4444', 'All checks down'],
          ['#e2e8f0', 'No data'],
        ].map(([colour, label]) => (
          <li key={label} className="flex items-center gap-1.5">
            <span className="size-2.5 rounded-sm" style={{ backgroundColor: colour }} aria-hidden="true" />
            {label}
          </li>
        ))}
      </ul>

      <ChartDataTable points={points} hourLabel={hourLabel} caption={`Hourly figures for ${RANGE_WORDS[range]}`} />
    </section>
  );
}
