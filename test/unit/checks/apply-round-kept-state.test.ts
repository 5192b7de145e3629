import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckResult } from '../../../shared/checks/check-result.js';
import type { CheckStateOfMonitor, CommitOutcome, MonitorForChecks } from '../../../functions/repositories/monitor-check-state-repository.js';
import { INITIAL_MONITOR_STATE } from '../../../shared/checks/monitor-state.js';
import { monitorForChecks } from '../support/monitor-for-checks.js';

/**
 * docs/PERFORMANCE.md "The state a processor wrote, kept": a committed round keeps the state it wrote
 * for the monitor's next round; a round that loses its compare-and-swap, finds the monitor gone or
 * paused, or steps the certificate marker forgets it, so the next round reads the item.
 */
const commitRound = vi.fn<(opts: { monitor: MonitorForChecks }) => Promise<CommitOutcome>>();
const getMonitorForChecks = vi.fn<() => Promise<MonitorForChecks | null>>();
vi.mock('../../../functions/repositories/monitor-check-state-repository.js', () => ({ commitRound, getMonitorForChecks }));
vi.mock('../../../functions/repositories/alert-queue-repository.js', () => ({ sendAlerts: vi.fn(async () => undefined) }));
vi.mock('../../../functions/repositories/admin-counters-repository.js', () => ({ adjustCounters: vi.fn(async () => undefined) }));
const applySslOfRound = vi.fn(async () => false);
vi.mock('../../../functions/services/checks/apply-ssl.js', () => ({ applySslOfRound }));

const { applyDecidedRound } = await import('../../../functions/services/checks/apply-round.js');
const { keptStates } = await import('../../../functions/services/checks/kept-states.js');

const REGIONS = ['ap-south-1', 'eu-west-1', 'us-east-1'];
const ROUND = '2026-11-29T01:00:30.000Z';
const up: CheckResult[] = REGIONS.map((region) => ({
  monitorId: 'm1',
  region,
  round: ROUND,
  outcome: 'up',
  errorCategory: null,
  statusCode: 200,
  timings: { dns: null, connect: 1, tls: null, ttfb: 3, total: 4 },
  checkedAt: ROUND,
  attempts: 1,
  message: null,
}));
const monitorAt = (lastRound: string): MonitorForChecks =>
  monitorForChecks({ responseTimeSeconds: 0.004, state: { ...INITIAL_MONITOR_STATE, isUp: true, lastRound } });
const written = (lastRound: string): CheckStateOfMonitor => ({ ...monitorAt(lastRound), watchedSince: null });

describe('applyDecidedRound and the states the processor keeps', () => {
  let kept: ReturnType<typeof keptStates>;
  const opts = () => ({
    userId: 'u1',
    monitorId: 'm1',
    round: ROUND,
    expectedRegions: REGIONS,
    deadlinePassed: false,
    tier: 'free' as const,
    alertsQueueUrl: 'http://queue',
    keptStates: kept,
  });
  beforeEach(() => {
    vi.clearAllMocks();
    kept = keptStates(60_000, 10);
  });

  it('keeps the state a committed round wrote', async () => {
    commitRound.mockResolvedValueOnce({ outcome: 'committed', state: written(ROUND) });
    const { outcome } = await applyDecidedRound(opts(), up, monitorAt('2026-11-29T01:00:00.000Z'));
    expect(outcome).toBe('applied');
    expect(kept.get('u1#m1')?.state.lastRound).toBe(ROUND);
  });

  it('a lost compare-and-swap forgets the kept state and reads the monitor again', async () => {
    kept.keep('u1#m1', written('2026-11-29T01:00:00.000Z'));
    commitRound.mockResolvedValueOnce({ outcome: 'stale' });
    getMonitorForChecks.mockResolvedValueOnce(monitorAt('2026-11-29T01:00:10.000Z'));
    commitRound.mockImplementationOnce(async () => {
      // The second attempt works on the monitor as read again, not on the kept state.
      expect(kept.get('u1#m1')).toBeUndefined();
      return { outcome: 'committed', state: written(ROUND) };
    });
    const { outcome } = await applyDecidedRound(opts(), up, monitorAt('2026-11-29T01:00:00.000Z'));
    expect(outcome).toBe('applied');
    expect(getMonitorForChecks).toHaveBeenCalledTimes(1);
    expect(commitRound.mock.calls[1]![0].monitor.state.lastRound).toBe('2026-11-29T01:00:10.000Z');
    expect(kept.get('u1#m1')?.state.lastRound).toBe(ROUND);
  });

  it.each([
    ['deleted', null],
    ['paused', { ...monitorAt('2026-11-29T01:00:00.000Z'), status: 'paused' }],
  ])('a monitor %s since forgets its kept state', async (_case, reread) => {
    kept.keep('u1#m1', written('2026-11-29T01:00:00.000Z'));
    getMonitorForChecks.mockResolvedValueOnce(reread);
    await applyDecidedRound(opts(), up);
    expect(kept.get('u1#m1')).toBeUndefined();
  });

  it('an account being erased forgets it', async () => {
    kept.keep('u1#m1', written('2026-11-29T01:00:00.000Z'));
    commitRound.mockResolvedValueOnce({ outcome: 'owner_gone' });
    expect((await applyDecidedRound(opts(), up, monitorAt('2026-11-29T01:00:00.000Z'))).outcome).toBe('monitor_gone');
    expect(kept.get('u1#m1')).toBeUndefined();
  });

  it('a round that steps the certificate marker forgets it: the marker is written apart', async () => {
    commitRound.mockResolvedValueOnce({ outcome: 'committed', state: written(ROUND) });
    applySslOfRound.mockResolvedValueOnce(true);
    await applyDecidedRound(opts(), up, monitorAt('2026-11-29T01:00:00.000Z'));
    expect(kept.get('u1#m1')).toBeUndefined();
  });
});
