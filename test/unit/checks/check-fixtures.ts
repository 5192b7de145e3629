import type { HttpCheckJob } from '../../../functions/checks/http-check.js';
import type { CheckResult, ErrorCategory } from '../../../shared/checks/check-result.js';

export const ROUND = '2026-03-02T10:00:00.000Z';

/** A check job of monitor `mon-1` in eu-west-1 for the checker's own tests (2 s timeout). */
export const checkJob = (url: string, overrides: Partial<HttpCheckJob> = {}): HttpCheckJob => ({
  monitorId: 'mon-1',
  url,
  timeoutSeconds: 2,
  slowThresholdMs: 5_000,
  region: 'eu-west-1',
  round: ROUND,
  ...overrides,
});

/** One region's answer; `down` needs a category, the rest defaults to a healthy 200. */
export const result = (
  region: string,
  outcome: CheckResult['outcome'],
  overrides: Partial<CheckResult> & { ms?: number; category?: ErrorCategory } = {},
): CheckResult => {
  const { ms, category, ...rest } = overrides;
  const down = outcome === 'down';
  return {
    monitorId: 'mon-1',
    region,
    round: ROUND,
    outcome,
    errorCategory: category ?? (down ? 'connection_refused' : null),
    statusCode: down ? null : 200,
    timings: { dns: 5, connect: 10, tls: 20, ttfb: 100, total: ms ?? 200 },
    checkedAt: '2026-03-02T10:00:05.000Z',
    attempts: down ? 2 : 1,
    message: null,
    ...rest,
  };
};

export const up = (region: string, ms = 200) => result(region, 'up', { ms });
export const down = (region: string, category: ErrorCategory = 'connection_refused', statusCode: number | null = null) =>
  result(region, 'down', { category, statusCode });
export const blocked = (region: string) => result(region, 'down', { category: 'blocked_target' });
