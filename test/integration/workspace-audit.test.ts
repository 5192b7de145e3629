import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it, inject } from 'vitest';
import type { WorkspaceAuditList } from '../../shared/workspaces/audit.js';
import { WORKSPACE_AUDIT_PREFIX, workspacePartition } from '../../shared/table/keys.js';
import { memberItem, membershipItem } from '../../functions/repositories/workspace-items.js';
import { api, signedInUser, testClientIp } from './helpers/api.js';

/**
 * The workspace audit log end to end (docs/teams.md "Audit log"): changes made through the API are
 * listed with who, from which IP and to what; the filters, the cursor and the CSV export; the role
 * the routes need; and each entry's expiry a year after it was written.
 */

const env = () => inject('cloudEnv');
let documentClient: DynamoDBDocumentClient | undefined;
const table = () =>
  (documentClient ??= DynamoDBDocumentClient.from(
    new DynamoDBClient({ region: env().AWS_REGION, endpoint: env().DYNAMODB_ENDPOINT, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
  ));

/** Makes `person` a member of `workspaceId` with `role`, as an accepted invitation would (the members area writes these). */
const joinWorkspace = async (workspaceId: string, person: { id: string; email: string; name: string }, role: 'viewer' | 'member' | 'admin') => {
  const now = new Date().toISOString();
  for (const Item of [memberItem(workspaceId, person, role, now), membershipItem(person.id, workspaceId, 'Test workspace', role, now)]) {
    await table().send(new PutCommand({ TableName: env().TABLE_NAME, Item }));
  }
};

const person = async (label: string) => {
  const user = await signedInUser(label);
  const me = await api<{ id: string; email: string; name: string }>('/api/auth/me', { token: user.token });
  return { token: user.token, id: me.body.id, email: me.body.email, name: me.body.name };
};

const LOG = '/api/workspaces/current/audit-log';
const site = { name: 'Shop', url: 'https://shop.example.com', check_interval: 300, timeout: 30 };

describe('the workspace audit log', () => {
  beforeAll(() => {
    Object.assign(process.env, inject('cloudEnv'));
  });

  it('lists changes with who, what, to what and from which IP; filters; pages by cursor; exports CSV; refuses members below admin; keeps entries a year', async () => {
    const owner = await person('audit-owner');
    const created = await api<{ id: string }>('/api/monitors', { method: 'POST', token: owner.token, body: site });
    expect(created.status).toBe(201);
    const monitorId = created.body.id;
    expect((await api(`/api/monitors/${monitorId}`, { method: 'PUT', token: owner.token, body: { status: 'paused' } })).status).toBe(200);
    expect((await api(`/api/monitors/${monitorId}`, { method: 'PUT', token: owner.token, body: { name: 'Shop EU' } })).status).toBe(200);
    expect((await api(`/api/monitors/${monitorId}`, { method: 'DELETE', token: owner.token })).status).toBe(200);
    const ip = testClientIp();

    // A member acts in the owner's workspace: the entry names the member, not the owner.
    const member = await person('audit-member');
    await joinWorkspace(owner.id, member, 'member');
    const asMember = { 'x-workspace-id': owner.id };
    const memberMonitor = await api<{ id: string }>('/api/monitors', { method: 'POST', token: member.token, body: { ...site, name: 'Blog' }, headers: asMember });
    expect(memberMonitor.status).toBe(201);

    const log = await api<WorkspaceAuditList>(LOG, { token: owner.token });
    expect(log.status).toBe(200);
    expect(log.body.next_cursor).toBeNull();
    expect(log.body.entries.map((entry) => [entry.action, entry.target_label, entry.actor_email])).toEqual([
      ['monitor.created', 'Blog', member.email],
      ['monitor.deleted', 'Shop EU', owner.email],
      ['monitor.updated', 'Shop EU', owner.email],
      ['monitor.paused', 'Shop', owner.email],
      ['monitor.created', 'Shop', owner.email],
    ]);
    expect(log.body.entries[1]).toMatchObject({ actor_id: owner.id, actor_label: owner.name, ip, target_type: 'monitor', target_id: monitorId });
    expect(log.body.entries[2]!.details).toEqual({ fields: ['name'] });
    // The person filter offers the workspace's members (the first page only).
    expect(log.body.people.map((p) => p.id).sort()).toEqual([owner.id, member.id].sort());

    // Filters: by action, by person, by date range.
    const paused = await api<WorkspaceAuditList>(`${LOG}?action=monitor.paused`, { token: owner.token });
    expect(paused.body.entries.map((entry) => entry.action)).toEqual(['monitor.paused']);
    const byMember = await api<WorkspaceAuditList>(`${LOG}?actor=${member.id}`, { token: owner.token });
    expect(byMember.body.entries.map((entry) => entry.target_label)).toEqual(['Blog']);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    expect((await api<WorkspaceAuditList>(`${LOG}?from=${encodeURIComponent(tomorrow)}`, { token: owner.token })).body.entries).toEqual([]);
    const lastEntry = log.body.entries[4]!;
    const beforeFirst = await api<WorkspaceAuditList>(`${LOG}?to=${encodeURIComponent(new Date(Date.parse(lastEntry.at) + 1).toISOString())}`, { token: owner.token });
    expect(beforeFirst.body.entries.map((entry) => entry.id)).toEqual([lastEntry.id]);

    // A page at a time: the cursor continues where the page ended; an edited one is a 400.
    const first = await api<WorkspaceAuditList>(`${LOG}?limit=2`, { token: owner.token });
    expect(first.body.entries.map((entry) => entry.id)).toEqual(log.body.entries.slice(0, 2).map((entry) => entry.id));
    const second = await api<WorkspaceAuditList>(`${LOG}?limit=3&cursor=${first.body.next_cursor}`, { token: owner.token });
    expect(second.body.entries.map((entry) => entry.id)).toEqual(log.body.entries.slice(2).map((entry) => entry.id));
    expect(second.body.next_cursor).toBeNull();
    expect(second.body.people).toEqual([]);
    const tampered = await api<{ detail: string }>(`${LOG}?cursor=${first.body.next_cursor}AA`, { token: owner.token });
    expect(tampered.status).toBe(400);
    expect(tampered.body.detail).toMatch(/not valid/);
    const badAction = await api<{ detail: string }>(`${LOG}?action=monitor.exploded`, { token: owner.token });
    expect(badAction.status).toBe(400);
    expect(badAction.body.detail).toBeTruthy();

    // The export: the same entries (and filters) as CSV.
    const exported = await api<string>(`${LOG}/export?action=monitor.created`, { token: owner.token });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(exported.headers.get('content-disposition')).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = exported.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('at,actor,actor_email,action,description,target_type,target,target_id,ip,details');
    expect(lines.slice(1).map((line) => line.split(',')[6])).toEqual(['Blog', 'Shop']);

    // Below admin: refused, for the list and the export alike.
    for (const path of [LOG, `${LOG}/export`]) {
      const refused = await api<{ code: string; detail: string }>(path, { token: member.token, headers: asMember });
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('ROLE_NOT_ALLOWED');
    }
    // An admin may read it.
    const admin = await person('audit-admin');
    await joinWorkspace(owner.id, admin, 'admin');
    expect((await api(LOG, { token: admin.token, headers: { 'x-workspace-id': owner.id } })).status).toBe(200);
    // A member's own workspace's log holds nothing of what they did in another.
    expect((await api<WorkspaceAuditList>(LOG, { token: member.token })).body.entries).toEqual([]);

    // Kept a year: DynamoDB's TTL removes each entry 365 days after it was written.
    const stored = await table().send(
      new QueryCommand({
        TableName: env().TABLE_NAME,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': workspacePartition(owner.id), ':prefix': WORKSPACE_AUDIT_PREFIX },
      }),
    );
    expect(stored.Items).toHaveLength(5);
    for (const item of stored.Items ?? []) {
      expect(Number(item.expires_at)).toBe(Math.floor(Date.parse(String(item.at)) / 1000) + 365 * 86_400);
    }
  });

  it('records status pages and maintenance windows too, under the names they had, and a refused change not at all', async () => {
    const owner = await person('audit-pages');
    const monitor = await api<{ id: string }>('/api/monitors', { method: 'POST', token: owner.token, body: site });
    const page = await api<{ id: string }>('/api/status-pages', {
      method: 'POST',
      token: owner.token,
      body: { name: 'Acme status', slug: `acme-${monitor.body.id.toLowerCase()}`, monitor_ids: [monitor.body.id] },
    });
    expect(page.status).toBe(201);
    expect((await api(`/api/status-pages/${page.body.id}`, { method: 'PUT', token: owner.token, body: { name: 'Acme' } })).status).toBe(200);
    expect((await api(`/api/status-pages/${page.body.id}`, { method: 'DELETE', token: owner.token })).status).toBe(200);
    const window = await api<{ id: string }>('/api/maintenance-windows', {
      method: 'POST',
      token: owner.token,
      body: { title: 'Database upgrade', timezone: 'UTC', starts_at: '2030-03-01T01:30', ends_at: '2030-03-01T03:30', rrule: null, monitor_ids: [monitor.body.id] },
    });
    expect(window.status).toBe(201);
    expect((await api(`/api/maintenance-windows/${window.body.id}`, { method: 'DELETE', token: owner.token })).status).toBe(200);
    // Refused (the free plan has no custom alert rules): nothing changed, nothing recorded.
    expect((await api('/api/alert-rules', { method: 'PUT', token: owner.token, body: { down_after_rounds: 3 } })).status).toBe(400);

    const log = await api<WorkspaceAuditList>(LOG, { token: owner.token });
    expect(log.body.entries.map((entry) => [entry.action, entry.target_label])).toEqual([
      ['maintenance_window.deleted', 'Database upgrade'],
      ['maintenance_window.created', 'Database upgrade'],
      ['status_page.deleted', 'Acme'],
      ['status_page.updated', 'Acme'],
      ['status_page.created', 'Acme status'],
      ['monitor.created', 'Shop'],
    ]);
    expect(log.body.entries[3]!.details).toEqual({ fields: ['name'] });
  });
});
