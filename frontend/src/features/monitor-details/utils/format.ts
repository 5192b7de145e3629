import type { CheckOutcome } from '@shared/checks/check-result.js';
import { intervalLabel } from '@/utils/monitor-format';

/** One region's check: `degraded` is a check that answered, but slower than the monitor's limit. */
export const OUTCOME_LABEL: Readonly<Record<CheckOutcome, string>> = {
  up: 'Up',
  down: 'Down',
  degraded: 'Slow',
};

/**
 * A duration in milliseconds: one decimal under 10 ms (loopback and DNS phases are often below
 * one), whole milliseconds above; a dash for a phase that did not happen.
 */
export const formatMs = (ms: number | null | undefined): string => {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '—';
  return ms < 10 ? `${Math.round(ms * 10) / 10} ms` : `${Math.round(ms)} ms`;
};

/** "Every 5 min", "Every 1 hour", "Every 30 s" (the monitor's check interval, seconds). */
export const formatInterval = (seconds: number): string => `Every ${intervalLabel(seconds)}`;
