import { describe, expect, it } from 'vitest';
import type { CheckResult } from '../../../shared/checks/check-result.js';
import { appendRecentRound, newestRoundOf } from '../../../shared/checks/round-history.js';
import type { MonitorForChecks } from '../../../functions/repositories/monitor-check-state-repository.js';
import { historyToStore, type RoundToDecide } from '../../../functions/services/checks/apply-round.js';
import { INITIAL_MONITOR_STATE } from '../../../shared/checks/monitor-state.js';
import { monitorForChecks } from '../support/monitor-for-checks.js';

/**
 * historyToStore tells the result processor which history item a round's commit would write, so a
 * pack's items go out in one batch write (process-results.ts). It must name exactly what
 * commitRound would flush, and nothing for a round that will not be applied.
 */
const REGIONS = ['ap-south-1', 'eu-west-1', 'us-east-1'];
const roundAt = (i: number) => new Date(Date.UTC(2026, 10, 24, 4, 0, 30 * i)).toISOString();
const answers = (round: string): CheckResult[] =>
  REGIONS.map((region) => ({
    monitorId: 'm1',
    region,
    round,
    outcome: 'up',
    errorCategory: null,
    statusCode: 200,
    timings: { dns: null, connect: 1, tls: null, ttfb: 3, total: 4 },
    checkedAt: round,
    attempts: 1,
    message: null,
  }));
const toDecide = (round: string): RoundToDecide => ({
  userId: 'u1',
  monitorId: 'm1',
  round,
  expectedRegions: REGIONS,
  deadlinePassed: false,
  tier: 'pro',
  alertsQueueUrl: 'http://queue',
});
const monitorAfter = (rounds: number): MonitorForChecks => {
  let recent: string | null = null;
  for (let i = 0; i < rounds; i++) recent = appendRecentRound(recent, { round: roundAt(i), results: answers(roundAt(i)) }).recent;
  return monitorForChecks({
    state: { ...INITIAL_MONITOR_STATE, isUp: rounds ? true : null, lastRound: rounds ? roundAt(rounds - 1) : null },
    recent,
  });
};

describe('historyToStore', () => {
  it('names the rounds the next commit moves out of the state item, and only when it moves some', () => {
    const flushesAt = Array.from({ length: 12 }, (_, held) => {
      const round = roundAt(held);
      return historyToStore(toDecide(round), answers(round), monitorAfter(held));
    });
    const firstFlush = flushesAt.findIndex((history) => history !== null);
    expect(firstFlush).toBeGreaterThan(1);
    expect(flushesAt.slice(0, firstFlush).every((history) => history === null)).toBe(true);
    const history = flushesAt[firstFlush]!;
    const monitor = monitorAfter(firstFlush);
    expect(history.rounds).toBe(monitor.recent);
    expect(history.rounds).toBe(appendRecentRound(monitor.recent, { round: roundAt(firstFlush), results: answers(roundAt(firstFlush)) }).flushed);
    expect(newestRoundOf(history.rounds)).toBe(roundAt(firstFlush - 1));
    expect(history.monitorId).toBe('m1');
    expect(history.expiresAt).toBeGreaterThan(Date.parse(roundAt(firstFlush)) / 1000);
  });

  it('names nothing for a round already applied, a deleted or paused monitor, or no answers', () => {
    const monitor = monitorAfter(8);
    const applied = roundAt(7);
    expect(historyToStore(toDecide(applied), answers(applied), monitor)).toBeNull();
    expect(historyToStore(toDecide(roundAt(8)), answers(roundAt(8)), null)).toBeNull();
    expect(historyToStore(toDecide(roundAt(8)), [], monitor)).toBeNull();
    // At a round that would flush: nothing once the monitor is paused.
    const held = Array.from({ length: 12 }, (_, i) => i).find((i) => historyToStore(toDecide(roundAt(i)), answers(roundAt(i)), monitorAfter(i)) !== null)!;
    expect(historyToStore(toDecide(roundAt(held)), answers(roundAt(held)), { ...monitorAfter(held), status: 'paused' })).toBeNull();
  });
});
