import { ulid } from 'ulid';
import { beforeAll, describe, expect, it, inject } from 'vitest';
import { incidentExpiresAt } from '../../shared/checks/retention.js';
import type { IncidentList } from '../../shared/incidents/schemas.js';
import type { IncidentsExport } from '../../shared/insights/schemas.js';
import { ENTITY, incidentArchiveDueKey, incidentKey, incidentListKey, userKey } from '../../shared/table/keys.js';
import type { TierId } from '../../shared/tiers.js';
import { api, signedInUser } from './helpers/api.js';
import { getTableItem, patchTableItem, putTableItems } from './helpers/pipeline.js';

/**
 * Retention of incidents (docs/product-rules.md "Retention") on the local cloud: an incident past
 * the plan's retention is gone from the list, one inside it is shown; a cancellation to Free
 * archives the old ones when the grace ends (the period-end job's step, run here with a fixed
 * clock), and the export holds the archive.
 */
const DAY_MS = 86_400_000;

beforeAll(() => {
  // The services below run in this process, against the local cloud's table.
  Object.assign(process.env, inject('cloudEnv'));
});

const owner = async (label: string, tier: TierId) => {
  const user = await signedInUser(label);
  const me = await api<{ id: string }>('/api/auth/me', { token: user.token });
  await patchTableItem(userKey(me.body.id), { subscription_tier: tier });
  return { token: user.token, id: me.body.id };
};

/** An incident as the result processor writes it, recorded `startedDaysAgo` and ended `endedDaysAgo` (null: open). */
const putIncident = async (workspaceId: string, tier: TierId, startedDaysAgo: number, endedDaysAgo: number | null): Promise<string> => {
  const started = new Date(Date.now() - startedDaysAgo * DAY_MS);
  const id = ulid(started.getTime());
  const resolvedAt = endedDaysAgo === null ? null : new Date(Date.now() - endedDaysAgo * DAY_MS).toISOString();
  await putTableItems([
    {
      ...incidentKey(workspaceId, id),
      ...incidentListKey(id),
      entity: ENTITY.incident,
      user_id: workspaceId,
      id,
      monitor_id: 'retention-monitor',
      monitor_name: 'Retention',
      monitor_url: 'https://retention.example',
      alert_type: 'down',
      status: resolvedAt ? 'resolved' : 'open',
      message: 'Website is down',
      started_at: started.toISOString(),
      resolved_at: resolvedAt,
      details: {},
      ...(resolvedAt ? { expires_at: incidentExpiresAt(resolvedAt, tier) } : {}),
    },
  ]);
  return id;
};

const listedIds = async (token: string) => (await api<IncidentList>('/api/incidents?limit=100', { token })).body.incidents.map((incident) => incident.id).sort();

describe('incident retention', () => {
  it('shows an incident inside the plan retention and hides one past it, on the list and by id', async () => {
    const free = await owner('retention-free', 'free');
    const past = await putIncident(free.id, 'free', 41, 40);
    const inside = await putIncident(free.id, 'free', 6, 5);
    const open = await putIncident(free.id, 'free', 60, null);
    expect(await listedIds(free.token)).toEqual([inside, open].sort());
    expect((await api(`/api/incidents/${past}`, { token: free.token })).status).toBe(404);
    expect((await api(`/api/incidents/${inside}`, { token: free.token })).status).toBe(200);
  });

  it('after a cancellation to Free and its grace, archives what ended over 30 days ago: gone from the list, in the export', async () => {
    const pro = await owner('retention-pro', 'pro');
    const old = await putIncident(pro.id, 'pro', 61, 60);
    const recent = await putIncident(pro.id, 'pro', 6, 5);
    const open = await putIncident(pro.id, 'pro', 70, null);

    // A paid plan no provider subscription pays for: the cancellation takes effect now.
    expect((await api('/api/subscription/cancel', { method: 'POST', token: pro.token, body: {} })).status).toBe(200);
    const due = await getTableItem(incidentArchiveDueKey(pro.id));
    expect(Date.parse(String(due?.due_at)) - Date.now()).toBeGreaterThan(29 * DAY_MS);

    expect((await api('/api/retention', { token: pro.token })).body).toEqual({ tier: 'free', retention_days: 30, archived_incidents: 0, archive_due_at: due?.due_at });

    // During the grace nothing moves.
    const { archiveDueIncidents } = await import('../../functions/services/retention/plan-retention.js');
    await archiveDueIncidents(new Date());
    expect(await listedIds(pro.token)).toEqual([old, recent, open].sort());

    // The grace is over (the clock of the run, fixed at the due time).
    const summary = await archiveDueIncidents(new Date(String(due?.due_at)));
    expect(summary.archived).toBeGreaterThanOrEqual(1);
    expect(await getTableItem(incidentArchiveDueKey(pro.id))).toBeUndefined();
    const oldItem = await getTableItem(incidentKey(pro.id, old));
    expect(oldItem).toMatchObject({ archived_at: String(due?.due_at), expires_at: incidentExpiresAt(String(oldItem?.resolved_at), 'pro') });

    expect(await listedIds(pro.token)).not.toContain(old);
    expect(await listedIds(pro.token)).toContain(open);
    expect((await api(`/api/incidents/${old}`, { token: pro.token })).status).toBe(404);
    const exported = await api<IncidentsExport>('/api/export/incidents', { token: pro.token });
    expect(exported.body.archived_incidents.map((incident) => incident.id)).toContain(old);
    expect(exported.body.incidents.map((incident) => incident.id)).not.toContain(old);
    expect((await api('/api/retention', { token: pro.token })).body).toEqual({ tier: 'free', retention_days: 30, archived_incidents: summary.archived, archive_due_at: null });
  });
});
