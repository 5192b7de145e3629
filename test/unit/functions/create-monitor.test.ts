import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_ALERT_RULES } from '../../../shared/alerts/rules.js';
import { CreateMonitorInput } from '../../../shared/monitors/schemas.js';
import { scheduleStartingSoon } from '../../../shared/checks/dispatch.js';
import { insertMonitorWithinCap } from '../../../functions/repositories/monitor-repository.js';
import { getUserProfile } from '../../../functions/repositories/user-repository.js';
import { checkMonitorsNow } from '../../../functions/services/monitors/check-now.js';
import { createMonitor } from '../../../functions/services/monitors/create-monitor.js';
import { recordWorkspaceAudit } from '../../../functions/services/workspaces/audit.js';
import { caller, profile } from './profile-fixture.js';

vi.mock('../../../functions/repositories/user-repository.js', () => ({ getUserProfile: vi.fn() }));
vi.mock('../../../functions/repositories/monitor-repository.js', () => ({ insertMonitorWithinCap: vi.fn() }));
vi.mock('../../../functions/services/workspaces/audit.js', () => ({ recordWorkspaceAudit: vi.fn() }));
// A monitor without rules of its own follows the account's (docs/alerts.md "Alert rules"): the defaults here.
vi.mock('../../../functions/repositories/alert-rules-repository.js', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../functions/repositories/alert-rules-repository.js')>()),
  getAccountAlertRules: vi.fn(async () => DEFAULT_ALERT_RULES),
}));
// The first check of a new monitor goes through the queues; the integration tests cover it.
vi.mock('../../../functions/services/monitors/check-now.js', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../functions/services/monitors/check-now.js')>()),
  checkMonitorsNow: vi.fn(),
}));

const ctx = caller();
const input = (fields: Record<string, unknown> = {}) =>
  CreateMonitorInput.parse({ name: 'Shop', url: 'https://shop.example.com', ...fields });

beforeEach(() => {
  vi.mocked(getUserProfile).mockReset();
  vi.mocked(insertMonitorWithinCap).mockReset();
  vi.mocked(recordWorkspaceAudit).mockReset();
});

describe('createMonitor', () => {
  it('stores an active, not-yet-checked monitor and counts it against the plan cap', async () => {
    vi.mocked(getUserProfile).mockResolvedValue(profile());
    vi.mocked(insertMonitorWithinCap).mockResolvedValue('created');

    const monitor = await createMonitor({ ctx, input: input() });

    expect(monitor).toMatchObject({
      name: 'Shop',
      url: 'https://shop.example.com',
      status: 'active',
      is_up: null,
      response_time: null,
      check_interval: 300,
      timeout: 30,
      last_checked: null,
      latest_incident: null,
    });
    expect(monitor.id).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(insertMonitorWithinCap).toHaveBeenCalledWith({
      userId: 'user-1',
      monitor,
      tierId: 'free',
      cap: 1,
      // Its first scheduled check falls in the next dispatcher tick.
      schedule: scheduleStartingSoon(monitor.id, 300, new Date(monitor.created_at)),
      options: undefined,
      target: undefined,
      // The account's rules (the defaults): down after 1 failing round, up after 1 good one.
      confirmRounds: { down: 1, up: 1 },
    });
    // ...and it is checked at once, through the force-check path.
    expect(checkMonitorsNow).toHaveBeenCalledWith(
      'user-1',
      [{ id: monitor.id, url: 'https://shop.example.com', timeoutSeconds: 30, slowThresholdMs: 5000 }],
      new Date(monitor.created_at),
    );
    // ...and written to the workspace's audit log with who added it (docs/teams.md "Audit log").
    expect(recordWorkspaceAudit).toHaveBeenCalledWith(ctx, { action: 'monitor.created', targetType: 'monitor', targetId: monitor.id, targetLabel: 'Shop' });
  });

  it('rejects a second monitor on the free plan with the monitor-limit message', async () => {
    vi.mocked(getUserProfile).mockResolvedValue(profile({ monitor_count: 1 }));
    vi.mocked(insertMonitorWithinCap).mockResolvedValue('cap_reached');

    await expect(createMonitor({ ctx: caller({ monitor_count: 1 }), input: input() })).rejects.toMatchObject({
      status: 403,
      code: 'MONITOR_LIMIT_REACHED',
      detail: 'Monitor limit reached: your Free plan allows 1 monitor. Upgrade your plan to add more.',
    });
  });

  it('rejects a 1-minute interval on the free plan without writing anything', async () => {
    vi.mocked(getUserProfile).mockResolvedValue(profile());

    await expect(createMonitor({ ctx, input: input({ check_interval: 60 }) })).rejects.toMatchObject({
      status: 400,
      code: 'PLAN_INTERVAL_NOT_ALLOWED',
    });
    expect(insertMonitorWithinCap).not.toHaveBeenCalled();
  });

  it('retries once under the new plan when the plan changed between read and write', async () => {
    vi.mocked(getUserProfile).mockResolvedValueOnce(profile({ subscription_tier: 'pro', monitor_count: 1 }));
    vi.mocked(insertMonitorWithinCap).mockResolvedValueOnce('cap_reached').mockResolvedValueOnce('created');

    await createMonitor({ ctx: caller({ subscription_tier: 'free', monitor_count: 1 }), input: input() });

    expect(insertMonitorWithinCap).toHaveBeenLastCalledWith(expect.objectContaining({ tierId: 'pro', cap: 10 }));
  });

  it('answers 401 when the account was deleted while the monitor was being added', async () => {
    vi.mocked(insertMonitorWithinCap).mockResolvedValue('cap_reached');
    vi.mocked(getUserProfile).mockResolvedValue(null);
    await expect(createMonitor({ ctx, input: input() })).rejects.toMatchObject({
      status: 401,
      detail: 'Session is no longer valid',
    });
  });
});
