import { ERROR_CATEGORIES, countsAsVote, type CheckResult, type ErrorCategory } from './check-result.js';
import { HEARTBEAT_REGION } from './heartbeat.js';

/**
 * Quorum across regions (docs/product-rules.md "Incidents and their texts"): each region that answered a round has one vote; the
 * monitor is down for the round when AT LEAST HALF of the voting regions say down.
 *
 * - Exactly half is down: "at least half agree" means down wins the tie. With 2 of 4 regions down
 *   (or 1 of 2) the round is down. A site that fails for half the world is down for those visitors,
 *   and each failing region has already retried once, so a tie is not a blip.
 * - One voting region: its vote decides, since half of one is one half and one vote reaches it.
 * - A region that did not answer is no vote, and so is a `blocked_target` answer (our own guard
 *   refused the address: it says nothing about the site). No votes at all is `no_quorum`: the
 *   round changes nothing and is a gap in the uptime history, never "up".
 * - `degraded` (answered, but slower than the slow threshold) counts as up for availability.
 * - A region answering twice for one round (an SQS redelivery, a job run twice) is one vote: the
 *   latest check wins, whatever order the answers arrived in.
 */
export type RoundVerdict = 'up' | 'down' | 'no_quorum';

/** The failure that speaks for a down round: the most common category among the down votes. */
export interface RoundFailure {
  errorCategory: ErrorCategory;
  statusCode: number | null;
  /** How long the failing check took, in milliseconds (until it gave up, for timeouts); null for a heartbeat (not timed). */
  responseTimeMs: number | null;
  region: string;
  message: string | null;
}

export interface QuorumDecision {
  verdict: RoundVerdict;
  /** Voting regions, one entry each, sorted by name. */
  upRegions: string[];
  downRegions: string[];
  /** Regions that answered without a vote (blocked target). */
  abstainedRegions: string[];
  /** Median total time of the up votes in milliseconds (rounded); null without up votes. */
  responseTimeMs: number | null;
  /** Status code of the up vote nearest the median; null without up votes. */
  statusCode: number | null;
  /** Null unless the verdict is down. */
  failure: RoundFailure | null;
  /** Latest check time among the votes (the monitor's `last_checked`); null without votes. */
  checkedAt: string | null;
}

const OUTCOME_RANK = { up: 0, degraded: 1, down: 2 } as const;

/** A total order on two answers of one region, so the kept one does not depend on arrival order. */
const preferLater = (a: CheckResult, b: CheckResult): CheckResult => {
  if (a.checkedAt !== b.checkedAt) return a.checkedAt > b.checkedAt ? a : b;
  if (a.attempts !== b.attempts) return a.attempts > b.attempts ? a : b;
  if (a.outcome !== b.outcome) return OUTCOME_RANK[a.outcome] > OUTCOME_RANK[b.outcome] ? a : b;
  return a.timings.total >= b.timings.total ? a : b;
};

/** One answer per region (see `preferLater`), sorted by region name. */
export const dedupeByRegion = (results: readonly CheckResult[]): CheckResult[] => {
  const byRegion = new Map<string, CheckResult>();
  for (const result of results) {
    const kept = byRegion.get(result.region);
    byRegion.set(result.region, kept ? preferLater(kept, result) : result);
  }
  return [...byRegion.values()].sort((a, b) => (a.region < b.region ? -1 : a.region > b.region ? 1 : 0));
};

const isDownVote = (result: CheckResult): boolean => result.outcome === 'down';

/** The rule itself, on counts: down when at least half of the votes are down. */
export const verdictOf = (up: number, down: number): RoundVerdict => {
  if (up + down === 0) return 'no_quorum';
  return down * 2 >= up + down ? 'down' : 'up';
};

const assertOneRound = (results: readonly CheckResult[]): void => {
  const first = results[0];
  if (!first) return;
  const mixed = results.find((result) => result.round !== first.round || result.monitorId !== first.monitorId);
  if (mixed) {
    throw new RangeError(
      `results of one round only: got ${first.monitorId}@${first.round} and ${mixed.monitorId}@${mixed.round}`,
    );
  }
};

const categoryOf = (result: CheckResult): ErrorCategory => result.errorCategory ?? 'unknown';

/**
 * Most common category among the down votes. Ties go to the category listed first in
 * `ERROR_CATEGORIES`, which runs in the order a request meets them (name lookup, connection, TLS,
 * HTTP...): the earliest failing step is the more basic explanation. Within the category, the
 * region first by name speaks for it.
 */
const representativeFailure = (downVotes: readonly CheckResult[]): RoundFailure | null => {
  const counts = new Map<ErrorCategory, number>();
  for (const vote of downVotes) counts.set(categoryOf(vote), (counts.get(categoryOf(vote)) ?? 0) + 1);
  let best: ErrorCategory | null = null;
  for (const category of ERROR_CATEGORIES) {
    const count = counts.get(category) ?? 0;
    if (count > 0 && (best === null || count > (counts.get(best) ?? 0))) best = category;
  }
  const speaker = downVotes.find((vote) => categoryOf(vote) === best);
  if (!best || !speaker) return null;
  return {
    errorCategory: best,
    statusCode: speaker.statusCode,
    responseTimeMs: speaker.region === HEARTBEAT_REGION ? null : speaker.timings.total,
    region: speaker.region,
    message: speaker.message,
  };
};

/** Median by total time; for an even count the mean of the middle two, and the lower one's status. */
const medianOf = (votes: readonly CheckResult[]): { ms: number; statusCode: number | null } | null => {
  if (votes.length === 0) return null;
  const sorted = [...votes].sort((a, b) => a.timings.total - b.timings.total);
  const upper = sorted[Math.floor(sorted.length / 2)]!;
  const lower = sorted[Math.floor((sorted.length - 1) / 2)]!;
  return { ms: Math.round((lower.timings.total + upper.timings.total) / 2), statusCode: lower.statusCode };
};

const latestCheck = (votes: readonly CheckResult[]): string | null =>
  votes.reduce<string | null>((latest, vote) => (latest === null || vote.checkedAt > latest ? vote.checkedAt : latest), null);

/** Decide one round of one monitor from the answers received (any order, duplicates allowed). */
export const decideRound = (results: readonly CheckResult[]): QuorumDecision => {
  assertOneRound(results);
  const answers = dedupeByRegion(results);
  const votes = answers.filter(countsAsVote);
  const downVotes = votes.filter(isDownVote);
  const upVotes = votes.filter((vote) => !isDownVote(vote));
  const verdict = verdictOf(upVotes.length, downVotes.length);
  // A heartbeat's vote is the judgement of the last ping, not a timed answer (docs/checks.md
  // "Heartbeat monitors"): its round has no response time, so no "0 ms" reaches the monitor, the
  // hourly rollups, the detail page or the reports.
  const median = medianOf(upVotes.filter((vote) => vote.region !== HEARTBEAT_REGION));
  return {
    verdict,
    upRegions: upVotes.map((vote) => vote.region),
    downRegions: downVotes.map((vote) => vote.region),
    abstainedRegions: answers.filter((answer) => !countsAsVote(answer)).map((answer) => answer.region),
    responseTimeMs: median?.ms ?? null,
    statusCode: median?.statusCode ?? null,
    failure: verdict === 'down' ? representativeFailure(downVotes) : null,
    checkedAt: latestCheck(votes),
  };
};

/**
 * Whether the processor can decide the round now rather than wait for more regions:
 * - every expected region has answered; or
 * - the outcome can no longer change, whatever the silent regions say. With `pending` regions
 *   still to answer, down is settled when `down >= up + pending` (even if all of them vote up,
 *   down still holds at least half) and up is settled when `down + pending < up`. Without
 *   abstentions these are "down votes reach half of the expected regions" and "up votes exceed
 *   half"; counting pending regions instead also settles rounds where a region abstained; or
 * - the round's deadline has passed: decide with whoever answered (a silent region is no vote).
 * Answers from regions outside `expectedRegions` still vote; they just are not waited for.
 */
export const shouldDecide = (
  resultsSoFar: readonly CheckResult[],
  expectedRegions: readonly string[],
  options: { deadlinePassed?: boolean } = {},
): boolean => {
  if (options.deadlinePassed) return true;
  const answers = dedupeByRegion(resultsSoFar);
  const answered = new Set(answers.map((answer) => answer.region));
  const pending = new Set(expectedRegions.filter((region) => !answered.has(region))).size;
  if (pending === 0) return true;
  const votes = answers.filter(countsAsVote);
  const down = votes.filter(isDownVote).length;
  const up = votes.length - down;
  return down >= up + pending || down + pending < up;
};

/**
 * Which processor applies a decidable round first. The regions' results often arrive within a
 * millisecond of each other and are processed in parallel, so several processors find the same
 * round decidable; all but one would lose the compare-and-swap, and a failed conditional write is
 * billed like a successful one. So the processors take turns by region: the one holding the result
 * of the last expected region (by name) applies a decidable round at once, the next one waits
 * `DECIDER_YIELD_MS`, the next twice that, and so on. By its turn the round is usually applied and
 * a processor only reads; if it is not (that region was silent or slow), it applies the round
 * itself, and the compare-and-swap keeps that safe. The cost is at most (regions - 1) x the yield
 * of detection latency, when the last region answers first.
 */
export const DECIDER_YIELD_MS = 250;

export const deciderDelayMs = (myRegion: string, expectedRegions: readonly string[]): number => {
  const turn = [...expectedRegions].sort().reverse().indexOf(myRegion);
  return (turn < 0 ? expectedRegions.length : turn) * DECIDER_YIELD_MS;
};
