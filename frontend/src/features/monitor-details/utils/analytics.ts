import type { AnalyticsStep, MonitorAnalytics, PhaseMeans } from '@shared/insights/analytics.js';
import { displayTimeZone } from '@/utils/time';

/** The analytics panel's pure parts: step labels, stacked phase heights, uptime colours. */

export const PHASE_KEYS = ['dns_ms', 'connect_ms', 'tls_ms', 'ttfb_ms'] as const satisfies readonly (keyof PhaseMeans)[];

/** The colours of the phases, bottom to top of a stacked bar (the legend uses the same). */
export const PHASE_COLOURS: Readonly<Record<(typeof PHASE_KEYS)[number], string>> = {
  dns_ms: '#38bdf8',
  connect_ms: '#6366f1',
  tls_ms: '#a855f7',
  ttfb_ms: '#f59e0b',
};

/** A step's phases stacked: the height of the whole bar (a phase that did not happen counts 0). */
export const stackedTotal = (phases: PhaseMeans): number => PHASE_KEYS.reduce((sum, key) => sum + (phases[key] ?? 0), 0);

/** Whether any step has a phase figure: else the chart says there is nothing yet. */
export const hasPhases = (steps: readonly AnalyticsStep[]): boolean => steps.some((step) => stackedTotal(step.phases) > 0);

/**
 * How a step is named: an hour in the person's time zone ("Nov 28, 14:00"); a day as the UTC day it
 * is ("Nov 28"), since days are counted in UTC. `short` is an hour's time alone, `date` its date
 * alone (an axis over days of hours).
 */
export const stepLabeller = (unit: MonitorAnalytics['unit'], length: 'short' | 'full' | 'date' = 'full') => {
  const format =
    unit === 'hour' && length === 'date'
      ? new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: displayTimeZone() })
      : unit === 'hour'
      ? new Intl.DateTimeFormat('en-US', {
          ...(length === 'full' ? { month: 'short', day: 'numeric' } : {}),
          hour: '2-digit',
          minute: '2-digit',
          hourCycle: 'h23',
          timeZone: displayTimeZone(),
        })
      : new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
  return (step: Pick<AnalyticsStep, 'start'>): string => format.format(new Date(step.start));
};

/** An uptime bar's colour: all up, some down, all down, no data. */
export const uptimeColour = (uptime: number | null): string =>
  uptime === null ? '#e2e8f0' : uptime >= 100 ? '#10b981' : uptime <= 0 ? '#ef4444' : '#f59e0b';
