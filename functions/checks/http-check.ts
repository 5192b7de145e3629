import type { CheckResult } from '../../shared/checks/check-result.js';
import type { CheckOptions } from '../../shared/monitors/check-options.js';
import { monitorSecretContext, openSecret } from '../secrets/envelope.js';
import { checkRequestOf, type CheckRequest, type OpenSecret } from './check-request.js';
import { attemptCheck, type AttemptDeps, type AttemptOutcome } from './http-attempt.js';

/**
 * The HTTP check of one monitor from one region (docs/checks.md "One check"): an attempt, and when it fails
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
  /** Request options and assertions (docs/checks.md); secrets sealed. */
  options?: CheckOptions;
}

export interface HttpCheckDeps extends AttemptDeps {
  /** Wall clock for `checkedAt`; injectable for tests. */
  now?: () => Date;
  /** Opens a sealed secret of this monitor; the envelope module's by default. */
  openSecret?: OpenSecret;
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

const attemptSafely = async (job: HttpCheckJob, request: CheckRequest, deps: HttpCheckDeps): Promise<AttemptOutcome> => {
  try {
    return await attemptCheck({ ...job, ...request }, deps);
  } catch (error) {
    return crashed(error);
  }
};

export const runHttpCheck = async (job: HttpCheckJob, deps: HttpCheckDeps): Promise<CheckResult> => {
  const checkedAt = (deps.now ?? (() => new Date()))().toISOString();
  let attempts = 1;
  const open = deps.openSecret ?? ((sealed: string) => openSecret(sealed, monitorSecretContext(job.monitorId)));
  let request: CheckRequest;
  try {
    request = await checkRequestOf(job.options, open);
  } catch (error) {
    // Our own failure (a key we cannot use), reported as such rather than as the site's.
    const reason = error instanceof Error ? error.message : String(error);
    return resultOf(job, checkedAt, 1, { ...crashed(error), message: `could not open the monitor's stored secrets: ${reason}` });
  }
  let attempt = await attemptSafely(job, request, deps);
  if (needsRetry(attempt)) {
    attempts = 2;
    attempt = await attemptSafely(job, request, deps);
  }
  return resultOf(job, checkedAt, attempts, attempt);
};

const resultOf = (job: HttpCheckJob, checkedAt: string, attempts: number, attempt: AttemptOutcome): CheckResult => {
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
    ...(attempt.failedAssertions?.length ? { failedAssertions: attempt.failedAssertions } : {}),
    ...(attempt.certificate ? { certificate: attempt.certificate } : {}),
  };
};
