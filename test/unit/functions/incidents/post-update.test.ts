import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Incident } from '../../../../shared/incidents/schemas.js';
import { appendIncidentUpdate, getUserIncident, monitorsNotOwned } from '../../../../functions/repositories/incident-repository.js';
import { publishLive } from '../../../../functions/services/live/publish-live.js';
import { queueNoticeToSubscribers } from '../../../../functions/services/status-pages/subscribers/queue-notice.js';
import { automaticImpact, postIncidentUpdate, UPDATES_FULL_DETAIL } from '../../../../functions/services/incidents/post-update.js';
import { recordWorkspaceAudit } from '../../../../functions/services/workspaces/audit.js';
import { caller } from '../profile-fixture.js';

/** Posting an incident update (docs/status-pages.md "Incident updates"): the rules around the one conditional write. */

vi.mock('../../../../functions/repositories/incident-repository.js', () => ({
  appendIncidentUpdate: vi.fn(),
  getUserIncident: vi.fn(),
  monitorsNotOwned: vi.fn(),
}));
vi.mock('../../../../functions/services/live/publish-live.js', () => ({ publishLive: vi.fn() }));
vi.mock('../../../../functions/services/workspaces/audit.js', () => ({ recordWorkspaceAudit: vi.fn() }));
vi.mock('../../../../functions/services/status-pages/subscribers/queue-notice.js', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  queueNoticeToSubscribers: vi.fn(),
}));

const ctx = caller();
const NOW = new Date('2026-11-27T14:00:00.000Z');

const incident = (overrides: Partial<Incident> = {}): Incident => ({
  id: '01JDQ0000000000000000000AB',
  monitor_id: 'mon-shop',
  monitor_name: 'Shop',
  monitor_url: 'https://shop.example.com',
  alert_type: 'down',
  status: 'open',
  message: 'Your website is down.',
  started_at: '2026-11-27T13:50:00.000Z',
  resolved_at: null,
  details: {
    user_impact: 'HIGH',
    impact_description: '',
    explanation: '',
    error_category: 'connection_refused',
    recommended_action: '',
    status_code: null,
    response_time: null,
    user_accessible: false,
  },
  ...overrides,
});

beforeEach(() => {
  vi.mocked(appendIncidentUpdate).mockReset();
  vi.mocked(getUserIncident).mockReset().mockResolvedValue(incident());
  vi.mocked(monitorsNotOwned).mockReset().mockResolvedValue([]);
  vi.mocked(publishLive).mockReset();
  vi.mocked(recordWorkspaceAudit).mockReset();
  vi.mocked(queueNoticeToSubscribers).mockReset().mockResolvedValue(1);
});

describe('postIncidentUpdate', () => {
  it('appends the rendered update at the automatic impact, answers the incident and pushes incident.changed', async () => {
    const answered = incident({ updates: [] });
    vi.mocked(appendIncidentUpdate).mockResolvedValue(answered);
    const result = await postIncidentUpdate({ ctx, incidentId: answered.id, input: { status: 'investigating', message: 'On **it**' }, now: NOW });
    expect(result).toBe(answered);
    expect(appendIncidentUpdate).toHaveBeenCalledWith(
      ctx.userId,
      answered.id,
      {
        id: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{26}$/),
        status: 'investigating',
        message: 'On **it**',
        message_html: '<p>On <strong>it</strong></p>',
        impact: { 'mon-shop': 'major' },
        created_at: NOW.toISOString(),
      },
      50,
    );
    expect(monitorsNotOwned).not.toHaveBeenCalled();
    expect(publishLive).toHaveBeenCalledWith(ctx.userId, [{ type: 'incident.changed', incident_id: answered.id, monitor_id: 'mon-shop' }]);
    expect(recordWorkspaceAudit).toHaveBeenCalledWith(ctx, {
      action: 'incident.update_posted',
      targetType: 'incident',
      targetId: answered.id,
      targetLabel: 'Shop',
      details: { status: 'investigating' },
    });
  });

  it("queues the update for the subscribers of the pages that show the incident (docs/status-pages.md \"Subscriber mails\")", async () => {
    vi.mocked(appendIncidentUpdate).mockImplementation(async (_user, _id, update) => incident({ updates: [update] }));
    const result = await postIncidentUpdate({ ctx, incidentId: 'i', input: { status: 'identified', message: 'Found it' }, now: NOW });
    const update = result.updates![0]!;
    expect(queueNoticeToSubscribers).toHaveBeenCalledWith(ctx.userId, {
      kind: 'incident_updated',
      incident: expect.objectContaining({ id: result.id, monitor_id: 'mon-shop', alert_type: 'down', has_updates: true, latest_update: update }),
      update,
    });
    // A queue that cannot be reached does not undo the posted update.
    vi.mocked(queueNoticeToSubscribers).mockRejectedValueOnce(new Error('SQS is down'));
    await expect(postIncidentUpdate({ ctx, incidentId: 'i', input: { status: 'monitoring', message: 'Watching' }, now: NOW })).resolves.toMatchObject({ id: result.id });
    // A recovery record is no incident on any page: nothing to queue.
    vi.mocked(queueNoticeToSubscribers).mockClear();
    vi.mocked(appendIncidentUpdate).mockImplementation(async (_user, _id, update) => incident({ alert_type: 'up', updates: [update] }));
    await postIncidentUpdate({ ctx, incidentId: 'i', input: { status: 'resolved', message: 'Back' }, now: NOW });
    expect(queueNoticeToSubscribers).not.toHaveBeenCalled();
  });

  it('weighs a slow incident degraded and a recovery not at all when no impact is chosen', () => {
    expect(automaticImpact({ alert_type: 'slow', monitor_id: 'm' })).toEqual({ m: 'degraded' });
    expect(automaticImpact({ alert_type: 'up', monitor_id: 'm' })).toEqual({});
  });

  it("refuses an impact naming another account's monitor as a monitor not found, and writes nothing", async () => {
    vi.mocked(monitorsNotOwned).mockResolvedValue(['mon-other']);
    await expect(
      postIncidentUpdate({ ctx, incidentId: 'i', input: { status: 'identified', message: 'x', impact: { 'mon-shop': 'partial', 'mon-other': 'major' } } }),
    ).rejects.toMatchObject({ status: 404, detail: 'Monitor not found' });
    expect(monitorsNotOwned).toHaveBeenCalledWith(ctx.userId, ['mon-shop', 'mon-other']);
    expect(appendIncidentUpdate).not.toHaveBeenCalled();
  });

  it('refuses an impact of more than 100 monitors', async () => {
    const impact = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`m${i}`, 'degraded' as const]));
    await expect(postIncidentUpdate({ ctx, incidentId: 'i', input: { status: 'identified', message: 'x', impact } })).rejects.toMatchObject({
      status: 400,
      detail: 'impact can name at most 100 monitors',
    });
  });

  it('answers 404 for an incident that is not the caller’s, before or at the write', async () => {
    vi.mocked(getUserIncident).mockResolvedValueOnce(null);
    await expect(postIncidentUpdate({ ctx, incidentId: 'i', input: { status: 'identified', message: 'x' } })).rejects.toMatchObject({ status: 404, detail: 'Incident not found' });
    vi.mocked(appendIncidentUpdate).mockResolvedValue('not_found');
    await expect(postIncidentUpdate({ ctx, incidentId: 'i', input: { status: 'identified', message: 'x' } })).rejects.toMatchObject({ status: 404 });
    expect(publishLive).not.toHaveBeenCalled();
  });

  it('answers 409 at the cap, also when another post filled it between the read and the write', async () => {
    const full = Array.from({ length: 50 }, (_, i) => ({ id: `u${i}`, status: 'monitoring' as const, message: 'x', message_html: '<p>x</p>', impact: {}, created_at: NOW.toISOString() }));
    vi.mocked(getUserIncident).mockResolvedValueOnce(incident({ updates: full }));
    await expect(postIncidentUpdate({ ctx, incidentId: 'i', input: { status: 'identified', message: 'x' } })).rejects.toMatchObject({ status: 409, detail: UPDATES_FULL_DETAIL });
    expect(appendIncidentUpdate).not.toHaveBeenCalled();
    vi.mocked(appendIncidentUpdate).mockResolvedValue('full');
    await expect(postIncidentUpdate({ ctx, incidentId: 'i', input: { status: 'identified', message: 'x' } })).rejects.toMatchObject({ status: 409, detail: UPDATES_FULL_DETAIL });
    expect(publishLive).not.toHaveBeenCalled();
  });
});
