import { describe, expect, it } from 'vitest';
import {
  appendRecentRound,
  decodeRounds,
  holdsAnswer,
  holdsRound,
  newestAnswers,
  newestRoundOf,
  RECENT_ROUNDS_BUDGET_CHARS,
  type DecidedRound,
} from '../../../shared/checks/round-history.js';
import { down, result, ROUND, up } from './check-fixtures.js';

const REGIONS = ['us-east-1', 'eu-west-1', 'ap-south-1'];

const roundAt = (minute: number): string => new Date(Date.parse(ROUND) + minute * 60_000).toISOString();
const steadyRound = (round: string): DecidedRound => ({
  round,
  results: REGIONS.map((region) => ({ ...up(region, 123.456), round, checkedAt: new Date(Date.parse(round) + 7).toISOString() })),
});

describe('round history encoding', () => {
  it('gives back every answer of a round, timings to 0.1 ms, the start as it was', () => {
    const failing = {
      ...down('eu-west-1', 'http_5xx', 503),
      message: 'HTTP 503, "Service Unavailable"',
      timings: { dns: 1.26, connect: 2.04, tls: null, ttfb: 9.96, total: 5000.04 },
    };
    const decided: DecidedRound = { round: ROUND, results: [up('us-east-1', 87.25), failing, result('ap-south-1', 'degraded')] };
    const { recent } = appendRecentRound(null, decided);
    const [back] = decodeRounds(recent, 'mon-1');
    expect(back?.round).toBe(ROUND);
    const byRegion = new Map(back!.results.map((answer) => [answer.region, answer]));
    expect(byRegion.get('eu-west-1')).toEqual({ ...failing, timings: { dns: 1.3, connect: 2, tls: null, ttfb: 10, total: 5000 } });
    expect(byRegion.get('us-east-1')).toEqual({ ...up('us-east-1', 87.3), timings: { dns: 5, connect: 10, tls: 20, ttfb: 100, total: 87.3 } });
    expect(byRegion.get('ap-south-1')?.outcome).toBe('degraded');
  });

  it('holds steady 3-region rounds within the budget and moves them out together when the next does not fit', () => {
    let recent: string | null = null;
    const flushes: string[] = [];
    for (let minute = 0; minute < 20; minute++) {
      const next = appendRecentRound(recent, steadyRound(roundAt(minute)));
      if (next.flushed) flushes.push(next.flushed);
      recent = next.recent;
      expect(recent.length).toBeLessThanOrEqual(RECENT_ROUNDS_BUDGET_CHARS);
    }
    // HTTPS answers with every phase timed: at least three rounds per history item.
    expect(flushes.length).toBeLessThanOrEqual(6);
    const kept = [...flushes, recent].flatMap((encoded) => decodeRounds(encoded, 'mon-1').map((round) => round.round));
    expect(kept).toEqual(Array.from({ length: 20 }, (_, minute) => roundAt(minute)));
    expect(newestRoundOf(flushes[0])).toBe(decodeRounds(flushes[0], 'mon-1').at(-1)?.round);
  });

  it('adds a round once, and says which answers it holds', () => {
    const once = appendRecentRound(null, steadyRound(ROUND)).recent;
    expect(appendRecentRound(once, steadyRound(ROUND)).recent).toBe(once);
    expect(holdsRound(once, ROUND)).toBe(true);
    expect(holdsAnswer(once, ROUND, 'eu-west-1')).toBe(true);
    expect(holdsAnswer(once, ROUND, 'sa-east-1')).toBe(false);
    expect(holdsRound(once, roundAt(1))).toBe(false);
  });
});

describe('newestAnswers', () => {
  it('sorts by round (newest first), then region descending, drops repeats and cuts at the limit', () => {
    const older = steadyRound(roundAt(0)).results;
    const newer = steadyRound(roundAt(1)).results;
    const answers = newestAnswers([newer, [...older, newer[0]!]], 4);
    expect(answers.map((answer) => `${answer.round.slice(14, 16)} ${answer.region}`)).toEqual([
      '01 us-east-1',
      '01 eu-west-1',
      '01 ap-south-1',
      '00 us-east-1',
    ]);
  });
});
