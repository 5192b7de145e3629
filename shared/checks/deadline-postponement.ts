import { SQS_MAX_DELAY_SECONDS } from './check-round.js';

/**
 * A round's deadline waits while the results queue is behind (docs/PERFORMANCE.md "What grew per
 * check when the queue was behind").
 *
 * The deadline message is sent delayed (check-round.ts `roundDeadlineDelaySeconds`, 40 s for a 5 s
 * timeout) so that a round whose regions fall silent is still decided. When the result processor
 * falls behind by more than that delay, deadlines come due while the regions' answers still wait in
 * the queue: the round is decided without them (a round with no answer at all changes nothing, one
 * with some is decided by too few regions), then each answer arrives late and is written on its own.
 * So a processor that is behind did more work per check, fell further behind, and decided rounds
 * on fewer regions than answered.
 *
 * Instead, a deadline that comes while the answers the processor receives are older than
 * DEADLINE_BACKLOG_TOLERANCE_SECONDS is sent on, delayed by that age: by then the answers queued
 * ahead of it have come through. At most MAX_DEADLINE_POSTPONEMENTS times, so a round whose regions
 * really are silent is still decided while the queue stays behind.
 */
export const DEADLINE_BACKLOG_TOLERANCE_SECONDS = 10;
export const MAX_DEADLINE_POSTPONEMENTS = 5;

/** The delay to send a deadline on with, or null to decide it now. */
export const deadlinePostponement = (opts: { resultsLagSeconds: number; postponed: number }): number | null => {
  if (opts.resultsLagSeconds <= DEADLINE_BACKLOG_TOLERANCE_SECONDS) return null;
  if (opts.postponed >= MAX_DEADLINE_POSTPONEMENTS) return null;
  return Math.min(Math.ceil(opts.resultsLagSeconds), SQS_MAX_DELAY_SECONDS);
};
