import { DETAIL_SERIES_HOURS, type HourPoint } from '@shared/insights/monitor-details.js';

/** The response-time chart's pure parts: which hours it shows, where its line breaks, its scale. */

export type ChartRange = '24h' | '7d';

export const RANGE_HOURS: Readonly<Record<ChartRange, number>> = { '24h': 24, '7d': DETAIL_SERIES_HOURS };

/** The newest hours of the series for a range (the series is oldest first). */
export const pointsInRange = (hourly: readonly HourPoint[], range: ChartRange): HourPoint[] => hourly.slice(-RANGE_HOURS[range]);

export interface Segment {
  /** Index of the first hour of the run in the range. */
  start: number;
  values: number[];
}

/** Runs of consecutive hours with a figure. An hour without one ends a run, so the line is drawn with a gap there. */
export const segments = (values: readonly (number | null)[]): Segment[] => {
  const runs: Segment[] = [];
  let current: Segment | null = null;
  values.forEach((value, index) => {
    if (value === null) {
      current = null;
      return;
    }
    if (!current) {
      current = { start: index, values: [] };
      runs.push(current);
    }
    current.values.push(value);
  });
  return runs;
};

/** The smallest "round" number (1, 2, 2.5 or 5 times a power of ten) at or above `value`. */
export const niceStep = (value: number): number => {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const fraction = value / power;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 2.5 ? 2.5 : fraction <= 5 ? 5 : 10;
  return nice * power;
};

export const Y_INTERVALS = 4;

/**
 * The y axis in milliseconds: 0 up to a round top covering `max`, in Y_INTERVALS equal steps of at
 * least 1 ms (averages are whole milliseconds, so a finer step would label values that never occur).
 */
export const yTicks = (max: number): number[] => {
  const step = Math.max(1, niceStep(max / Y_INTERVALS));
  return Array.from({ length: Y_INTERVALS + 1 }, (_, i) => i * step);
};

export interface RangeSummary {
  hoursWithData: number;
  hoursWithoutData: number;
  min: number | null;
  max: number | null;
  /** Mean response time weighted by each hour's checks. */
  average: number | null;
}

export const summarize = (points: readonly HourPoint[]): RangeSummary => {
  const measured = points.filter((point): point is HourPoint & { average_response_ms: number } => point.average_response_ms !== null);
  const weight = measured.reduce((sum, point) => sum + Math.max(1, point.checks), 0);
  const values = measured.map((point) => point.average_response_ms);
  return {
    hoursWithData: measured.length,
    hoursWithoutData: points.length - measured.length,
    min: values.length ? Math.min(...values) : null,
    max: values.length ? Math.max(...values) : null,
    average: weight
      ? Math.round(measured.reduce((sum, point) => sum + point.average_response_ms * Math.max(1, point.checks), 0) / weight)
      : null,
  };
};

/**
 * Which hours get an x-axis label: every `step` hours counted back from the newest, the smallest
 * step among `steps` whose labels fit the width.
 */
export const labelledIndexes = (count: number, plotWidth: number, labelWidth: number, steps: readonly number[]): number[] => {
  const step = steps.find((candidate) => (count / candidate) * labelWidth <= plotWidth) ?? steps.at(-1) ?? count;
  const indexes: number[] = [];
  for (let i = count - 1; i >= 0; i -= step) indexes.unshift(i);
  return indexes;
};

/** The hour under a pointer at `x` (relative to the plot's left edge) for `count` evenly spaced hours. */
export const indexAt = (x: number, plotWidth: number, count: number): number => {
  if (count <= 1 || plotWidth <= 0) return 0;
  const index = Math.round((x / plotWidth) * (count - 1));
  return Math.min(count - 1, Math.max(0, index));
};
