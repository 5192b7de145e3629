import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  archiveIncident,
  deleteIncidentArchiveDue,
  listIncidentArchivesDue,
  listIncidentRetentionFacts,
  putIncidentArchiveDue,
  restampIncident,
  type IncidentRetentionFacts,
} from '../../../../functions/repositories/incident-retention-repository.js';
import { getUserTier } from '../../../../functions/repositories/user-tier-repository.js';
import { applyPlanRetention, archiveDueIncidents } from '../../../../functions/services/retention/plan-retention.js';
import { incidentExpiresAt } from '../../../../shared/checks/retention.js';

vi.mock('../../../../functions/repositories/incident-retention-repository.js', () => ({
  archiveIncident: vi.fn(async () => true),
  deleteIncidentArchiveDue: vi.fn(),
  listIncidentArchivesDue: vi.fn(),
  listIncidentRetentionFacts: vi.fn(),
  putIncidentArchiveDue: vi.fn(),
  restampIncident: vi.fn(async () => true),
}));
vi.mock('../../../../functions/repositories/user-tier-repository.js', () => ({ getUserTier: vi.fn() }));

/** Retention moves with the plan (docs/product-rules.md "Retention"). */
const NOW = new Date('2026-06-01T00:00:00.000Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();
const facts = (id: string, resolvedAt: string | null, extra: Partial<IncidentRetentionFacts> = {}): IncidentRetentionFacts => ({
  id,
  resolvedAt,
  expiresAt: resolvedAt ? incidentExpiresAt(resolvedAt, 'business') : null,
  archivedAt: null,
  ...extra,
});

beforeEach(() => {
  vi.clearAllMocks();
});

describe('applyPlanRetention', () => {
  it('re-stamps every ended incident to the new plan, brings archived ones back, leaves open ones', async () => {
    vi.mocked(listIncidentRetentionFacts).mockResolvedValue([
      facts('ended', daysAgo(100)),
      facts('archived', daysAgo(200), { archivedAt: daysAgo(10) }),
      facts('open', null),
    ]);
    expect(await applyPlanRetention({ workspaceId: 'w1', from: 'business', to: 'enterprise', now: NOW })).toEqual({ restamped: 2, archiveDueAt: null });
    expect(restampIncident).toHaveBeenCalledWith('w1', expect.objectContaining({ id: 'ended' }), incidentExpiresAt(daysAgo(100), 'enterprise'), false);
    expect(restampIncident).toHaveBeenCalledWith('w1', expect.objectContaining({ id: 'archived' }), incidentExpiresAt(daysAgo(200), 'enterprise'), true);
    expect(deleteIncidentArchiveDue).toHaveBeenCalledWith('w1');
  });

  it('shortens them on a downgrade to a paid plan at once', async () => {
    vi.mocked(listIncidentRetentionFacts).mockResolvedValue([facts('ended', daysAgo(100))]);
    await applyPlanRetention({ workspaceId: 'w1', from: 'business', to: 'pro', now: NOW });
    expect(restampIncident).toHaveBeenCalledWith('w1', expect.objectContaining({ id: 'ended' }), incidentExpiresAt(daysAgo(100), 'pro'), false);
  });

  it('on a downgrade to Free changes nothing yet and schedules the archive after the grace', async () => {
    const outcome = await applyPlanRetention({ workspaceId: 'w1', from: 'pro', to: 'free', now: NOW });
    expect(outcome).toEqual({ restamped: 0, archiveDueAt: '2026-07-01T00:00:00.000Z' });
    expect(putIncidentArchiveDue).toHaveBeenCalledWith('w1', new Date('2026-07-01T00:00:00.000Z'));
    expect(listIncidentRetentionFacts).not.toHaveBeenCalled();
  });

  it('does nothing when the tier did not change', async () => {
    await applyPlanRetention({ workspaceId: 'w1', from: 'pro', to: 'pro', now: NOW });
    expect(restampIncident).not.toHaveBeenCalled();
    expect(putIncidentArchiveDue).not.toHaveBeenCalled();
  });
});

describe('archiveDueIncidents', () => {
  it('archives the old ended incidents of a workspace still on Free, re-stamps the newer ones, and is done with it', async () => {
    vi.mocked(listIncidentArchivesDue).mockResolvedValue(['w1']);
    vi.mocked(getUserTier).mockResolvedValue('free');
    vi.mocked(listIncidentRetentionFacts).mockResolvedValue([facts('old', daysAgo(45)), facts('new', daysAgo(5)), facts('open', null)]);
    expect(await archiveDueIncidents(NOW)).toEqual({ workspaces: 1, archived: 1, restamped: 1 });
    expect(archiveIncident).toHaveBeenCalledWith('w1', expect.objectContaining({ id: 'old' }), NOW);
    expect(restampIncident).toHaveBeenCalledWith('w1', expect.objectContaining({ id: 'new' }), incidentExpiresAt(daysAgo(5), 'free'), false);
    expect(deleteIncidentArchiveDue).toHaveBeenCalledWith('w1');
  });

  it('archives nothing for a workspace that is on a paid plan again', async () => {
    vi.mocked(listIncidentArchivesDue).mockResolvedValue(['w1']);
    vi.mocked(getUserTier).mockResolvedValue('pro');
    expect(await archiveDueIncidents(NOW)).toEqual({ workspaces: 0, archived: 0, restamped: 0 });
    expect(archiveIncident).not.toHaveBeenCalled();
    expect(deleteIncidentArchiveDue).toHaveBeenCalledWith('w1');
  });
});
