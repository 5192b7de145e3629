/**
 * `POST /api/v1/monitors/force-check`: the SPA's "Refresh Status" for a script, the same handler
 * and service as `POST /api/monitors/force-check` (one rule set; the same per-IP limit, keyed
 * alike in functions/http/ip-limit-rules.ts), answering the v1 document's `ForceCheckResult`.
 */
export { handler as v1ForceCheck } from '../monitors/force-check.js';
