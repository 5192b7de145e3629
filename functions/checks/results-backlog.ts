import { RESULTS_BACKLOG_WARNING_SECONDS } from '../../shared/checks/results-age.js';
import { logger } from '../observability/logger.js';
import { addResultsQueueAge } from '../observability/metrics.js';

/**
 * Whether the result processor keeps up (docs/PERFORMANCE.md "Scale"): the age of a
 * check-results message when the processor receives it. Results are never sent delayed, so their
 * age is pure waiting in the queue (round deadlines are, by design, and are left out). Every batch
 * reports the oldest age as the metric `Upwatch/ResultsQueueAgeSeconds` (Powertools Metrics,
 * observability/metrics.ts; alarmed on in the ChecksHome stack, and off locally), and
 * an age past RESULTS_BACKLOG_WARNING_SECONDS is logged as a warning, at most once per
 * BACKLOG_WARNING_EVERY_MS, in the Lambda's log and in the local cloud's console alike.
 */
const BACKLOG_WARNING_EVERY_MS = 30_000;

let lastWarningAt = 0;

/** Reports a batch's oldest check-results message (its SentTimestamp, epoch ms); nothing without one. */
export const reportResultsAge = (oldestSentAt: number | null, now = new Date()): void => {
  if (oldestSentAt === null || !Number.isFinite(oldestSentAt)) return;
  const ageSeconds = Math.max(0, Math.round((now.getTime() - oldestSentAt) / 100) / 10);
  addResultsQueueAge(ageSeconds);
  if (ageSeconds > RESULTS_BACKLOG_WARNING_SECONDS && now.getTime() - lastWarningAt >= BACKLOG_WARNING_EVERY_MS) {
    lastWarningAt = now.getTime();
    logger.warn('The results queue is backing up: check results wait before they are processed', {
      oldestResultAgeSeconds: ageSeconds,
      warningAfterSeconds: RESULTS_BACKLOG_WARNING_SECONDS,
    });
  }
};
