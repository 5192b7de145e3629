import { ASSERTION_KINDS, type AssertionKind, type CheckOutcome, type CheckResult, type ErrorCategory } from './check-result.js';
import { compareRounds, type RoundId } from './check-round.js';

/**
 * How raw check results are kept (docs/PERFORMANCE.md (d) and "Scale"): not one item
 * per region's answer, but per decided ROUND, written by the processor that decides it.
 *
 * - The newest rounds ride in the monitor's state item (`recent`, one string of encoded rounds),
 *   which the round's compare-and-swap rewrites anyway: keeping them there costs no extra write.
 * - When the next round would push `recent` past `RECENT_ROUNDS_BUDGET_CHARS`, the rounds held so
 *   far go out as one history item (`ROUNDS#<newest round>`, keys.ts 9b) and `recent` restarts
 *   with the new round. A steady round therefore costs its state write (1 WU) plus about a third
 *   of a history write: well under one write per round, where one item per region's answer cost
 *   three.
 * Readers (export: latest 100, detail view: latest 30) merge `recent`, the history items and the
 * per-region items older versions wrote (`CHECK#<round>#<region>`), newest round first.
 *
 * The encoding is compact JSON, `[regions, [[round, answers], ...]]`, each answer an array of its
 * fields (trailing nulls dropped) naming its region by index into `regions`. Timings are kept to
 * 0.1 ms, `checkedAt` as an offset in ms from the round id. At about 100 characters per steady
 * 3-region round, `recent` holds 4-5 rounds and the state item stays under 1 KB (one write unit).
 */
export interface DecidedRound {
  round: RoundId;
  results: CheckResult[];
}

/** The rounds held in the state item take at most this many JSON characters (see below). */
export const RECENT_ROUNDS_BUDGET_CHARS = 560;

const OUTCOME_CODES: Record<CheckOutcome, string> = { up: 'u', down: 'd', degraded: 's' };
const OUTCOME_OF_CODE: Record<string, CheckOutcome> = { u: 'up', d: 'down', s: 'degraded' };

/** Timings are kept to 0.1 ms: finer than any figure the product shows. */
const tenths = (ms: number | null): number | null => (ms === null ? null : Math.round(ms * 10) / 10);

type EncodedAnswer = (string | number | null)[];
type EncodedRound = [RoundId, EncodedAnswer[]];
/** `[regions, rounds]`: each answer names its region by index into `regions`. */
type EncodedRounds = [string[], EncodedRound[]];

const trimNulls = (fields: EncodedAnswer): EncodedAnswer => {
  let end = fields.length;
  while (end > 0 && fields[end - 1] === null) end--;
  return fields.slice(0, end);
};

const parseRounds = (encoded: string | null | undefined): EncodedRounds => {
  if (!encoded) return [[], []];
  const parsed = JSON.parse(encoded) as EncodedRounds;
  return [parsed[0] ?? [], parsed[1] ?? []];
};

/**
 * One answer's fields, the ones most often null last so that they can be dropped: region index,
 * outcome, total, status, ttfb, connect, start offset (null when 0), attempts (null when 1), dns,
 * tls, error category, message, failed assertions (comma-separated kinds, failures only).
 */
const encodeAnswer = (result: CheckResult, regionIndex: number, roundStart: number): EncodedAnswer => {
  const offset = Date.parse(result.checkedAt) - roundStart;
  return trimNulls([
    regionIndex,
    OUTCOME_CODES[result.outcome],
    tenths(result.timings.total),
    result.statusCode,
    tenths(result.timings.ttfb),
    tenths(result.timings.connect),
    Number.isFinite(offset) && offset !== 0 ? offset : null,
    result.attempts === 1 ? null : result.attempts,
    tenths(result.timings.dns),
    tenths(result.timings.tls),
    result.errorCategory,
    result.message,
    result.failedAssertions?.length ? result.failedAssertions.join(',') : null,
  ]);
};

const assertionKindsOf = (field: unknown): AssertionKind[] | undefined => {
  if (typeof field !== 'string' || field === '') return undefined;
  return field.split(',').filter((kind): kind is AssertionKind => (ASSERTION_KINDS as readonly string[]).includes(kind));
};

const numberOrNull = (value: unknown): number | null => (typeof value === 'number' ? value : null);

const decodeAnswer = (fields: EncodedAnswer, regions: readonly string[], round: RoundId, monitorId: string): CheckResult => ({
  monitorId,
  region: regions[Number(fields[0])] ?? 'unknown',
  round,
  outcome: OUTCOME_OF_CODE[String(fields[1])] ?? 'down',
  timings: {
    total: numberOrNull(fields[2]) ?? 0,
    ttfb: numberOrNull(fields[4]),
    connect: numberOrNull(fields[5]),
    dns: numberOrNull(fields[8]),
    tls: numberOrNull(fields[9]),
  },
  statusCode: numberOrNull(fields[3]),
  checkedAt: new Date(Date.parse(round) + (numberOrNull(fields[6]) ?? 0)).toISOString(),
  attempts: numberOrNull(fields[7]) ?? 1,
  errorCategory: (typeof fields[10] === 'string' ? fields[10] : null) as ErrorCategory | null,
  message: typeof fields[11] === 'string' ? fields[11] : null,
  ...(assertionKindsOf(fields[12]) ? { failedAssertions: assertionKindsOf(fields[12]) } : {}),
});

/** Rounds held as one string (the state item's `recent`, a history item's `rounds`), oldest first. */
export const decodeRounds = (encoded: string | null | undefined, monitorId: string): DecidedRound[] => {
  const [regions, rounds] = parseRounds(encoded);
  return rounds.map(([round, answers]) => ({
    round,
    results: answers.map((fields) => decodeAnswer(fields, regions, round, monitorId)),
  }));
};

const withRound = (held: EncodedRounds, decided: DecidedRound): string => {
  const regions = [...held[0]];
  const indexOf = (region: string) => {
    const at = regions.indexOf(region);
    return at >= 0 ? at : regions.push(region) - 1;
  };
  const roundStart = Date.parse(decided.round);
  const answers = [...decided.results]
    .sort((a, b) => a.region.localeCompare(b.region))
    .map((result) => encodeAnswer(result, indexOf(result.region), roundStart));
  return JSON.stringify([regions, [...held[1], [decided.round, answers]]]);
};

/**
 * Adds a decided round to the rounds held in the state item. When the result would pass the
 * budget, the rounds held so far are returned as `flushed` (to be written as one history item
 * first) and `recent` restarts with the new round alone. A round already held is not added twice.
 */
export const appendRecentRound = (
  recent: string | null | undefined,
  decided: DecidedRound,
): { recent: string; flushed: string | null } => {
  const held = parseRounds(recent);
  if (held[1].some(([round]) => round === decided.round)) return { recent: recent ?? withRound(held, decided), flushed: null };
  const grown = withRound(held, decided);
  if (!held[1].length || grown.length <= RECENT_ROUNDS_BUDGET_CHARS) return { recent: grown, flushed: null };
  return { recent: withRound([[], []], decided), flushed: recent ?? null };
};

/** The newest round id among encoded rounds, or null when there are none. */
export const newestRoundOf = (encoded: string | null | undefined): RoundId | null => {
  const rounds = parseRounds(encoded)[1];
  return rounds.length ? rounds[rounds.length - 1]![0] : null;
};

/** Whether `recent` holds an answer of `region` to `round` (a redelivered answer changes nothing). */
export const holdsAnswer = (recent: string | null | undefined, round: RoundId, region: string): boolean => {
  const [regions, rounds] = parseRounds(recent);
  const index = regions.indexOf(region);
  return index >= 0 && rounds.some(([held, answers]) => held === round && answers.some((fields) => fields[0] === index));
};

/** Whether `recent` holds `round` at all. */
export const holdsRound = (recent: string | null | undefined, round: RoundId): boolean =>
  parseRounds(recent)[1].some(([held]) => held === round);

/**
 * The newest `limit` answers of a monitor from every place they are kept, newest round first and,
 * within a round, by region name descending (the order per-region items always had). The same
 * (round, region) seen twice (an answer written once per region as a late straggler and also held
 * in a round) is kept once.
 */
export const newestAnswers = (sources: readonly (readonly CheckResult[])[], limit: number): CheckResult[] => {
  const seen = new Set<string>();
  const all: CheckResult[] = [];
  for (const results of sources) {
    for (const result of results) {
      const key = `${result.round}#${result.region}`;
      if (seen.has(key)) continue;
      seen.add(key);
      all.push(result);
    }
  }
  return all
    .sort((a, b) => compareRounds(b.round, a.round) || b.region.localeCompare(a.region))
    .slice(0, limit);
};
