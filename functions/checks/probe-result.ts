import type { CheckResult, CheckTimings, ErrorCategory } from '../../shared/checks/check-result.js';

/** What a TCP or DNS probe knows of its check (tcp-check.ts, dns-check.ts). */
export interface ProbeJob {
  monitorId: string;
  region: string;
  round: string;
  slowThresholdMs: number;
}

/** One try of a probe: its verdict and, on failure, why. */
export interface ProbeAttempt {
  outcome: 'up' | 'down';
  errorCategory: ErrorCategory | null;
  message: string | null;
  totalMs: number;
}

/**
 * The check result of a probe that is not HTTP: no status code, no TLS or first byte, and an up
 * answer slower than the monitor's slow threshold is degraded, as for HTTP (docs/checks.md).
 */
export const probeResult = (
  job: ProbeJob,
  checkedAt: string,
  attempt: ProbeAttempt,
  attempts: number,
  timings: Pick<CheckTimings, 'dns' | 'connect'>,
): CheckResult => ({
  monitorId: job.monitorId,
  region: job.region,
  round: job.round,
  outcome: attempt.outcome === 'up' && attempt.totalMs > job.slowThresholdMs ? 'degraded' : attempt.outcome,
  errorCategory: attempt.errorCategory,
  statusCode: null,
  timings: { ...timings, tls: null, ttfb: null, total: Math.round(attempt.totalMs) },
  checkedAt,
  attempts,
  message: attempt.message,
});
