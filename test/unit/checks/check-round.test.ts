import { describe, expect, it } from 'vitest';
import {
  compareRounds,
  isNewerRound,
  isPastDeadline,
  isRoundId,
  roundDeadline,
  roundDeadlineDelaySeconds,
  roundId,
} from '../../../shared/checks/check-round.js';
import { planRounds } from '../../../shared/checks/dispatch.js';

const at = (iso: string) => new Date(iso);

describe('roundId', () => {
  it('is the ISO start of the 5-minute slot a check was scheduled in', () => {
    expect(roundId(at('2026-03-02T10:07:42.123Z'), 300)).toBe('2026-03-02T10:05:00.000Z');
  });

  it('gives 30-second checks the half-minute slot', () => {
    expect(roundId(at('2026-03-02T10:00:29.999Z'), 30)).toBe('2026-03-02T10:00:00.000Z');
    expect(roundId(at('2026-03-02T10:00:30.000Z'), 30)).toBe('2026-03-02T10:00:30.000Z');
  });

  it('gives a re-dispatch of the same slot the same id', () => {
    expect(roundId(at('2026-03-02T10:00:01Z'), 60)).toBe(roundId(at('2026-03-02T10:00:58Z'), 60));
  });

  it('rejects an interval that is not a positive whole number of seconds', () => {
    expect(() => roundId(at('2026-03-02T10:00:00Z'), 0)).toThrow(RangeError);
    expect(() => roundId(at('2026-03-02T10:00:00Z'), 1.5)).toThrow(RangeError);
    expect(() => roundId(new Date(Number.NaN), 60)).toThrow(RangeError);
  });

  it('gives consecutive planned rounds strictly increasing ids, also after falling behind', () => {
    for (const intervalSeconds of [30, 60, 300, 3600]) {
      let dueAt = at('2026-03-02T10:00:17Z');
      let now = at('2026-03-02T10:00:20Z');
      const ids: string[] = [];
      for (let tick = 0; tick < 20; tick++) {
        // Every fifth tick the dispatcher was down for two hours.
        if (tick % 5 === 4) now = new Date(now.getTime() + 7_200_000);
        const plan = planRounds({ dueAt, now, intervalSeconds });
        ids.push(...plan.rounds.map((r) => roundId(r.at, intervalSeconds)));
        dueAt = plan.nextDueAt;
        now = new Date(Math.max(now.getTime() + 60_000, dueAt.getTime()));
      }
      for (let i = 1; i < ids.length; i++) expect(compareRounds(ids[i]!, ids[i - 1]!)).toBeGreaterThan(0);
    }
  });
});

describe('round order', () => {
  it('sorts ids by time as plain strings, across a year boundary', () => {
    const older = roundId(at('2025-12-31T23:59:30Z'), 30);
    const newer = roundId(at('2026-01-01T00:00:00Z'), 30);
    expect(compareRounds(older, newer)).toBeLessThan(0);
    expect(compareRounds(newer, older)).toBeGreaterThan(0);
    expect(compareRounds(newer, newer)).toBe(0);
    expect([newer, older].sort()).toEqual([older, newer]);
  });

  it('applies any round to a monitor that has none yet', () => {
    expect(isNewerRound('2026-03-02T10:00:00.000Z', null)).toBe(true);
  });

  it('ignores the same round again (a duplicate) and an older one (late)', () => {
    expect(isNewerRound('2026-03-02T10:00:00.000Z', '2026-03-02T10:00:00.000Z')).toBe(false);
    expect(isNewerRound('2026-03-02T09:55:00.000Z', '2026-03-02T10:00:00.000Z')).toBe(false);
    expect(isNewerRound('2026-03-02T10:05:00.000Z', '2026-03-02T10:00:00.000Z')).toBe(true);
  });

  it('recognises round ids and nothing else', () => {
    expect(isRoundId('2026-03-02T10:00:00.000Z')).toBe(true);
    expect(isRoundId('2026-03-02T10:00:00Z')).toBe(false);
    expect(isRoundId('2026-13-02T10:00:00.000Z')).toBe(false);
    expect(isRoundId('yesterday')).toBe(false);
  });
});

describe('round deadline', () => {
  it('waits two timeouts (one retry) plus a 30 s grace', () => {
    expect(roundDeadlineDelaySeconds(30)).toBe(90);
    expect(roundDeadline(at('2026-03-02T10:00:00Z'), 10)).toEqual(at('2026-03-02T10:00:50Z'));
  });

  it('never waits longer than the 15-minute SQS delay that carries it', () => {
    expect(roundDeadlineDelaySeconds(600)).toBe(900);
  });

  it('is past at the deadline and not a moment before', () => {
    const dispatched = at('2026-03-02T10:00:00Z');
    expect(isPastDeadline(dispatched, 30, at('2026-03-02T10:01:29.999Z'))).toBe(false);
    expect(isPastDeadline(dispatched, 30, at('2026-03-02T10:01:30Z'))).toBe(true);
  });
});
