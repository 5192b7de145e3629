import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalCloud, type LocalCloud } from '../../infra/local/cloud.js';
import { readLocalSettings } from '../../infra/local/settings.js';
import { TEST_ENV } from '../setup/local-cloud.js';
import type { WorkspaceList } from '../../shared/workspaces/schemas.js';
import { defaultWorkspaceName } from '../../functions/repositories/workspace-items.js';

/**
 * The upgrade of a data directory written before workspaces (docs/teams.md "Migration"): today's
 * local cloud starts on a copy of test/fixtures/pre-workspaces (written by the code of 64cedd6,
 * test/fixtures/write-pre-workspaces.ts), migrates on start, and every item of both accounts is
 * reachable through the API, each account in its own workspace as its owner.
 */
interface FixtureAccount {
  email: string;
  name: string;
  id: string;
  tier: string;
  completed_payments: number;
  monitor_ids: string[];
  incident_ids: string[];
  channel_ids: string[];
  alert_rules: Record<string, unknown> | null;
  maintenance_window_ids: string[];
  status_pages: { id: string; slug: string; subscribers: string[] }[];
  notification_preferences: Record<string, boolean>;
}

const FIXTURE = path.resolve('test/fixtures/pre-workspaces');
const fixture = JSON.parse(fs.readFileSync(path.join(FIXTURE, 'accounts.json'), 'utf8')) as { password: string; accounts: FixtureAccount[] };

/** A cloud of its own beside the suite's (its ports 1500 above the suite's), on the fixture's copy. */
const OWN_PORTS = Object.fromEntries(
  Object.entries(TEST_ENV)
    .filter(([name]) => name === 'PORT' || name.endsWith('_PORT'))
    .map(([name, port]) => [name, String(Number(port) + 1500)]),
);

let cloud: LocalCloud;
let dataDir: string;

const call = async <T = Record<string, unknown>>(pathname: string, token?: string, init: { method?: string; body?: unknown } = {}) => {
  const response = await fetch(`${cloud.urls.gateway}${pathname}`, {
    method: init.method ?? 'GET',
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(init.body ? { 'content-type': 'application/json' } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: (text.startsWith('{') ? JSON.parse(text) : text) as T };
};

const signIn = async (email: string): Promise<string> => {
  const login = await call<{ access_token: string }>('/api/auth/login', undefined, { method: 'POST', body: { email, password: fixture.password } });
  expect(login.status, `sign-in of ${email}`).toBe(200);
  return login.body.access_token;
};

const ids = (items: { id: string }[]): string[] => items.map((item) => item.id).sort();

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'upwatch-migration-'));
  for (const entry of ['dynamodb', 'cognito', 'payment-providers']) fs.cpSync(path.join(FIXTURE, entry), path.join(dataDir, entry), { recursive: true });
  const settings = readLocalSettings({
    ...process.env,
    ...TEST_ENV,
    ...OWN_PORTS,
    UPWATCH_DATA_DIR: dataDir,
    UPWATCH_LOCAL_WORKERS: '0',
    // The fixture's own operator, so the start adds no account of today's code to it.
    UPWATCH_ADMIN_EMAIL: 'admin@upwatch.fixture',
    UPWATCH_ADMIN_PASSWORD: 'fixture-admin-password',
    POWERTOOLS_LOG_LEVEL: 'ERROR',
  });
  cloud = await startLocalCloud(settings, { onCrash: (part, reason) => console.error(`[migration cloud] ${part} crashed: ${reason}`) });
}, 90_000);

afterAll(async () => {
  await cloud?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a data directory from before workspaces, on today\'s code', () => {
  it.each(fixture.accounts.map((account) => [account.email, account] as const))('%s finds every item in its own workspace', async (_email, account) => {
    const token = await signIn(account.email);

    const workspaces = await call<WorkspaceList>('/api/workspaces', token);
    expect(workspaces.status).toBe(200);
    expect(workspaces.body.own_workspace_id).toBe(account.id);
    expect(workspaces.body.workspaces).toEqual([expect.objectContaining({ id: account.id, name: defaultWorkspaceName(account.name), role: 'owner', tier: account.tier, is_own: true })]);

    const monitors = await call<{ monitors: { id: string }[] }>('/api/monitors', token);
    expect(monitors.status).toBe(200);
    expect(ids(monitors.body.monitors)).toEqual([...account.monitor_ids].sort());
    for (const id of account.monitor_ids) expect((await call(`/api/monitors/${id}`, token)).status, `monitor ${id}`).toBe(200);

    const incidents = await call<{ incidents: { id: string }[] }>('/api/incidents', token);
    expect(incidents.status).toBe(200);
    expect(ids(incidents.body.incidents)).toEqual(expect.arrayContaining(account.incident_ids));
    for (const id of account.incident_ids) expect((await call(`/api/incidents/${id}`, token)).status, `incident ${id}`).toBe(200);

    const channels = await call<{ channels: { id: string }[] }>('/api/channels', token);
    expect(ids(channels.body.channels)).toEqual(account.channel_ids);

    const rules = await call<{ rules: Record<string, unknown> }>('/api/alert-rules', token);
    expect(rules.status).toBe(200);
    if (account.alert_rules) expect(rules.body.rules).toMatchObject(account.alert_rules);

    const windows = await call<{ windows: { id: string }[] }>('/api/maintenance-windows', token);
    expect(ids(windows.body.windows)).toEqual(account.maintenance_window_ids);
    for (const id of account.maintenance_window_ids) expect((await call(`/api/maintenance-windows/${id}`, token)).status).toBe(200);

    const pages = await call<{ status_pages: { id: string }[] }>('/api/status-pages', token);
    expect(ids(pages.body.status_pages)).toEqual(account.status_pages.map((page) => page.id).sort());
    for (const page of account.status_pages) {
      const subscribers = await call<{ subscribers: { email: string; status: string }[] }>(`/api/status-pages/${page.id}/subscribers`, token);
      expect(subscribers.status).toBe(200);
      expect(subscribers.body.subscribers.map((subscriber) => [subscriber.email, subscriber.status])).toEqual(page.subscribers.map((email) => [email, 'confirmed']));
      expect((await call(`/api/public/status/${page.slug}`)).status, `public page ${page.slug}`).toBe(200);
    }

    const limits = await call<{ tier: string; usage: { monitors: number }; subscription?: unknown }>('/api/subscription/limits', token);
    expect(limits.body).toMatchObject({ tier: account.tier, usage: { monitors: account.monitor_ids.length } });
    if (account.completed_payments) expect(limits.body.subscription).toMatchObject({ gateway: 'stripe', status: 'active' });
    const payments = await call<{ payments: { payment_status: string }[] }>('/api/payments/history', token);
    expect(payments.body.payments.filter((payment) => payment.payment_status === 'completed')).toHaveLength(account.completed_payments);

    const preferences = await call<Record<string, boolean>>('/api/notifications/preferences', token);
    expect(preferences.body).toMatchObject(account.notification_preferences);
  });

  it('ended incidents written before incidents expired have their TTL after the start; a second run writes nothing', async () => {
    // docs/product-rules.md "Retention": the start ran the incident retention migration on the fixture's incidents.
    const { stampIncidentRetention } = await import('../../functions/services/operations/stamp-incident-retention.js');
    const { listIncidentRetentionFacts } = await import('../../functions/repositories/incident-retention-repository.js');
    const { incidentExpiresAt } = await import('../../shared/checks/retention.js');
    const { PutCommand } = await import('@aws-sdk/lib-dynamodb');
    const { dynamo, tableName } = await import('../../functions/clients/dynamodb.js');
    const { ENTITY, incidentKey } = await import('../../shared/table/keys.js');
    const [ada, bob] = fixture.accounts as [FixtureAccount, FixtureAccount];
    for (const account of [ada, bob]) {
      for (const incident of await listIncidentRetentionFacts(account.id)) {
        expect(incident.expiresAt, `incident ${incident.id}`).toBe(incidentExpiresAt(incident.resolvedAt, account.tier as 'free' | 'pro'));
      }
    }
    // One more ended incident as the code before wrote it (no TTL), ended 10 days ago on Pro.
    const endedAt = new Date(Date.now() - 10 * 86_400_000).toISOString();
    const legacy = { id: '01M8G0LEGACYENDEDINC1DENT1', monitor_id: ada.monitor_ids[0], alert_type: 'up', status: 'resolved', started_at: endedAt, resolved_at: endedAt };
    await dynamo().send(new PutCommand({ TableName: tableName(), Item: { ...incidentKey(ada.id, legacy.id), entity: ENTITY.incident, user_id: ada.id, ...legacy } }));
    expect(await stampIncidentRetention()).toEqual({ workspaces: fixture.accounts.length + 1, incidentsStamped: 1 });
    const stamped = (await listIncidentRetentionFacts(ada.id)).find((incident) => incident.id === legacy.id);
    expect(stamped?.expiresAt).toBe(incidentExpiresAt(endedAt, 'pro'));
    expect(await stampIncidentRetention()).toEqual({ workspaces: fixture.accounts.length + 1, incidentsStamped: 0 });
  });

  it('a second run writes nothing, and an account left half-done gets only what it lacks', async () => {
    // The cloud's environment names the fixture's table: the functions' own migration runs here.
    const { migrateWorkspaces } = await import('../../functions/services/operations/migrate-workspaces.js');
    const { deleteTableItemsForTest } = await tableHelpers();
    const started = Date.now();
    expect(await migrateWorkspaces()).toEqual({ accounts: fixture.accounts.length + 1, accountsMigrated: 0, itemsWritten: 0, accountsErasing: 0 });
    console.log(`Workspace migration with nothing to do: ${Date.now() - started} ms`);

    const [ada] = fixture.accounts;
    const token = await signIn(ada!.email);
    await deleteTableItemsForTest(ada!.id);
    const refused = await call<{ code: string }>('/api/monitors', token);
    expect(refused).toMatchObject({ status: 404, body: { code: 'WORKSPACE_NOT_FOUND' } });

    expect(await migrateWorkspaces()).toEqual({ accounts: fixture.accounts.length + 1, accountsMigrated: 1, itemsWritten: 2, accountsErasing: 0 });
    expect((await call('/api/monitors', token)).status).toBe(200);
  });

  it('an account the migration has not reached yet founds its own workspace on its first request', async () => {
    const { migrateWorkspaces } = await import('../../functions/services/operations/migrate-workspaces.js');
    const { deleteTableItemsForTest } = await tableHelpers();
    const bob = fixture.accounts[1]!;
    const token = await signIn(bob.email);
    await deleteTableItemsForTest(bob.id, { withRecord: true });
    const monitors = await call<{ monitors: { id: string }[] }>('/api/monitors', token);
    expect(monitors.status).toBe(200);
    expect(monitors.body.monitors.map((m) => m.id).sort()).toEqual([...bob.monitor_ids].sort());
    const workspaces = await call<{ workspaces: { id: string; role: string }[] }>('/api/workspaces', token);
    expect(workspaces.body.workspaces).toEqual([expect.objectContaining({ id: bob.id, role: 'owner' })]);
    expect(await migrateWorkspaces()).toMatchObject({ itemsWritten: 0 });
  });
});

/**
 * Removes an account's owner member item and membership (its workspace record stays: a half-done
 * migration), or all three founding items (`withRecord`: an account the migration has not reached).
 */
const tableHelpers = async () => {
  const { DeleteCommand } = await import('@aws-sdk/lib-dynamodb');
  const { dynamo, tableName } = await import('../../functions/clients/dynamodb.js');
  const { membershipKey, workspaceKey, workspaceMemberKey } = await import('../../shared/table/keys.js');
  return {
    deleteTableItemsForTest: async (userId: string, opts: { withRecord?: boolean } = {}) => {
      const keys = [workspaceMemberKey(userId, userId), membershipKey(userId, userId), ...(opts.withRecord ? [workspaceKey(userId)] : [])];
      for (const Key of keys) {
        await dynamo().send(new DeleteCommand({ TableName: tableName(), Key }));
      }
    },
  };
};
