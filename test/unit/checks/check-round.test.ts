import { describe, expect, it } from 'vitest';
import {
  compareRounds,
  isNewerRound,
  isRoundId,
  roundDeadlineDelaySeconds,
  roundStartedAt,
} from '../../../shared/checks/check-round.js';
import { slotsInWindow } from '../../../shared/checks/dispatch.js';

const at = (iso: string) => new Date(iso);

describe('roundStartedAt', () => {
  it('is the ISO time the round starts, after its SQS delay', () => {
    expect(roundStartedAt(at('2026-03-02T10:07:42.123Z'))).toBe('2026-03-02T10:07:42.123Z');
    expect(roundStartedAt(at('2026-03-02T10:00:00.000Z'), 30)).toBe('2026-03-02T10:00:30.000Z');
  });

  it('rejects a date that is not one', () => {
    expect(() => roundStartedAt(new Date(Number.NaN))).toThrow(RangeError);
  });

  it('gives a force check followed by a scheduled round increasing ids, so the later one counts', () => {
    const forced = roundStartedAt(at('2026-03-02T10:03:19.241Z'));
    // The monitor was due at 10:00 but the dispatcher tick that sends it comes at 10:03:41.
    const scheduled = roundStartedAt(at('2026-03-02T10:03:41.002Z'));
    expect(isNewerRound(scheduled, forced)).toBe(true);
  });

  it('gives consecutive dispatcher ticks strictly increasing ids', () => {
    for (const intervalSeconds of [30, 45, 60, 300, 3600]) {
      const schedule = { intervalSeconds, phaseSeconds: 17 % intervalSeconds };
      const ids: string[] = [];
      for (let minute = 0; minute < 180; minute++) {
        const window = new Date(Date.parse('2026-03-02T10:00:00Z') + minute * 60_000);
        ids.push(...slotsInWindow(schedule, window).map((slot) => roundStartedAt(slot)));
      }
      expect(ids.length).toBeGreaterThan(0);
      for (let i = 1; i < ids.length; i++) expect(compareRounds(ids[i]!, ids[i - 1]!)).toBeGreaterThan(0);
    }
  });
});

describe('round order', () => {
  it('sorts ids by time as plain strings, across a year boundary', () => {
    const older = roundStartedAt(at('2025-12-31T23:59:30Z'));
    const newer = roundStartedAt(at('2026-01-01T00:00:00Z'));
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
    expect(roundDeadlineDelaySeconds(10)).toBe(50);
  });

  it('never waits longer than the 15-minute SQS delay that carries it', () => {
    expect(roundDeadlineDelaySeconds(600)).toBe(900);
  });
});
