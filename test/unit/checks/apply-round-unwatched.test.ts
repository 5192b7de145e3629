import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckResult } from '../../../shared/checks/check-result.js';
import type { MonitorForChecks } from '../../../functions/repositories/monitor-check-state-repository.js';
import { INITIAL_MONITOR_STATE } from '../../../shared/checks/monitor-state.js';
import { monitorForChecks } from '../support/monitor-for-checks.js';

/**
 * A round still in flight when its monitor was paused or disabled (docs/checks.md "Pausing,
 * deleting, disabling") is not applied: the pause resolved the open incident and reset the state,
 * and a down round applied now would open a new incident, and alert, on a monitor nobody watches.
 */
const commitRound = vi.fn(async (opts: { monitor: MonitorForChecks }) => ({ outcome: 'committed' as const, state: opts.monitor }));
const getMonitorForChecks = vi.fn<() => Promise<MonitorForChecks | null>>();
vi.mock('../../../functions/repositories/monitor-check-state-repository.js', () => ({ commitRound, getMonitorForChecks }));
const sendAlerts = vi.fn(async () => undefined);
vi.mock('../../../functions/repositories/alert-queue-repository.js', () => ({ sendAlerts }));
vi.mock('../../../functions/repositories/admin-counters-repository.js', () => ({ adjustCounters: vi.fn(async () => undefined) }));
vi.mock('../../../functions/services/checks/apply-ssl.js', () => ({ applySslOfRound: vi.fn(async () => undefined) }));

const { applyDecidedRound } = await import('../../../functions/services/checks/apply-round.js');

const ROUND = '2026-11-24T04:00:00.000Z';
const REGIONS = ['ap-south-1', 'eu-west-1', 'us-east-1'];
const down: CheckResult[] = REGIONS.map((region) => ({
  monitorId: 'm1',
  region,
  round: ROUND,
  outcome: 'down',
  errorCategory: 'http_5xx',
  statusCode: 503,
  timings: { dns: null, connect: 1, tls: null, ttfb: 3, total: 4 },
  checkedAt: ROUND,
  attempts: 2,
  message: null,
}));
const monitor = (status: string): MonitorForChecks =>
  monitorForChecks({
    status,
    // As a pause leaves it: nothing open, up or down unknown.
    state: { ...INITIAL_MONITOR_STATE, lastRound: '2026-11-24T03:55:00.000Z' },
    intervalSeconds: 300,
  });
const opts = { userId: 'u1', monitorId: 'm1', round: ROUND, expectedRegions: REGIONS, deadlinePassed: false, tier: 'free' as const, alertsQueueUrl: 'http://queue' };

describe('applyDecidedRound on a monitor that is no longer checked', () => {
  beforeEach(() => vi.clearAllMocks());

  it.each(['paused', 'disabled'])('leaves a %s monitor alone: no commit, no incident, no alert', async (status) => {
    getMonitorForChecks.mockResolvedValue(monitor(status));
    const { outcome } = await applyDecidedRound(opts, down);
    expect(outcome).toBe('not_checked');
    expect(commitRound).not.toHaveBeenCalled();
    expect(sendAlerts).not.toHaveBeenCalled();
  });

  it('applies the same round on an active monitor: the incident opens and alerts', async () => {
    getMonitorForChecks.mockResolvedValue(monitor('active'));
    const { outcome } = await applyDecidedRound(opts, down);
    expect(outcome).toBe('applied');
    expect(commitRound).toHaveBeenCalledTimes(1);
    expect(sendAlerts).toHaveBeenCalledTimes(1);
  });
});
