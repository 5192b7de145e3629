import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckResult } from '../../../shared/checks/check-result.js';
import { decodeHistograms, histogramCount } from '../../../shared/checks/latency-histogram.js';
import { appendRecentRound } from '../../../shared/checks/round-history.js';
import type { MonitorForChecks } from '../../../functions/repositories/monitor-check-state-repository.js';

const calls = vi.hoisted(() => ({ query: [] as unknown[], get: [] as unknown[], history: [] as string[], dayLatency: undefined as string | undefined }));

vi.mock('../../../functions/repositories/table-commands.js', () => ({
  query: vi.fn(async (input: unknown) => {
    calls.query.push(input);
    return { Items: calls.history.map((rounds) => ({ rounds })) };
  }),
  get: vi.fn(async (input: unknown) => {
    calls.get.push(input);
    return { Item: calls.dayLatency ? { latency: calls.dayLatency } : undefined };
  }),
}));

const { closedHourLatency, hoursLatencyFromRounds } = await import('../../../functions/repositories/latency-items.js');

const answer = (round: string, region: string, total: number): CheckResult => ({
  monitorId: 'M1',
  region,
  round,
  outcome: 'up',
  errorCategory: null,
  statusCode: 200,
  timings: { dns: 1, connect: 10, tls: 20, ttfb: 40, total },
  checkedAt: round,
  attempts: 1,
  message: null,
});

/** Rounds of 08:00 every 30 s, the first `stored` of them flushed to history items, the rest in `recent`. */
const hourOfRounds = (count: number, stored: number) => {
  let recent: string | null = null;
  const history: string[] = [];
  for (let i = 0; i < count; i++) {
    const round = new Date(Date.parse('2026-11-28T08:00:00.000Z') + i * 30_000).toISOString();
    const next = appendRecentRound(recent, { round, results: [answer(round, 'eu-west-1', 100 + i), answer(round, 'us-east-1', 300)] });
    if (next.flushed && i <= stored) history.push(next.flushed);
    recent = next.recent;
  }
  return { history, recent };
};

const monitor = (overrides: Partial<MonitorForChecks> = {}): MonitorForChecks =>
  ({ userId: 'U1', monitorId: 'M1', target: undefined, recent: null, ...overrides }) as MonitorForChecks;

const closed = { hour: '2026-11-28T08', checks: 20, ups: 20, responseTimeSumMs: 0, responseTimeCount: 0 };

describe("the closing hour's latency (docs/analytics.md \"Where it is kept\")", () => {
  beforeEach(() => {
    calls.query = [];
    calls.get = [];
    calls.history = [];
    calls.dayLatency = undefined;
  });

  it("counts every round of the hour once, from its history items and the state item's recent rounds, and adds it to the day's", async () => {
    const { history, recent } = hourOfRounds(20, 20);
    // The history item the pack stored ahead holds rounds the state item still has: counted once.
    calls.history = [...history, recent!];
    calls.dayLatency = 'eu-west-1=10:5';
    const latency = await closedHourLatency(monitor({ recent }), closed, '2026-11-28T09:00:00.000Z');
    expect(histogramCount(latency!.hour.histograms.get('eu-west-1')!)).toBe(20);
    expect(histogramCount(latency!.hour.histograms.get('us-east-1')!)).toBe(20);
    expect(latency!.hour.phases.ttfb).toEqual({ sumMs: 1600, count: 40 });
    const day = decodeHistograms(latency!.dayHistograms);
    expect(histogramCount(day.get('eu-west-1')!)).toBe(25);
    expect(calls.query[0]).toMatchObject({
      ConsistentRead: true,
      // Up to the closing round: the hour's last rounds may sit in an item keyed by a round of the next hour.
      ExpressionAttributeValues: { ':pk': 'MONITOR#M1', ':from': 'ROUNDS#2026-11-28T08:00:00.000Z', ':to': 'ROUNDS#2026-11-28T09:00:00.000Z' },
    });
    expect(calls.get[0]).toMatchObject({ Key: { PK: 'MONITOR#M1', SK: 'DAY_ROLLUP#2026-11-28' }, ConsistentRead: true });
  });

  it('reads nothing and stores nothing for an hour with maintenance rounds, for a heartbeat, or for an hour without answers', async () => {
    expect(await closedHourLatency(monitor(), { ...closed, maintenance: 3 }, '2026-11-28T09:00:00.000Z')).toBeNull();
    expect(await closedHourLatency(monitor({ target: { type: 'heartbeat' } as MonitorForChecks['target'] }), closed, '2026-11-28T09:00:00.000Z')).toBeNull();
    expect(calls.query).toHaveLength(0);
    expect(calls.get).toHaveLength(0);
    expect(await closedHourLatency(monitor(), closed, '2026-11-28T09:00:00.000Z')).toBeNull();
  });
});

describe('the unclosed hours\' latency (the analytics panel)', () => {
  beforeEach(() => {
    calls.query = [];
    calls.history = [];
  });

  it('reads both hours\' rounds in one Query, from the older hour up to the time given, and measures each hour apart', async () => {
    // 08:00-08:59:30 every 30 s, then 09:00-09:04:30: 130 rounds, some in history items, the newest in `recent`.
    const { history, recent } = hourOfRounds(130, 125);
    calls.history = history;
    const latencies = await hoursLatencyFromRounds('M1', ['2026-11-28T08', '2026-11-28T09'], recent, '2026-11-28T09:05:00.000Z');
    expect(calls.query).toHaveLength(1);
    expect(calls.query[0]).toMatchObject({
      ExpressionAttributeValues: { ':pk': 'MONITOR#M1', ':from': 'ROUNDS#2026-11-28T08:00:00.000Z', ':to': 'ROUNDS#2026-11-28T09:05:00.000Z' },
    });
    expect(histogramCount(latencies.get('2026-11-28T08')!.histograms.get('eu-west-1')!)).toBe(120);
    expect(histogramCount(latencies.get('2026-11-28T09')!.histograms.get('eu-west-1')!)).toBe(10);
  });

  it('reads nothing for no hours', async () => {
    expect(await hoursLatencyFromRounds('M1', [], null, '2026-11-28T09:05:00.000Z')).toEqual(new Map());
    expect(calls.query).toHaveLength(0);
  });
});
