import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { SQSEvent } from 'aws-lambda';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { apiGatewayEvent as sampleEvent } from '../../events/sample-event.js';
import { dynamo, tableName } from '../../functions/clients/dynamodb.js';
import { apiHandler } from '../../functions/http/api-handler.js';
import type {
  AdminDashboard,
  AdminIncidentList,
  AdminPayment,
  AdminPaymentList,
  AdminMonitorList,
  AdminUser,
  AdminUserDetail,
  AdminUserList,
  ApplicationError,
  ApplicationErrorList,
  GlobalBulkUploadResult,
} from '../../shared/admin/schemas.js';
import type { BulkUploadResult } from '../../shared/monitors/bulk-upload.js';
import { ALERTS_MAX_RECEIVE_COUNT } from '../../shared/queues.js';
import { auditPartition, userMonitorsPartition } from '../../shared/table/keys.js';
import { api, baseUrl, PASSWORD, signedInUser, uniqueEmail } from './helpers/api.js';
import { roundStartedAt } from '../../shared/checks/check-round.js';
import {
  checkerRegions,
  createMonitorWithoutFirstCheck,
  getMonitorItem,
  madeUpDownAlert,
  putOutboxEntry,
  sendToResultsQueue,
  waitFor,
} from './helpers/pipeline.js';

/**
 * The operator API against the local cloud (docs/admin.md): lists with their filters and pages,
 * edits that change caps at once, deletion of every item, bulk uploads past the caps, the error
 * log (an injected 500 and a failed mail, resolved once), deactivation and reactivation.
 */

let admin: string;

const as = <T = Record<string, unknown>>(path: string, opts: { method?: string; body?: unknown } = {}) => api<T>(path, { ...opts, token: admin });

const userWithId = async (label: string) => {
  const user = await signedInUser(label);
  const me = await api<{ id: string }>('/api/auth/me', { token: user.token });
  return { ...user, id: me.body.id };
};

const createMonitor = (token: string, name: string) =>
  api('/api/monitors', { method: 'POST', token, body: { name, url: `https://${name.toLowerCase().replace(/\W/g, '')}.example.com`, check_interval: 300, timeout: 30 } });

const uploadCsv = async (path: string, csv: string) => {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'monitors.csv');
  const response = await fetch(`${baseUrl()}${path}`, { method: 'POST', headers: { authorization: `Bearer ${admin}` }, body: form });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

const errorsOfUser = async (userId: string, type: string) =>
  (await as<ApplicationErrorList>(`/api/admin/application-errors?error_type=${type}&limit=100`)).body.errors.filter(
    (error) => error.user_id === userId,
  );

beforeAll(async () => {
  Object.assign(process.env, inject('cloudEnv'));
  const login = await api<{ access_token: string }>('/api/admin/login', { method: 'POST', body: inject('adminCredentials') });
  admin = login.body.access_token;
});

describe('users list', () => {
  it('searches, filters by tier, pages 20 by default, and counts the matches', async () => {
    const label = `find${randomUUID().slice(0, 6)}`;
    const users = [await userWithId(label), await userWithId(label), await userWithId(label)];
    await as(`/api/admin/users/${users[0]!.id}/upgrade`, { method: 'POST', body: { tier: 'business' } });

    const all = await as<AdminUserList>(`/api/admin/users?search=${label.toUpperCase()}`);
    expect(all.body).toMatchObject({ total: 3, pages: 1, page: 1 });
    // Newest signup first.
    expect(all.body.users.map((user) => user.id)).toEqual(users.map((user) => user.id).reverse());
    expect(all.body.users[0]).toEqual({
      id: users[2]!.id,
      name: `Test ${label}`,
      email: users[2]!.email,
      subscription_tier: 'free',
      is_active: true,
      email_verified: true,
      created_at: expect.any(String),
      subscription_ends_at: null,
      timezone: null,
      monitor_count: 0,
    });

    const paged = await as<AdminUserList>(`/api/admin/users?search=${label}&limit=2&page=2`);
    expect(paged.body).toMatchObject({ total: 3, pages: 2, page: 2 });
    expect(paged.body.users.map((user) => user.id)).toEqual([users[0]!.id]);

    const business = await as<AdminUserList>(`/api/admin/users?search=${label}&tier=business`);
    expect(business.body.users.map((user) => user.id)).toEqual([users[0]!.id]);
    const byAddress = await as<AdminUserList>(`/api/admin/users?search=${encodeURIComponent(users[1]!.email)}`);
    expect(byAddress.body).toMatchObject({ total: 1, users: [{ id: users[1]!.id }] });

    const unfiltered = await as<AdminUserList>('/api/admin/users');
    expect(unfiltered.body.users).toHaveLength(Math.min(20, unfiltered.body.total));
    expect(unfiltered.body.pages).toBe(Math.ceil(unfiltered.body.total / 20));

    expect((await as('/api/admin/users?tier=platinum')).status).toBe(400);
    expect((await as('/api/admin/users?tier=all')).status).toBe(200);
  });
});

describe('user detail, edit and upgrade', () => {
  it('shows the user with monitors, recent incidents and the audit log; 404 for an unknown id', async () => {
    const user = await userWithId('detail');
    expect((await createMonitor(user.token, 'Detail shop')).status).toBe(201);
    const detail = await as<AdminUserDetail>(`/api/admin/users/${user.id}`);
    expect(detail.body.user).toMatchObject({ id: user.id, monitor_count: 1 });
    expect(detail.body.monitors).toEqual([
      expect.objectContaining({ name: 'Detail shop', status: 'active', user_id: user.id, user_email: user.email, user_tier: 'free' }),
    ]);
    expect(detail.body.recent_incidents).toEqual([]);
    expect(detail.body.audit_log).toEqual([]);
    expect((await as('/api/admin/users/nobody-like-this')).body).toEqual({ detail: 'User not found', code: 'NOT_FOUND' });
  });

  it('an upgrade and a tier edit change the monitor cap at once, and are audited', async () => {
    const user = await userWithId('caps');
    expect((await createMonitor(user.token, 'First')).status).toBe(201);
    expect((await createMonitor(user.token, 'Second')).status).toBe(403);

    const upgraded = await as<{ user: AdminUser; message: string }>(`/api/admin/users/${user.id}/upgrade`, { method: 'POST', body: {} });
    expect(upgraded.body).toMatchObject({ message: 'User upgraded to Pro', user: { subscription_tier: 'pro' } });
    expect((await createMonitor(user.token, 'Second')).status).toBe(201);
    const again = await as(`/api/admin/users/${user.id}/upgrade`, { method: 'POST', body: { tier: 'pro' } });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('User is already on the Pro plan or higher');

    const edited = await as<{ user: AdminUser }>(`/api/admin/users/${user.id}`, { method: 'PUT', body: { subscription_tier: 'free', name: 'Renamed' } });
    expect(edited.body.user).toMatchObject({ subscription_tier: 'free', name: 'Renamed' });
    expect((await createMonitor(user.token, 'Third')).status).toBe(403);
    const limits = await api<{ max_monitors?: number; tier?: string }>('/api/subscription/limits', { token: user.token });
    expect(JSON.stringify(limits.body)).toContain('free');

    const audit = (await as<AdminUserDetail>(`/api/admin/users/${user.id}`)).body.audit_log;
    expect(audit.map((entry) => entry.action)).toEqual(['user.update', 'user.upgrade']);
    expect(audit[0]).toMatchObject({
      admin_email: inject('adminCredentials').email,
      before: { subscription_tier: 'pro', name: `Test caps` },
      after: { subscription_tier: 'free', name: 'Renamed' },
    });
  });

  it('changes the e-mail (sign-in follows) and refuses one that is taken', async () => {
    const user = await userWithId('mover');
    const other = await userWithId('taken');
    const taken = await as(`/api/admin/users/${user.id}`, { method: 'PUT', body: { email: other.email } });
    expect(taken.status).toBe(409);
    const moved = uniqueEmail('moved');
    expect((await as(`/api/admin/users/${user.id}`, { method: 'PUT', body: { email: moved } })).status).toBe(200);
    expect((await api('/api/auth/login', { method: 'POST', body: { email: moved, password: PASSWORD } })).status).toBe(200);
    expect((await as(`/api/admin/users/${user.id}`, { method: 'PUT', body: {} })).status).toBe(400);
  });
});

describe('deactivation', () => {
  it('stops sign-in, API use and checks; reactivation restores them (paused monitors stay paused)', async () => {
    const user = await userWithId('sleeper');
    await as(`/api/admin/users/${user.id}/upgrade`, { method: 'POST', body: { tier: 'pro' } });
    const created = await api<{ id: string }>('/api/monitors', { method: 'POST', token: user.token, body: { name: 'Checked', url: 'https://checked.example.com' } });
    const paused = await api<{ id: string }>('/api/monitors', { method: 'POST', token: user.token, body: { name: 'Paused', url: 'https://paused.example.com' } });
    await api(`/api/monitors/${paused.body.id}`, { method: 'PUT', token: user.token, body: { status: 'paused' } });

    const off = await as<{ user: AdminUser }>(`/api/admin/users/${user.id}`, { method: 'PUT', body: { is_active: false } });
    expect(off.body.user.is_active).toBe(false);
    const login = await api('/api/auth/login', { method: 'POST', body: { email: user.email, password: PASSWORD } });
    expect(login.status).toBeGreaterThanOrEqual(401);
    expect(login.body.detail).toBe('This account has been deactivated');
    // Calls that read the caller's profile refuse the old token (every call, once the handler chain loads the profile).
    const refused = await api('/api/monitors', { method: 'POST', token: user.token, body: { name: 'Sneaky', url: 'https://sneaky.example.com' } });
    expect([401, 403]).toContain(refused.status);
    const checked = await getMonitorItem(user.id, created.body.id);
    expect(checked).toMatchObject({ status: 'disabled', disabled_reason: 'account_inactive' });
    expect(checked).not.toHaveProperty('GSI2PK');
    expect(await getMonitorItem(user.id, paused.body.id)).toMatchObject({ status: 'paused' });
    const disabledList = await as<AdminMonitorList>(`/api/admin/monitors?status=disabled&limit=100`);
    expect(disabledList.body.monitors.map((monitor) => monitor.id)).toContain(created.body.id);

    expect((await as(`/api/admin/users/${user.id}`, { method: 'PUT', body: { is_active: true } })).status).toBe(200);
    expect((await api('/api/auth/login', { method: 'POST', body: { email: user.email, password: PASSWORD } })).status).toBe(200);
    const restored = await getMonitorItem(user.id, created.body.id);
    expect(restored).toMatchObject({ status: 'active', GSI2PK: expect.stringMatching(/^DUE#\d#300$/) });
    expect(restored).not.toHaveProperty('disabled_reason');
    expect(await getMonitorItem(user.id, paused.body.id)).toMatchObject({ status: 'paused' });
  });

  it('an admin cannot deactivate or delete their own account here', async () => {
    const me = await as<{ id: string }>('/api/admin/me');
    expect((await as(`/api/admin/users/${me.body.id}`, { method: 'PUT', body: { is_active: false } })).status).toBe(409);
    expect((await as(`/api/admin/users/${me.body.id}`, { method: 'DELETE' })).status).toBe(409);
  });
});

describe('delete', () => {
  it('erases every item of the user, as account deletion does, and keeps the audit entry', async () => {
    const user = await userWithId('erased');
    expect((await createMonitor(user.token, 'Doomed')).status).toBe(201);
    const deleted = await as(`/api/admin/users/${user.id}`, { method: 'DELETE' });
    expect(deleted.body).toEqual({ message: 'User and all their data have been deleted' });
    const { Items } = await dynamo().send(
      new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': userMonitorsPartition(user.id) }, ConsistentRead: true }),
    );
    expect(Items).toEqual([]);
    expect((await api('/api/auth/login', { method: 'POST', body: { email: user.email, password: PASSWORD } })).status).toBe(401);
    expect((await as(`/api/admin/users/${user.id}`)).status).toBe(404);
    const audit = await dynamo().send(
      new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': auditPartition(user.id) } }),
    );
    expect(audit.Items).toEqual([expect.objectContaining({ action: 'user.delete', before: expect.objectContaining({ email: user.email }) })]);
  });
});

describe('bulk monitors (no plan limits)', () => {
  it('uploads past the free cap and interval floor for one user', async () => {
    const user = await userWithId('bulk-one');
    const csv = 'name,url,check_interval,timeout\nA,a.example.com,60,10\nB,https://b.example.com,,\nC,not a url,300,30\n';
    const result = await uploadCsv(`/api/admin/users/${user.id}/bulk-monitors`, csv);
    expect(result.body as unknown as BulkUploadResult).toMatchObject({ total_processed: 3, successful: 2, failed: 1, errors: [expect.stringMatching(/^Row 4: /)] });
    expect((await api<{ total: number }>('/api/monitors', { token: user.token })).body.total).toBe(2);
    expect((await uploadCsv('/api/admin/users/unknown-user/bulk-monitors', csv)).status).toBe(404);
  });

  it('uploads for many users by user_email and reports per user', async () => {
    const ada = await userWithId('bulk-ada');
    const bob = await userWithId('bulk-bob');
    const csv = [
      'user_email,name,url,check_interval,timeout',
      `${ada.email.toUpperCase()},Ada 1,ada1.example.com,60,10`,
      `${ada.email},Ada 2,ada2.example.com,,`,
      `${bob.email},Bob 1,bob1.example.com,300,30`,
      `${bob.email},Bob bad,,300,30`,
      `nobody@example.com,Lost,lost.example.com,300,30`,
      `,Orphan,orphan.example.com,300,30`,
    ].join('\n');
    const result = (await uploadCsv('/api/admin/bulk-monitors-global', csv)).body as unknown as GlobalBulkUploadResult;
    expect(result.total_users_processed).toBe(2);
    expect(result.results).toEqual([
      { user_name: 'Test bulk-ada', user_email: ada.email, result: expect.objectContaining({ successful: 2, total_processed: 2, errors: [] }) },
      { user_name: 'Test bulk-bob', user_email: bob.email, result: expect.objectContaining({ successful: 1, total_processed: 2, errors: [expect.stringMatching(/^Row 5: /)] }) },
    ]);
    expect(result.errors).toEqual(['Row 6: No user with the e-mail nobody@example.com', 'Row 7: user_email is required']);
    expect((await api<{ total: number }>('/api/monitors', { token: ada.token })).body.total).toBe(2);
    expect((await uploadCsv('/api/admin/bulk-monitors-global', 'name,url\nX,x.example.com\n')).status).toBe(400);
  });
});

describe('monitors and incidents lists', () => {
  it('finds monitors by search, with the owner and tier, and filters by status', async () => {
    const user = await userWithId('owner');
    const name = `Lookup ${randomUUID().slice(0, 6)}`;
    const made = await api<{ id: string }>('/api/monitors', { method: 'POST', token: user.token, body: { name, url: 'https://lookup.example.com' } });
    const found = await as<AdminMonitorList>(`/api/admin/monitors?search=${encodeURIComponent(name.toLowerCase())}`);
    expect(found.body).toMatchObject({ total: 1, pages: 1 });
    expect(found.body.monitors[0]).toMatchObject({ id: made.body.id, user_name: 'Test owner', user_email: user.email, user_tier: 'free', is_up: null });
    const paused = await as<AdminMonitorList>(`/api/admin/monitors?search=${encodeURIComponent(name)}&status=paused`);
    expect(paused.body.total).toBe(0);

    // Paging: three more of the same name, newest first, two a page.
    const csv = ['name,url', ...[1, 2, 3].map((n) => `${name} ${n},lookup${n}.example.com`)].join('\n');
    expect((await uploadCsv(`/api/admin/users/${user.id}/bulk-monitors`, csv)).body).toMatchObject({ successful: 3 });
    const pageOne = (await as<AdminMonitorList>(`/api/admin/monitors?search=${encodeURIComponent(name)}&limit=2`)).body;
    const pageTwo = (await as<AdminMonitorList>(`/api/admin/monitors?search=${encodeURIComponent(name)}&limit=2&page=2`)).body;
    expect(pageOne).toMatchObject({ total: 4, pages: 2, page: 1 });
    expect(pageTwo).toMatchObject({ total: 4, pages: 2, page: 2 });
    expect([...pageOne.monitors, ...pageTwo.monitors].map((monitor) => monitor.name)).toEqual([`${name} 3`, `${name} 2`, `${name} 1`, name]);
    expect((await as('/api/admin/monitors?status=broken')).status).toBe(400);
    expect((await as('/api/admin/incidents?status=open')).status).toBe(200);
    expect((await as('/api/admin/incidents?status=ongoing')).status).toBe(400);
  });

  it('lists incidents made by the result processor with their owner, filters them by status and pages them', async () => {
    const user = await userWithId('incidents');
    const monitor = await createMonitorWithoutFirstCheck(user.id, { name: 'Flaky shop', url: 'https://flaky.example.com', check_interval: 300, timeout: 5 });
    const before = (await as<AdminDashboard>('/api/admin/dashboard')).body;
    let slot = Math.floor(Date.now() / 300_000) * 300;
    const round = async (down: boolean) => {
      const id = roundStartedAt(new Date((slot += 300) * 1000));
      await sendToResultsQueue({
        kind: 'check_results',
        results: checkerRegions().map((region) => ({
          userId: user.id,
          result: {
            monitorId: monitor.id,
            region,
            round: id,
            outcome: down ? ('down' as const) : ('up' as const),
            errorCategory: down ? ('connection_timeout' as const) : null,
            statusCode: down ? null : 200,
            timings: { dns: null, connect: 1, tls: null, ttfb: 3, total: down ? 5000 : 4 },
            checkedAt: new Date().toISOString(),
            attempts: down ? 2 : 1,
            message: down ? 'connect ETIMEDOUT' : null,
          },
        })),
      });
      await waitFor(`round ${id} applied`, async () => (await getMonitorItem(user.id, monitor.id))?.last_round === id);
    };
    await round(false);
    await round(true);
    await round(false);
    await round(true);

    const mine = (list: AdminIncidentList) => list.incidents.filter((incident) => incident.monitor_id === monitor.id);
    const all = mine((await as<AdminIncidentList>('/api/admin/incidents?limit=100')).body);
    expect(all.map((incident) => [incident.alert_type, incident.status])).toContainEqual(['down', 'open']);
    expect(all.map((incident) => [incident.alert_type, incident.status])).toContainEqual(['down', 'resolved']);
    expect(all[0]).toMatchObject({ monitor_name: 'Flaky shop', monitor_url: 'https://flaky.example.com', user_id: user.id, user_email: user.email, user_tier: 'free' });

    const open = (await as<AdminIncidentList>('/api/admin/incidents?status=open&limit=100')).body;
    expect(open.incidents.every((incident) => incident.status === 'open')).toBe(true);
    expect(mine(open)).toEqual([expect.objectContaining({ alert_type: 'down', status: 'open', resolved_at: null })]);
    const resolved = (await as<AdminIncidentList>('/api/admin/incidents?status=resolved&limit=100')).body;
    expect(resolved.incidents.every((incident) => incident.status === 'resolved' && incident.resolved_at !== null)).toBe(true);
    expect(mine(resolved).length).toBe(all.length - 1);

    // Counted as they happen: the dashboard and the list totals follow.
    const after = (await as<AdminDashboard>('/api/admin/dashboard')).body;
    expect(after.total_incidents).toBeGreaterThanOrEqual(before.total_incidents + all.length);
    expect(after.recent_incidents).toBeGreaterThanOrEqual(all.length);
    expect(after.open_incidents).toBeGreaterThanOrEqual(1);

    const first = (await as<AdminIncidentList>('/api/admin/incidents?limit=1&page=1')).body;
    const second = (await as<AdminIncidentList>('/api/admin/incidents?limit=1&page=2')).body;
    expect(first.pages).toBe(first.total);
    expect(first.incidents).toHaveLength(1);
    expect(second.incidents).toHaveLength(1);
    expect(second.incidents[0]!.id).not.toBe(first.incidents[0]!.id);
    expect(second.incidents[0]!.id < first.incidents[0]!.id).toBe(true);
  });

  it('the dashboard counts users, monitors and signups', async () => {
    const before = (await as<AdminDashboard>('/api/admin/dashboard')).body;
    const user = await userWithId('counted');
    await createMonitor(user.token, 'Counted');
    await as(`/api/admin/users/${user.id}/upgrade`, { method: 'POST', body: { tier: 'enterprise' } });
    const after = (await as<AdminDashboard>('/api/admin/dashboard')).body;
    expect(after.total_users).toBeGreaterThanOrEqual(before.total_users + 1);
    expect(after.total_monitors).toBeGreaterThanOrEqual(before.total_monitors + 1);
    expect(after.subscription_stats.enterprise).toBeGreaterThanOrEqual(before.subscription_stats.enterprise + 1);
    expect(after.recent_signups).toBeGreaterThanOrEqual(1);
    expect(after.revenue_stats.enterprise_revenue).toBe(after.subscription_stats.enterprise * 399);
    expect(after.revenue_stats.estimated_monthly).toBe(
      after.subscription_stats.pro * 19 + after.subscription_stats.business * 49 + after.subscription_stats.enterprise * 399,
    );
    expect(after.average_revenue_per_user).toBe(Math.round(after.revenue_stats.estimated_monthly / after.total_users));
  });
});

describe('the application error log', () => {
  it('records an injected 500 without secrets, lists it, resolves it once and never reopens it', async () => {
    const user = await userWithId('crash');
    const crashing = apiHandler(null, async () => {
      throw new Error(`injected failure for ${user.id}`);
    });
    const event = sampleEvent('get-me');
    event.requestContext.authorizer.jwt.claims.sub = user.id;
    event.headers = { ...event.headers, authorization: 'Bearer secret-token-value' };
    expect((await crashing(event)).statusCode).toBe(500);

    const [recorded] = await errorsOfUser(user.id, 'api_error');
    expect(recorded).toMatchObject({ error_type: 'api_error', resolved: false, error_message: `Error: injected failure for ${user.id}` });
    expect(recorded!.stack_trace).toContain('admin-api.test.ts');
    expect(JSON.stringify(recorded)).not.toContain('secret-token-value');

    const open = await as<ApplicationErrorList>('/api/admin/application-errors?resolved=false&limit=100');
    expect(open.body.errors.map((error) => error.id)).toContain(recorded!.id);
    const resolved = await as<{ error: ApplicationError }>(`/api/admin/application-errors/${recorded!.id}/resolve`, { method: 'PUT' });
    expect(resolved.body.error).toMatchObject({ id: recorded!.id, resolved: true, resolved_at: expect.any(String) });
    const again = await as(`/api/admin/application-errors/${recorded!.id}/resolve`, { method: 'PUT' });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('This error is already resolved');
    const done = await as<ApplicationErrorList>('/api/admin/application-errors?resolved=true&error_type=api_error&limit=100');
    expect(done.body.errors.find((error) => error.id === recorded!.id)?.resolved).toBe(true);
    expect((await as('/api/admin/application-errors/01HZZZZZZZZZZZZZZZZZZZZZZZ/resolve', { method: 'PUT' })).status).toBe(404);
    expect((await as('/api/admin/application-errors?resolved=maybe')).status).toBe(400);

    // Paging through the log: pages of one, newest first, none twice.
    expect((await crashing(event)).statusCode).toBe(500);
    const first = (await as<ApplicationErrorList>('/api/admin/application-errors?limit=1')).body;
    const second = (await as<ApplicationErrorList>('/api/admin/application-errors?limit=1&page=2')).body;
    expect(first.total).toBeGreaterThanOrEqual(2);
    expect(first.pages).toBe(first.total);
    expect(second.errors[0]!.id < first.errors[0]!.id).toBe(true);
  });

  it('records an alert mail that failed for good as an email_error', async () => {
    const user = await userWithId('no-mail');
    const { handler } = await import('../../functions/queues/send-alert-mails.js');
    const { ses } = await import('../../functions/clients/ses.js');
    let failNext = true;
    ses().middlewareStack.add(
      (next) => async (args) => {
        if (failNext) {
          failNext = false;
          throw Object.assign(new Error('Mail from domain not verified'), { name: 'MessageRejected', $fault: 'client' });
        }
        return next(args);
      },
      { step: 'initialize', name: 'failOneSend' },
    );
    const alert = madeUpDownAlert();
    await putOutboxEntry({ userId: user.id, monitorName: 'Mailless', monitorUrl: 'https://mailless.example.com/', alert });
    const event: SQSEvent = {
      Records: [
        {
          messageId: randomUUID(),
          receiptHandle: 'not-a-real-receipt',
          body: JSON.stringify({ kind: 'alert', userId: user.id, monitorName: 'Mailless', monitorUrl: 'https://mailless.example.com/', alert }),
          attributes: { ApproximateReceiveCount: String(ALERTS_MAX_RECEIVE_COUNT), SentTimestamp: '0', SenderId: 't', ApproximateFirstReceiveTimestamp: '0' },
          messageAttributes: {},
          md5OfBody: '',
          eventSource: 'aws:sqs',
          eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:upwatch-alerts',
          awsRegion: 'us-east-1',
        },
      ],
    };
    expect((await handler(event)).batchItemFailures).toHaveLength(1);
    const [recorded] = await errorsOfUser(user.id, 'email_error');
    expect(recorded).toMatchObject({ error_type: 'email_error', monitor_id: alert.monitorId, context: { transition_id: alert.transitionId } });
    expect(recorded!.error_message).toContain('Mailless');
    expect((await as(`/api/admin/application-errors/${recorded!.id}/resolve`, { method: 'PUT' })).status).toBe(200);
  });
});

describe('refused payment webhooks in the error log', () => {
  it('records a refused webhook as a payment_error, at most 5 per gateway and hour', async () => {
    const { handleWebhook, REFUSED_WEBHOOK_ENTRIES } = await import('../../functions/services/billing/apply-webhook.js');
    const startedAt = new Date().toISOString();
    // A window of its own (an hour long ago), so the cap counts only this test's posts.
    const now = new Date(Date.UTC(2001, 0, 1, Math.floor(Math.random() * 24)));
    const forged = Buffer.from(JSON.stringify({ entity: 'event', event: 'subscription.charged', payload: {} }));
    for (let i = 0; i < REFUSED_WEBHOOK_ENTRIES.limit + 2; i++) {
      await expect(handleWebhook('razorpay', forged, { 'x-razorpay-signature': 'forged' }, now)).rejects.toMatchObject({
        status: 400,
        detail: expect.stringMatching(/^Invalid webhook/),
      });
    }
    const recorded = (await as<ApplicationErrorList>('/api/admin/application-errors?error_type=payment_error&limit=100')).body.errors.filter(
      (error) => error.context.gateway === 'razorpay' && error.timestamp >= startedAt,
    );
    expect(recorded).toHaveLength(REFUSED_WEBHOOK_ENTRIES.limit);
    expect(recorded[0]).toMatchObject({ error_type: 'payment_error', resolved: false, user_id: null, context: { gateway: 'razorpay', reason: expect.any(String) } });
    expect(recorded[0]!.error_message).toMatch(/^A razorpay webhook was refused/);
    expect(JSON.stringify(recorded)).not.toContain('forged');
  });
});

describe('contact messages', () => {
  it('lists the contact form messages, newest first', async () => {
    const email = uniqueEmail('contact');
    const sent = await api('/api/contact', { method: 'POST', body: { name: 'Curious', email, subject: 'sales', message: 'How much for 2000 monitors?' } });
    expect(sent.status).toBeLessThan(300);
    const list = await as<{ messages: { email: string; subject: string }[]; total: number }>('/api/admin/contact-messages?limit=100');
    expect(list.body.messages.find((message) => message.email === email)).toMatchObject({ subject: 'sales', message: 'How much for 2000 monitors?' });
  });
});

describe('payments', () => {
  type PaymentList = { payments: AdminPayment[]; summary: AdminPaymentList['summary']; total: number; pages: number };
  const usd = (list: PaymentList) => list.summary.total_revenue.find((line) => line.currency === 'USD')!.amount;

  it('shows a card payment made through the local Stripe and a failed UPI one, with the summary cards and the status filter', async () => {
    const providers = inject('paymentProviders');
    const before = (await as<PaymentList>('/api/admin/payments')).body;
    const buyer = await userWithId('card-buyer');
    const session = await api<{ url: string; payment_id: string }>('/api/payments/checkout/session', {
      method: 'POST',
      token: buyer.token,
      body: { package_id: 'pro', payment_gateway: 'stripe', currency: 'usd', origin_url: baseUrl() },
    });
    const paid = await fetch(session.body.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ card_number: '4242 4242 4242 4242', card_expiry: '12 / 34', card_cvc: '123' }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);

    const upiUser = await userWithId('upi-failer');
    const upi = await api<{ subscription_id: string; payment_id: string }>('/api/payments/checkout/session', {
      method: 'POST',
      token: upiUser.token,
      body: { package_id: 'business', payment_gateway: 'razorpay', currency: 'inr', origin_url: baseUrl() },
    });
    await fetch(`${providers.razorpay.apiUrl}/v1/checkout/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key_id: providers.razorpay.keyId, subscription_id: upi.body.subscription_id, outcome: 'failure' }),
    });

    const completed = await waitFor('the card payment completed', async () => {
      const list = (await as<PaymentList>('/api/admin/payments?status=completed&limit=100')).body;
      return list.payments.some((payment) => payment.id === session.body.payment_id) ? list : undefined;
    });
    expect(completed.payments.every((payment) => payment.payment_status === 'completed')).toBe(true);
    expect(completed.payments.find((payment) => payment.id === session.body.payment_id)).toMatchObject({
      user_id: buyer.id,
      user_name: 'Test card-buyer',
      user_email: buyer.email,
      user_tier: 'pro',
      package_id: 'pro',
      amount: 19,
      currency: 'USD',
      payment_gateway: 'stripe',
      gateway_status: 'paid',
    });
    const failed = await waitFor('the UPI payment failed', async () => {
      const list = (await as<PaymentList>('/api/admin/payments?status=failed&limit=100')).body;
      return list.payments.some((payment) => payment.id === upi.body.payment_id) ? list : undefined;
    });
    expect(failed.payments.every((payment) => payment.payment_status === 'failed')).toBe(true);
    expect(failed.payments.find((payment) => payment.id === upi.body.payment_id)).toMatchObject({ amount: 3999, currency: 'INR', payment_gateway: 'razorpay' });

    // Summary cards: over all payments, whatever the filter (at least: other files may pay meanwhile).
    const after = (await as<PaymentList>('/api/admin/payments?status=pending')).body;
    expect(after.summary.completed).toBeGreaterThanOrEqual(before.summary.completed + 1);
    expect(after.summary.failed).toBeGreaterThanOrEqual(before.summary.failed + 1);
    expect(usd(after)).toBeGreaterThanOrEqual(usd(before) + 19);
    expect(after.total).toBe(after.summary.pending);
    const all = (await as<PaymentList>('/api/admin/payments?limit=1')).body;
    expect(all.total).toBeGreaterThanOrEqual(before.total + 2);
    expect(all.pages).toBe(all.total);
    expect((await as('/api/admin/payments?status=refunded')).status).toBe(400);
  });
});
