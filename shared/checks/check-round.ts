/**
 * A check round is one dispatch of one monitor: every region checks the monitor for the same round
 * and the result processor decides the round from their answers (quorum.ts). The round id is the
 * ISO time the round was started (`roundStartedAt`): a scheduled round's slot time (dispatch.ts),
 * or a force check's request time. So:
 * - rounds apply in the order they were started, whoever started them (a scheduled round whose
 *   slot comes after a force check is newer than it);
 * - an SQS duplicate, or the same slot sent again by a repeated dispatcher tick, carries the same
 *   id and is deduplicated instead of counted twice;
 * - ids sort by time as plain strings, which is also how DynamoDB compares them, so the pure
 *   comparison here and a `last_round` condition in the table can never disagree.
 */
export type RoundId = string;

const ROUND_ID_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** The id of a round started at `at`, `delaySeconds` before the checkers see it. */
export const roundStartedAt = (at: Date, delaySeconds = 0): RoundId => {
  const time = at.getTime() + delaySeconds * 1000;
  if (Number.isNaN(time)) throw new RangeError('not a valid date');
  return new Date(time).toISOString();
};

export const isRoundId = (value: string): value is RoundId =>
  ROUND_ID_PATTERN.test(value) && !Number.isNaN(Date.parse(value));

/** Negative when `a` is the older round, 0 for the same round, positive when `a` is newer. */
export const compareRounds = (a: RoundId, b: RoundId): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Whether a round may still change the monitor: only a round newer than the last one applied.
 * The same round again is a duplicate; an older one is late. Both are ignored.
 */
export const isNewerRound = (candidate: RoundId, lastApplied: RoundId | null): boolean =>
  lastApplied === null || compareRounds(candidate, lastApplied) > 0;

/**
 * How long after a round is dispatched the processor stops waiting for silent regions. A region
 * may spend two timeouts (a failure is retried once before it reports down) plus queueing; the grace
 * covers SQS and Lambda start-up. Capped at SQS's longest message delay, which carries the deadline.
 */
export const ROUND_DEADLINE_GRACE_SECONDS = 30;
export const SQS_MAX_DELAY_SECONDS = 900;

export const roundDeadlineDelaySeconds = (timeoutSeconds: number): number =>
  Math.min(2 * timeoutSeconds + ROUND_DEADLINE_GRACE_SECONDS, SQS_MAX_DELAY_SECONDS);
