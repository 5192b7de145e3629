import type { CheckResult } from '../../shared/checks/check-result.js';
import { attemptCheck, type AttemptDeps, type AttemptOutcome } from './http-attempt.js';

/**
 * The HTTP check of one monitor from one region (ARCHITECTURE.md §4): an attempt, and when it fails
 * one more on a fresh connection before the failure is reported, so a single dropped packet does not
 * count as downtime. A target our guard refuses is never retried: the answer would be the same.
 * Whatever happens, the result is data; this function does not throw.
 */

export interface HttpCheckJob {
  monitorId: string;
  url: string;
  /** The whole attempt (redirects and body included) must finish within it; fractions allowed. */
  timeoutSeconds: number;
  slowThresholdMs: number;
  region: string;
  round: string;
}

export interface HttpCheckDeps extends AttemptDeps {
  /** Wall clock for `checkedAt`; injectable for tests. */
  now?: () => Date;
}

const needsRetry = (attempt: AttemptOutcome): boolean =>
  attempt.outcome === 'down' && attempt.errorCategory !== 'blocked_target';

const crashed = (error: unknown): AttemptOutcome => ({
  outcome: 'down',
  errorCategory: 'unknown',
  statusCode: null,
  timings: { dns: null, connect: null, tls: null, ttfb: null, total: 0 },
  message: error instanceof Error ? error.message : String(error),
});

const attemptSafely = async (job: HttpCheckJob, deps: HttpCheckDeps): Promise<AttemptOutcome> => {
  try {
    return await attemptCheck(job, deps);
  } catch (error) {
    return crashed(error);
  }
};

export const runHttpCheck = async (job: HttpCheckJob, deps: HttpCheckDeps): Promise<CheckResult> => {
  const checkedAt = (deps.now ?? (() => new Date()))().toISOString();
  let attempts = 1;
  let attempt = await attemptSafely(job, deps);
  if (needsRetry(attempt)) {
    attempts = 2;
    attempt = await attemptSafely(job, deps);
  }
  return {
    monitorId: job.monitorId,
    region: job.region,
    round: job.round,
    outcome: attempt.outcome,
    errorCategory: attempt.errorCategory,
    statusCode: attempt.statusCode,
    timings: attempt.timings,
    checkedAt,
    attempts,
    message: attempt.message,
  };
};
