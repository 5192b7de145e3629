/**
 * A check round is one dispatch of one monitor: every region checks the monitor for the same round
 * and the result processor decides the round from their answers (quorum.ts). The round id is the
 * ISO time of the slot start, so:
 * - a re-dispatch of the same slot (a dispatcher retry, an SQS duplicate) gets the same id and is
 *   deduplicated instead of counted twice;
 * - ids sort by time as plain strings, which is also how DynamoDB compares them, so the pure
 *   comparison here and a `last_round` condition in the table can never disagree.
 */
export type RoundId = string;

const ROUND_ID_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * The round a check scheduled at `scheduledAt` belongs to: the start of its interval-long slot,
 * counted from the Unix epoch, as `YYYY-MM-DDTHH:mm:ss.sssZ`. Rounds of one monitor are at least an
 * interval apart (see `planRounds`), so two of them never share a slot. Right after the owner
 * lengthens the interval, one round can land in the slot of the round before it; it is then dropped
 * as a duplicate, which costs one round and never a wrong state.
 */
export const roundId = (scheduledAt: Date, intervalSeconds: number): RoundId => {
  if (!Number.isInteger(intervalSeconds) || intervalSeconds <= 0) {
    throw new RangeError(`intervalSeconds must be a positive whole number, got ${intervalSeconds}`);
  }
  const time = scheduledAt.getTime();
  if (Number.isNaN(time)) throw new RangeError('scheduledAt is not a valid date');
  const intervalMs = intervalSeconds * 1000;
  return new Date(Math.floor(time / intervalMs) * intervalMs).toISOString();
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

export const roundDeadline = (dispatchedAt: Date, timeoutSeconds: number): Date =>
  new Date(dispatchedAt.getTime() + roundDeadlineDelaySeconds(timeoutSeconds) * 1000);

export const isPastDeadline = (dispatchedAt: Date, timeoutSeconds: number, now: Date): boolean =>
  now.getTime() >= roundDeadline(dispatchedAt, timeoutSeconds).getTime();
