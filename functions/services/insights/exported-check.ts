import type { CheckResult } from '../../../shared/checks/check-result.js';
import type { ExportedCheck } from '../../../shared/insights/schemas.js';

/**
 * A stored check result as the export file shows it: API names, the response time in seconds (as
 * everywhere in the API), timings in milliseconds. The one place that knows the shape
 * `latestCheckResults` returns, so a change there is one edit here.
 */
export const toExportedCheck = (check: CheckResult): ExportedCheck => ({
  checked_at: check.checkedAt,
  region: check.region,
  outcome: check.outcome,
  status_code: check.statusCode,
  response_time: check.timings.total / 1000,
  error_category: check.errorCategory,
  message: check.message,
  timings_ms: check.timings,
  failed_assertions: check.failedAssertions ?? [],
});
