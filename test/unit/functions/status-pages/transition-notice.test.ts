import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AlertEvent } from '../../../../shared/checks/monitor-state.js';
import type { Incident } from '../../../../shared/incidents/schemas.js';
import { getUserIncident } from '../../../../functions/repositories/incident-repository.js';
import { listStatusPages, type StoredStatusPage } from '../../../../functions/repositories/status-page-repository.js';
import { queueNoticeToSubscribers } from '../../../../functions/services/status-pages/subscribers/queue-notice.js';
import { noticeSubscribersOfTransition } from '../../../../functions/services/status-pages/subscribers/transition-notice.js';

/** A transition from the alert outbox as a subscriber notice (docs/status-pages.md "Subscriber mails"). */
vi.mock('../../../../functions/repositories/incident-repository.js', () => ({ getUserIncident: vi.fn() }));
vi.mock('../../../../functions/repositories/status-page-repository.js', () => ({ listStatusPages: vi.fn() }));
vi.mock('../../../../functions/services/status-pages/subscribers/queue-notice.js', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  queueNoticeToSubscribers: vi.fn(async () => 1),
}));

const record = (overrides: Partial<Incident>): Incident =>
  ({
    id: 'i-down',
    monitor_id: 'm1',
    monitor_name: 'Shop',
    monitor_url: 'https://shop.example.com',
    alert_type: 'down',
    status: 'open',
    message: '',
    started_at: '2026-11-27T10:00:00.000Z',
    resolved_at: null,
    details: null,
    ...overrides,
  }) as Incident;

const alert = (event: AlertEvent['event'], incidentId = 'i-down') => ({ userId: 'u1', alert: { event, incidentId } as AlertEvent });

const PAGES = [{ id: 'p1' }] as StoredStatusPage[];

beforeEach(() => {
  vi.mocked(listStatusPages).mockReset().mockResolvedValue(PAGES);
  vi.mocked(getUserIncident).mockReset();
  vi.mocked(queueNoticeToSubscribers).mockClear();
});

describe('which transitions are told to subscribers', () => {
  it('down opens the incident and up resolves it, read consistently as the round wrote it', async () => {
    vi.mocked(getUserIncident).mockResolvedValueOnce(record({}));
    expect(await noticeSubscribersOfTransition(alert('down'))).toBe(1);
    expect(getUserIncident).toHaveBeenCalledWith('u1', 'i-down', { consistent: true });
    expect(queueNoticeToSubscribers).toHaveBeenLastCalledWith('u1', { kind: 'incident_opened', incident: expect.objectContaining({ id: 'i-down', status: 'open' }) }, PAGES);

    vi.mocked(getUserIncident).mockResolvedValueOnce(record({ status: 'resolved', resolved_at: '2026-11-27T10:30:00.000Z' }));
    await noticeSubscribersOfTransition(alert('up'));
    expect(queueNoticeToSubscribers).toHaveBeenLastCalledWith('u1', { kind: 'incident_resolved', incident: expect.objectContaining({ status: 'resolved' }) }, PAGES);
  });

  it('slow and slow_resolved too', async () => {
    vi.mocked(getUserIncident).mockResolvedValue(record({ id: 'i-slow', alert_type: 'slow' }));
    await noticeSubscribersOfTransition(alert('slow', 'i-slow'));
    await noticeSubscribersOfTransition(alert('slow_resolved', 'i-slow'));
    expect(vi.mocked(queueNoticeToSubscribers).mock.calls.map(([, notice]) => notice.kind)).toEqual(['incident_opened', 'incident_resolved']);
  });

  it('not certificate alerts, nor a recovery with no outage recorded (its incident is the recovery itself)', async () => {
    expect(await noticeSubscribersOfTransition(alert('ssl_expiring'))).toBe(0);
    vi.mocked(getUserIncident).mockResolvedValueOnce(record({ id: 'i-up', alert_type: 'up' }));
    expect(await noticeSubscribersOfTransition(alert('up', 'i-up'))).toBe(0);
    vi.mocked(getUserIncident).mockResolvedValueOnce(null);
    expect(await noticeSubscribersOfTransition(alert('down', 'gone'))).toBe(0);
    expect(queueNoticeToSubscribers).not.toHaveBeenCalled();
  });

  it('reads no incident for an account without status pages', async () => {
    vi.mocked(listStatusPages).mockResolvedValue([]);
    expect(await noticeSubscribersOfTransition(alert('down'))).toBe(0);
    expect(getUserIncident).not.toHaveBeenCalled();
    expect(queueNoticeToSubscribers).not.toHaveBeenCalled();
  });
});
