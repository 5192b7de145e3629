import { METRIC, METRICS_NAMESPACE } from '../metrics.js';

/**
 * The results-queue age metric (functions/checks/results-backlog.ts emits it, the ChecksHome
 * stack alarms on it): the age of the oldest check result in each batch the processor receives.
 */
export const RESULTS_AGE_METRIC = { namespace: METRICS_NAMESPACE, name: METRIC.resultsQueueAge } as const;

/** Older than this, what users see is noticeably late: the processor logs a warning. */
export const RESULTS_BACKLOG_WARNING_SECONDS = 30;
