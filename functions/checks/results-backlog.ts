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
/** The last batch's oldest result age, and when it was seen: how far behind this processor is. */
let lastAge: { seconds: number; at: number } | null = null;
/** A lag seen longer ago than this says nothing about the queue now. */
const LAG_REMEMBERED_MS = 60_000;

/**
 * How far behind the results queue was at this processor's latest batch with check results: their
 * oldest's age in seconds, 0 when none was seen in the last minute. Round deadlines wait on it
 * (shared/checks/deadline-postponement.ts).
 */
export const resultsLagSeconds = (now = new Date()): number =>
  lastAge && now.getTime() - lastAge.at <= LAG_REMEMBERED_MS ? lastAge.seconds : 0;

/** Reports a batch's oldest check-results message (its SentTimestamp, epoch ms); nothing without one. */
export const reportResultsAge = (oldestSentAt: number | null, now = new Date()): void => {
  if (oldestSentAt === null || !Number.isFinite(oldestSentAt)) return;
  const ageSeconds = Math.max(0, Math.round((now.getTime() - oldestSentAt) / 100) / 10);
  lastAge = { seconds: ageSeconds, at: now.getTime() };
  addResultsQueueAge(ageSeconds);
  if (ageSeconds > RESULTS_BACKLOG_WARNING_SECONDS && now.getTime() - lastWarningAt >= BACKLOG_WARNING_EVERY_MS) {
    lastWarningAt = now.getTime();
    logger.warn('The results queue is backing up: check results wait before they are processed', {
      oldestResultAgeSeconds: ageSeconds,
      warningAfterSeconds: RESULTS_BACKLOG_WARNING_SECONDS,
    });
  }
};
