import { describe, expect, it, vi } from 'vitest';
import { dispatchChecks } from '../../../functions/services/checks/dispatch-checks.js';
import { fanOutJobs } from '../../../functions/services/checks/fan-out-jobs.js';
import { listCheckIntervals, queryScheduledMonitors, type ScheduledMonitor } from '../../../functions/repositories/dispatch-repository.js';
import type { MonitorTarget } from '../../../shared/monitors/monitor-types.js';

vi.mock('../../../functions/repositories/dispatch-repository.js', () => ({ listCheckIntervals: vi.fn(), queryScheduledMonitors: vi.fn() }));
vi.mock('../../../functions/services/checks/fan-out-jobs.js', () => ({ fanOutJobs: vi.fn() }));
vi.mock('../../../functions/services/checks/heartbeat-rounds.js', () => ({ startHeartbeatRounds: vi.fn() }));

const monitor = (monitorId: string, target: unknown): ScheduledMonitor => ({
  userId: 'u',
  monitorId,
  url: `tcp://${monitorId}.example.com:22`,
  intervalSeconds: 60,
  phaseSeconds: 0,
  timeoutSeconds: 10,
  slowThresholdMs: 5000,
  options: undefined,
  target: target as MonitorTarget,
});

describe('the dispatcher and a stored monitor of an unregistered type', () => {
  it('leaves that monitor out, never as an HTTP job, and dispatches the rest of the shard', async () => {
    vi.mocked(listCheckIntervals).mockResolvedValue([60]);
    vi.mocked(queryScheduledMonitors).mockResolvedValue([monitor('odd', { type: 'icmp', host: 'odd.example.com' }), monitor('db', { type: 'tcp', host: 'db.example.com', port: 22 })]);
    vi.mocked(fanOutJobs).mockResolvedValue(undefined as never);
    const at = new Date('2026-11-24T10:00:00.000Z');
    const summary = await dispatchChecks({ shard: 0, scheduledAt: at, now: at });
    const jobs = vi.mocked(fanOutJobs).mock.calls.flatMap(([call]) => call.jobs);
    expect(jobs.map((job) => [job.monitorId, job.target])).toEqual([['db', { type: 'tcp', host: 'db.example.com', port: 22 }]]);
    expect(summary).toMatchObject({ due: 2, jobs: 1 });
  });
});
