import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '../../../shared/account/notifications.js';
import { INITIAL_MONITOR_STATE } from '../../../shared/checks/monitor-state.js';
import type { MaintenanceStamp } from '../../../shared/maintenance/stamp.js';
import type { MaintenanceWindow } from '../../../shared/maintenance/windows.js';
import type { BoundaryRecord } from '../../../functions/repositories/maintenance-boundary-repository.js';
import type { MonitorForChecks } from '../../../functions/repositories/monitor-check-state-repository.js';

/**
 * The boundary job with a fixed clock (docs/maintenance.md "What a window does"): it stamps a
 * window's monitors at the occurrence's local start, in the window's zone and across a
 * daylight-saving change, unstamps them at its end, mails the owner once per boundary, and writes
 * the next boundary. The table is a map here; the recurrence engine is the real one.
 */
const boundaries = new Map<string, { record: BoundaryRecord; nextDueAt: string | null }>();
const stamps = new Map<string, MaintenanceStamp>();
const mails: string[] = [];
const dispatch: string[] = [];
/** The day items' updates each cleared stamp carried (docs/status-pages.md "Daily bars"). */
const clearedDays: { monitorId: string; day: string; minutes: number }[] = [];
const mailBodies: string[] = [];

vi.mock('../../../functions/repositories/maintenance-boundary-repository.js', () => ({
  getBoundary: vi.fn(async (userId: string, windowId: string) => boundaries.get(`${userId}#${windowId}`)?.record ?? null),
  putBoundary: vi.fn(async (record: BoundaryRecord, nextDueAt: string | null) => {
    boundaries.set(`${record.userId}#${record.windowId}`, { record, nextDueAt });
  }),
  deleteBoundary: vi.fn(async (userId: string, windowId: string) => boundaries.delete(`${userId}#${windowId}`)),
  listDueBoundaries: vi.fn(async (now: string) =>
    [...boundaries.values()].filter((b) => b.nextDueAt !== null && b.nextDueAt <= now).map((b) => ({ userId: b.record.userId, windowId: b.record.windowId })),
  ),
  stampMonitor: vi.fn(async (monitor: MonitorForChecks, stamp: MaintenanceStamp) => {
    stamps.set(monitor.monitorId, stamp);
    return true;
  }),
  clearStamp: vi.fn(async (monitor: MonitorForChecks, _stamp: unknown, _alert: unknown, days: { Update: { Key: { SK: string }; ExpressionAttributeValues: Record<string, unknown> } }[] = []) => {
    for (const { Update } of days) {
      clearedDays.push({ monitorId: monitor.monitorId, day: Update.Key.SK.slice(-10), minutes: Number(Update.ExpressionAttributeValues[':minutes']) });
    }
    stamps.delete(monitor.monitorId);
    return 'cleared';
  }),
  leaveDispatch: vi.fn(async (_userId: string, monitorId: string) => dispatch.push(`leave ${monitorId}`)),
  rejoinDispatch: vi.fn(async (_userId: string, monitorId: string) => dispatch.push(`rejoin ${monitorId}`)),
  getMonitorSchedule: vi.fn(async () => ({ intervalSeconds: 300, phaseSeconds: 42 })),
}));
const monitor = (monitorId: string): MonitorForChecks =>
  ({
    userId: 'u1',
    monitorId,
    name: `Monitor ${monitorId}`,
    url: 'https://example.com/',
    status: 'active',
    state: { ...INITIAL_MONITOR_STATE, isUp: true, lastRound: '2026-01-01T00:00:00.000Z' },
    target: undefined,
    maintenance: stamps.get(monitorId) ?? null,
  }) as MonitorForChecks;
vi.mock('../../../functions/repositories/monitor-check-state-repository.js', () => ({
  getMonitorForChecks: vi.fn(async (_userId: string, monitorId: string) => monitor(monitorId)),
  getMonitorsForChecks: vi.fn(async (list: { userId: string; monitorId: string }[]) => new Map(list.map((m) => [`${m.userId}#${m.monitorId}`, monitor(m.monitorId)]))),
}));
vi.mock('../../../functions/repositories/user-tier-repository.js', () => ({ getUserTier: vi.fn(async () => 'pro') }));
vi.mock('../../../functions/repositories/incident-repository.js', () => ({ getUserIncident: vi.fn(async () => null) }));
vi.mock('../../../functions/repositories/alert-queue-repository.js', () => ({ sendAlerts: vi.fn(async () => undefined) }));
vi.mock('../../../functions/repositories/user-repository.js', () => ({
  getUserProfile: vi.fn(async () => ({ email: 'owner@example.com', is_active: true, timezone: null })),
}));
const preferences: Record<string, boolean> = { ...DEFAULT_NOTIFICATION_PREFERENCES };
vi.mock('../../../functions/repositories/notification-preferences-repository.js', () => ({ getNotificationPreferences: vi.fn(async () => preferences) }));
const claimed = new Set<string>();
vi.mock('../../../functions/repositories/report-delivery-repository.js', () => ({
  claimReportDelivery: vi.fn(async (delivery: { kind: string; periodStart: string }) => {
    const key = `${delivery.kind}@${delivery.periodStart}`;
    if (claimed.has(key)) return false;
    claimed.add(key);
    return true;
  }),
  markReportSent: vi.fn(async () => undefined),
  releaseReportDelivery: vi.fn(async () => undefined),
}));
vi.mock('../../../functions/repositories/mail-repository.js', () => ({
  sendEmailWithId: vi.fn(async (mail: { subject: string; text: string }) => {
    mails.push(mail.subject);
    mailBodies.push(mail.text);
    return 'ses-1';
  }),
}));
/** The subscriber notices the job queued: "<kind> <occurrence start>" (the queue and the pages are subscriber-mailer's business). */
const notices: string[] = [];
vi.mock('../../../functions/services/status-pages/subscribers/queue-notice.js', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  queueNoticeToSubscribers: vi.fn(async (_userId: string, notice: { kind: string; occurrence: { starts_at: string } }) => {
    notices.push(`${notice.kind} ${notice.occurrence.starts_at}`);
    return 1;
  }),
}));

const { runDueMaintenanceBoundaries } = await import('../../../functions/services/maintenance/window-boundaries.js');

const weekly = (overrides: Partial<MaintenanceWindow>): MaintenanceWindow => ({
  id: 'w1',
  user_id: 'u1',
  title: 'Sunday deploy',
  description: null,
  timezone: 'Asia/Kolkata',
  starts_at: '2026-11-01T10:00',
  ends_at: '2026-11-01T11:00',
  rrule: 'FREQ=WEEKLY;BYDAY=SU',
  monitor_ids: ['m1', 'm2'],
  status_page_id: null,
  mode: 'mute_alerts',
  created_at: '2026-10-20T00:00:00.000Z',
  updated_at: '2026-10-20T00:00:00.000Z',
  ...overrides,
});

let window: MaintenanceWindow | null = null;
/** The status page a page window covers: its monitors now (a component can be added mid-window). */
let page: { name: string; monitorIds: string[] } | null = null;
const deps = { loadWindow: async () => window, pageCoverage: async () => page, alertsQueueUrl: null, appUrl: 'https://app.example.com' };
const runAt = (iso: string) => runDueMaintenanceBoundaries(new Date(iso), deps);
/** A window just saved: the boundary item markWindowDue writes (due at `at`, nothing done yet). */
const saved = (at: string) => {
  boundaries.set(`u1#${window!.id}`, { record: { userId: 'u1', windowId: window!.id, active: null, announced: false }, nextDueAt: at });
};
const nextDue = () => boundaries.get(`u1#${window!.id}`)?.nextDueAt;

beforeEach(() => {
  boundaries.clear();
  stamps.clear();
  claimed.clear();
  mails.length = 0;
  mailBodies.length = 0;
  notices.length = 0;
  dispatch.length = 0;
  clearedDays.length = 0;
  page = null;
  Object.assign(preferences, DEFAULT_NOTIFICATION_PREFERENCES);
});

describe('a weekly window in Asia/Kolkata (UTC+5:30)', () => {
  it('is announced once, stamps at 10:00 local (04:30Z), unstamps at 11:00 local, then waits for next Sunday', async () => {
    window = weekly({});
    saved('2026-11-27T12:00:00.000Z');
    await runAt('2026-11-27T12:00:00.000Z');
    expect(mails).toEqual(['Maintenance scheduled: Sunday deploy']);
    expect(stamps.size).toBe(0);
    expect(nextDue()).toBe('2026-11-29T04:30:00.000Z');

    await runAt('2026-11-29T04:29:00.000Z');
    expect(stamps.size).toBe(0);
    await runAt('2026-11-29T04:30:00.000Z');
    expect([...stamps.keys()]).toEqual(['m1', 'm2']);
    expect(stamps.get('m1')).toMatchObject({ window_id: 'w1', starts_at: '2026-11-29T04:30:00.000Z', until: '2026-11-29T05:30:00.000Z', mode: 'mute_alerts' });
    expect(nextDue()).toBe('2026-11-29T05:30:00.000Z');
    // A second run in the same minute changes nothing and mails nothing more.
    await runAt('2026-11-29T04:30:30.000Z');
    expect(mails).toEqual(['Maintenance scheduled: Sunday deploy', 'Maintenance started: Sunday deploy']);

    await runAt('2026-11-29T05:30:00.000Z');
    expect(stamps.size).toBe(0);
    expect(mails.at(-1)).toBe('Maintenance ended: Sunday deploy');
    expect(nextDue()).toBe('2026-12-06T04:30:00.000Z');
    expect(dispatch).toEqual([]);
    // The status pages' subscribers hear of each boundary once too (docs/status-pages.md "Subscriber mails").
    expect(notices).toEqual([
      'maintenance_scheduled 2026-11-29T04:30:00.000Z',
      'maintenance_started 2026-11-29T04:30:00.000Z',
      'maintenance_ended 2026-11-29T04:30:00.000Z',
    ]);
  });

  it('mails nothing when the owner turned maintenance alerts off, and still mutes', async () => {
    preferences.maintenance_alerts = false;
    window = weekly({});
    saved('2026-11-29T04:45:00.000Z');
    await runAt('2026-11-29T04:45:00.000Z');
    expect(stamps.size).toBe(2);
    expect(mails).toEqual([]);
    // The owner's preference is theirs: the page's subscribers asked for these mails.
    expect(notices).toEqual(['maintenance_scheduled 2026-11-29T04:30:00.000Z', 'maintenance_started 2026-11-29T04:30:00.000Z']);
  });
});

describe('a weekly window in America/New_York across the end of daylight saving (2026-11-01)', () => {
  const newYork = () => weekly({ id: 'w2', timezone: 'America/New_York', starts_at: '2026-10-18T09:00', ends_at: '2026-10-18T10:00', monitor_ids: ['m1'] });

  it('mutes at 09:00 local: 13:00Z while on EDT, 14:00Z once on EST', async () => {
    window = newYork();
    saved('2026-10-25T13:00:00.000Z');
    await runAt('2026-10-25T13:00:00.000Z');
    expect(stamps.get('m1')?.until).toBe('2026-10-25T14:00:00.000Z');
    await runAt('2026-10-25T14:00:00.000Z');
    expect(stamps.size).toBe(0);
    expect(nextDue()).toBe('2026-11-01T14:00:00.000Z');

    // An hour earlier in UTC than last week is not yet 09:00 in New York.
    await runAt('2026-11-01T13:00:00.000Z');
    expect(stamps.size).toBe(0);
    await runAt('2026-11-01T14:00:00.000Z');
    expect(stamps.get('m1')).toMatchObject({ starts_at: '2026-11-01T14:00:00.000Z', until: '2026-11-01T15:00:00.000Z' });
  });

  it('takes a pause_checks window\'s monitors out of dispatch and puts them back at the end', async () => {
    window = { ...newYork(), mode: 'pause_checks' };
    saved('2026-11-01T14:00:00.000Z');
    await runAt('2026-11-01T14:00:00.000Z');
    expect(stamps.get('m1')?.mode).toBe('pause_checks');
    await runAt('2026-11-01T15:00:00.000Z');
    expect(dispatch).toEqual(['leave m1', 'rejoin m1']);
  });
});

describe('editing and deleting a window', () => {
  it('ends the stamp of a monitor taken out while it runs, and of every monitor when the window is deleted', async () => {
    window = weekly({});
    saved('2026-11-29T04:40:00.000Z');
    await runAt('2026-11-29T04:40:00.000Z');
    expect(stamps.size).toBe(2);
    window = { ...window, monitor_ids: ['m2'] };
    saved('2026-11-29T04:41:00.000Z');
    boundaries.get('u1#w1')!.record.active = { stamp: { window_id: 'w1', starts_at: '2026-11-29T04:30:00.000Z', until: '2026-11-29T05:30:00.000Z', mode: 'mute_alerts' }, monitorIds: ['m1', 'm2'] };
    boundaries.get('u1#w1')!.record.announced = true;
    await runAt('2026-11-29T04:41:00.000Z');
    expect([...stamps.keys()]).toEqual(['m2']);

    window = null;
    boundaries.get('u1#w1')!.nextDueAt = '2026-11-29T04:42:00.000Z';
    await runAt('2026-11-29T04:42:00.000Z');
    expect(stamps.size).toBe(0);
    expect(boundaries.has('u1#w1')).toBe(false);
  });
});

describe('a window over a whole status page', () => {
  const pageWindow = () => weekly({ id: 'w3', monitor_ids: [], status_page_id: '01KBPAGEAAAAAAAAAAAAAAAAAA', title: 'Page work' });

  it('covers the page\'s components at each run: one added mid-window is stamped the next minute, one removed is let go', async () => {
    window = pageWindow();
    page = { name: 'Acme status', monitorIds: ['m1'] };
    saved('2026-11-29T04:30:00.000Z');
    await runAt('2026-11-29T04:30:00.000Z');
    expect([...stamps.keys()]).toEqual(['m1']);
    // While it runs it is looked at each minute, not only at its end.
    expect(nextDue()).toBe('2026-11-29T04:31:00.000Z');
    expect(mails).toEqual(['Maintenance scheduled: Page work', 'Maintenance started: Page work']);
    expect(mailBodies[1]).toContain('Status page: Acme status');
    expect(mailBodies[1]).toContain('Monitors: Monitor m1');

    page = { name: 'Acme status', monitorIds: ['m1', 'm2'] };
    await runAt('2026-11-29T04:31:00.000Z');
    expect([...stamps.keys()]).toEqual(['m1', 'm2']);
    expect(stamps.get('m2')).toMatchObject({ window_id: 'w3', starts_at: '2026-11-29T04:30:00.000Z', until: '2026-11-29T05:30:00.000Z', stamped_at: '2026-11-29T04:31:00.000Z' });

    page = { name: 'Acme status', monitorIds: ['m2'] };
    await runAt('2026-11-29T04:32:00.000Z');
    expect([...stamps.keys()]).toEqual(['m2']);
    // The monitor let go early counts the two minutes it was covered.
    expect(clearedDays).toEqual([{ monitorId: 'm1', day: '2026-11-29', minutes: 2 }]);
    expect(mails).toHaveLength(2);

    // The last minute's run is due at the end, which ends the occurrence on the page's monitors.
    await runAt('2026-11-29T05:29:00.000Z');
    expect(nextDue()).toBe('2026-11-29T05:30:00.000Z');
    await runAt('2026-11-29T05:30:00.000Z');
    expect(stamps.size).toBe(0);
    // m2 joined at 04:31: its minutes count from then.
    expect(clearedDays.at(-1)).toEqual({ monitorId: 'm2', day: '2026-11-29', minutes: 59 });
    expect(mails.at(-1)).toBe('Maintenance ended: Page work');
    // Between occurrences there is nothing to watch: next Sunday's start.
    expect(nextDue()).toBe('2026-12-06T04:30:00.000Z');
  });

  it('covers nothing once its page is gone', async () => {
    window = pageWindow();
    page = null;
    saved('2026-11-29T04:30:00.000Z');
    await runAt('2026-11-29T04:30:00.000Z');
    expect(stamps.size).toBe(0);
  });
});

describe('the minutes a window covered, for the status page\'s bars', () => {
  it('adds each UTC day\'s share when an occurrence across midnight ends', async () => {
    window = weekly({ id: 'w4', timezone: 'UTC', starts_at: '2026-11-28T23:00', ends_at: '2026-11-29T01:30', rrule: null, monitor_ids: ['m1'], mode: 'pause_checks' });
    saved('2026-11-28T23:00:00.000Z');
    await runAt('2026-11-28T23:00:00.000Z');
    await runAt('2026-11-29T01:30:00.000Z');
    expect(clearedDays).toEqual([
      { monitorId: 'm1', day: '2026-11-28', minutes: 60 },
      { monitorId: 'm1', day: '2026-11-29', minutes: 90 },
    ]);
  });
});

describe('editing a window\'s times', () => {
  it('re-announces it once per edit ("rescheduled"), and not for an edit that keeps the times', async () => {
    window = weekly({});
    saved('2026-11-27T12:00:00.000Z');
    await runAt('2026-11-27T12:00:00.000Z');
    expect(mails).toEqual(['Maintenance scheduled: Sunday deploy']);

    window = { ...window, title: 'Sunday deploy', description: 'Now with notes', updated_at: '2026-11-27T12:05:00.000Z' };
    boundaries.get('u1#w1')!.nextDueAt = '2026-11-27T12:05:00.000Z';
    await runAt('2026-11-27T12:05:00.000Z');
    expect(mails).toHaveLength(1);

    window = { ...window, starts_at: '2026-11-01T11:00', ends_at: '2026-11-01T12:00', updated_at: '2026-11-27T12:10:00.000Z' };
    boundaries.get('u1#w1')!.nextDueAt = '2026-11-27T12:10:00.000Z';
    await runAt('2026-11-27T12:10:00.000Z');
    // A second run for the same edit sends nothing more.
    boundaries.get('u1#w1')!.nextDueAt = '2026-11-27T12:11:00.000Z';
    await runAt('2026-11-27T12:11:00.000Z');
    expect(mails).toEqual(['Maintenance scheduled: Sunday deploy', 'Maintenance rescheduled: Sunday deploy']);
    expect(mailBodies[1]).toContain('You changed the times of this maintenance');
    expect(nextDue()).toBe('2026-11-29T05:30:00.000Z');

    window = { ...window, timezone: 'UTC', updated_at: '2026-11-27T12:20:00.000Z' };
    boundaries.get('u1#w1')!.nextDueAt = '2026-11-27T12:20:00.000Z';
    await runAt('2026-11-27T12:20:00.000Z');
    expect(mails.at(-1)).toBe('Maintenance rescheduled: Sunday deploy');
    expect(mails).toHaveLength(3);
  });

  it('takes the times of a window announced before the times were kept as announced', async () => {
    window = weekly({});
    boundaries.set('u1#w1', { record: { userId: 'u1', windowId: 'w1', active: null, announced: true }, nextDueAt: '2026-11-27T12:00:00.000Z' });
    await runAt('2026-11-27T12:00:00.000Z');
    expect(mails).toEqual([]);
    expect(boundaries.get('u1#w1')!.record.announcedSchedule).toBeTruthy();
  });
});
