import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '../../../shared/account/notifications.js';
import type { AlertTimer } from '../../../functions/repositories/alert-timer-repository.js';
import type { MaintenanceStamp } from '../../../shared/maintenance/stamp.js';

/**
 * docs/maintenance.md "What a window does": a reminder or escalation timer of an outage that began
 * before a window sends nothing while its monitor is in the window, and counts what fell due as
 * done, so no burst of reminders follows the window.
 */
const opened = '2026-11-27T10:00:00.000Z';
const timer: AlertTimer = {
  userId: 'u1',
  incidentId: 'inc-1',
  transitionId: 'm1#r#down',
  monitorName: 'Shop',
  monitorUrl: 'https://shop.example.com/',
  monitorType: 'http',
  alert: {
    transitionId: 'm1#r#down',
    event: 'down',
    monitorId: 'm1',
    round: opened,
    incidentId: 'inc-1',
    title: 'Website Down',
    message: 'Connection refused',
    details: null,
    occurredAt: opened,
    since: opened,
  },
  regions: null,
  openedAt: opened,
  renotifyMinutes: 5,
  escalation: [{ after_minutes: 10, channel_ids: ['C2'] }],
  stepsDone: 0,
  reminders: 0,
  dueAt: '2026-11-27T10:05:00.000Z',
};
const stamp: MaintenanceStamp = { window_id: 'w1', starts_at: opened, until: '2026-11-27T12:00:00.000Z', mode: 'mute_alerts', down_incident_at_start: 'inc-1' };

const advanceAlertTimer = vi.fn(async () => true);
const getMaintenanceStamp = vi.fn<() => Promise<MaintenanceStamp | null>>();
const fanOutToChannels = vi.fn(async () => 1);
vi.mock('../../../functions/repositories/alert-timer-repository.js', () => ({
  listDueAlertTimers: vi.fn(async () => [timer]),
  claimAlertTimer: vi.fn(async () => timer),
  advanceAlertTimer,
  deleteAlertTimer: vi.fn(async () => undefined),
  startAlertTimer: vi.fn(async () => true),
}));
vi.mock('../../../functions/repositories/maintenance-boundary-repository.js', () => ({ getMaintenanceStamp }));
vi.mock('../../../functions/repositories/incident-repository.js', () => ({
  getUserIncident: vi.fn(async () => ({ id: 'inc-1', status: 'open', acknowledged_at: null })),
}));
vi.mock('../../../functions/repositories/user-repository.js', () => ({ getUserProfile: vi.fn(async () => ({ is_active: true })) }));
vi.mock('../../../functions/repositories/notification-preferences-repository.js', () => ({
  getNotificationPreferences: vi.fn(async () => DEFAULT_NOTIFICATION_PREFERENCES),
}));
vi.mock('../../../functions/repositories/alert-rules-repository.js', () => ({ effectiveAlertRules: vi.fn() }));
vi.mock('../../../functions/services/alerts/fan-out-channels.js', () => ({ fanOutToChannels }));
vi.mock('../../../functions/services/alerts/acknowledge-links-for.js', () => ({ acknowledgeLinksFor: vi.fn(() => async () => null) }));

const { runDueAlertTimers } = await import('../../../functions/services/alerts/alert-timers.js');
const now = new Date('2026-11-27T10:11:00.000Z');

beforeEach(() => {
  vi.clearAllMocks();
});

describe('alert timers and maintenance', () => {
  it('send nothing for a monitor in a window, and count the due step and reminders as done', async () => {
    getMaintenanceStamp.mockResolvedValue(stamp);
    await runDueAlertTimers({ now, queueUrl: 'q', appUrl: 'https://app' });
    expect(fanOutToChannels).not.toHaveBeenCalled();
    expect(advanceAlertTimer).toHaveBeenCalledWith(timer, expect.objectContaining({ stepsDone: 1, reminders: 2 }));
  });

  it('send the step and a reminder as before outside a window', async () => {
    getMaintenanceStamp.mockResolvedValue(null);
    await runDueAlertTimers({ now, queueUrl: 'q', appUrl: 'https://app' });
    expect(fanOutToChannels).toHaveBeenCalledTimes(2);
  });
});
