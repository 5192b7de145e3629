import { describe, expect, it, vi } from 'vitest';
import type { CheckResult } from '../../../shared/checks/check-result.js';
import { applyRound, INITIAL_MONITOR_STATE } from '../../../shared/checks/monitor-state.js';
import { decideRound } from '../../../shared/checks/quorum.js';
import { rollupIncrement } from '../../../shared/checks/rollups.js';
import type { ConditionalUpdate } from '../../../functions/repositories/conditional-update.js';
import type { MonitorForChecks } from '../../../functions/repositories/monitor-check-state-repository.js';
import { monitorForChecks } from '../support/monitor-for-checks.js';

/**
 * What a committed round says it left in the state item (docs/PERFORMANCE.md "The state a processor
 * wrote, kept"): exactly what a read of the item gives, so the processor's next round can start
 * from it; and the compare-and-swap every round writes under, which also covers a pause and resume.
 */
const transacted = vi.hoisted(() => [] as { Update?: { ExpressionAttributeValues?: Record<string, unknown> } }[][]);
vi.mock('../../../functions/repositories/table-commands.js', () => ({
  transact: vi.fn(async (items: (typeof transacted)[number]) => {
    transacted.push(items);
  }),
}));
const { commitRound, stateAfterUpdate, toCheckStateOfMonitor } = await import('../../../functions/repositories/monitor-check-state-repository.js');

const PREVIOUS = '2026-11-29T01:00:00.000Z';
const ROUND = '2026-11-29T01:00:30.000Z';
const monitor = (extra: Partial<MonitorForChecks> = {}): MonitorForChecks =>
  monitorForChecks({
    responseTimeSeconds: 0.2,
    state: { ...INITIAL_MONITOR_STATE, isUp: true, lastRound: PREVIOUS },
    hours: { open: { hour: '2026-11-29T01', checks: 2, ups: 2, responseTimeSumMs: 400, responseTimeCount: 2 }, closing: null },
    recent: 'r1|r2',
    sslMarker: { validTo: '2027-01-01T00:00:00.000Z', notified: [] } as unknown as MonitorForChecks['sslMarker'],
    watchedSince: null,
    ...extra,
  });

/** A steady up round on `m`, committed through a batch that records its update. */
const commitSteady = async (m: MonitorForChecks) => {
  const updates: ConditionalUpdate[] = [];
  const answers: CheckResult[] = ['ap-south-1', 'eu-west-1', 'us-east-1'].map((region) => ({
    monitorId: m.monitorId,
    region,
    round: ROUND,
    outcome: 'up',
    errorCategory: null,
    statusCode: 200,
    timings: { dns: null, connect: 1, tls: null, ttfb: 2, total: 300 },
    checkedAt: ROUND,
    attempts: 1,
    message: null,
  }));
  const decision = decideRound(answers);
  const applied = applyRound(m.state, {
    monitorId: m.monitorId,
    round: ROUND,
    decision,
    slowThresholdMs: m.slowThresholdMs,
    monitorType: 'http',
    confirmRounds: m.confirmRounds,
  });
  const commit = await commitRound({
    monitor: m,
    round: ROUND,
    applied,
    rollup: { hour: '2026-11-29T01', increment: rollupIncrement(decision, false) },
    rollupExpiresAt: () => 0,
    batch: {
      update: async (update: ConditionalUpdate) => {
        updates.push(update);
        return true;
      },
    } as never,
  });
  return { commit, update: updates[0]! };
};

describe('a committed round and the state it leaves', () => {
  it('stateAfterUpdate with nothing set gives the state back unchanged', () => {
    const { state, responseTimeSeconds, hours, recent, sslMarker, lastPing, maintenance, watchedSince } = monitor({
      lastPing: { at: PREVIOUS, failed: false },
      maintenance: { window_id: 'w1', starts_at: PREVIOUS, until: ROUND, mode: 'mute_alerts', down_incident_at_start: null },
      watchedSince: PREVIOUS,
    });
    const part = { state, responseTimeSeconds, hours, recent, sslMarker, lastPing, maintenance, watchedSince };
    expect(stateAfterUpdate(part, {})).toEqual(part);
  });

  it('a steady round answers with what a read of the item it wrote gives', async () => {
    const before = monitor();
    const { commit, update } = await commitSteady(before);
    expect(commit.outcome).toBe('committed');
    if (commit.outcome !== 'committed') return;
    // The item as it is after the update: what it held, with what the update set.
    const itemAfter = {
      is_up: true,
      last_round: PREVIOUS,
      slow_streak: 0,
      slow_since: null,
      open_incident: null,
      pending_streak: 0,
      pending_since: null,
      response_time: 0.2,
      open_hour: before.hours.open,
      closing_hour: null,
      recent: 'r1|r2',
      ssl_marker: before.sslMarker,
      ...update.set,
    };
    expect(commit.state).toEqual(toCheckStateOfMonitor(itemAfter));
    expect(commit.state.state.lastRound).toBe(ROUND);
    expect(commit.state.hours.open?.checks).toBe(3);
    expect(commit.state.responseTimeSeconds).toBe(0.3);
  });

  it('every round writes under the resume stamp it read: missing, or the same', async () => {
    const never = (await commitSteady(monitor())).update;
    expect(never.missing).toEqual(expect.arrayContaining(['unwatched_since', 'watched_since']));
    expect(never.equal).toMatchObject({ last_round: PREVIOUS });
    const resumed = (await commitSteady(monitor({ watchedSince: PREVIOUS }))).update;
    expect(resumed.equal).toMatchObject({ last_round: PREVIOUS, watched_since: PREVIOUS });
    expect(resumed.missing).not.toContain('watched_since');
  });

  it('a steady round writes only what it changed; the first round writes everything, making the item', async () => {
    const steady = (await commitSteady(monitor())).update;
    expect(Object.keys(steady.set).sort()).toEqual(['last_checked', 'last_round', 'open_hour', 'response_time']);
    // A first round is a transaction (its day item comes with it).
    const { commit } = await commitSteady(monitor({ state: { ...monitor().state, lastRound: null, isUp: null } }));
    expect(commit.outcome).toBe('committed');
    const values = Object.values(transacted.at(-1)![0]!.Update!.ExpressionAttributeValues!);
    expect(values).toEqual(expect.arrayContaining(['monitor_state', 'u1', 'm1', 0, null, true]));
  });
});
