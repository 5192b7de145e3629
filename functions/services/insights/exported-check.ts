import type { CheckResult } from '../../../shared/checks/check-result.js';
import { HEARTBEAT_REGION } from '../../../shared/checks/heartbeat.js';
import type { ExportedCheck } from '../../../shared/insights/schemas.js';

/**
 * A stored check result as the export file shows it: API names, the response time in seconds (as
 * everywhere in the API), timings in milliseconds. The one place that knows the shape
 * `latestCheckResults` returns, so a change there is one edit here.
 */
export const toExportedCheck = (check: CheckResult): ExportedCheck => {
  // A heartbeat's "check" is the judgement of its last ping: it took no time, and showing 0 ms
  // would say it answered instantly (docs/checks.md "Heartbeat monitors").
  const timed = check.region !== HEARTBEAT_REGION;
  return {
    checked_at: check.checkedAt,
    region: check.region,
    outcome: check.outcome,
    status_code: check.statusCode,
    response_time: timed ? check.timings.total / 1000 : null,
    error_category: check.errorCategory,
    message: check.message,
    timings_ms: timed ? check.timings : { ...check.timings, total: null },
    failed_assertions: check.failedAssertions ?? [],
  };
};
