import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { dynamo, tableName } from '../../functions/clients/dynamodb.js';
import type { AdminMonitor, AdminMonitorList, AdminPaymentList, AdminUser, AdminUserDetail, AdminUserList, GlobalBulkUploadResult } from '../../shared/admin/schemas.js';
import type { BulkUploadResult } from '../../shared/monitors/bulk-upload.js';
import { auditPartition, userMonitorsPartition } from '../../shared/table/keys.js';
import { ulid } from 'ulid';
import { changePaymentStatus, createPayment } from '../../functions/repositories/payment-repository.js';
import { saveSubscription } from '../../functions/repositories/subscription-repository.js';
import type { Payment } from '../../shared/billing/payments.js';
import { provisionAdmin } from '../../functions/services/auth/provision-admin.js';
import { deleteIdentity } from '../../functions/repositories/identity-repository.js';
import { as, createMonitor, signInAdmin, uploadCsv, userWithId } from './helpers/admin.js';
import { api, latestMailTo, PASSWORD, uniqueEmail } from './helpers/api.js';
import { getMonitorItem } from './helpers/pipeline.js';

/**
 * The operator API's user side against the local cloud (docs/admin.md): the users list with its
 * search, tier filter and pages, edits that change caps at once, deactivation and reactivation,
 * deletion of every item, bulk uploads past the caps. Lists: admin-lists.test.ts; the error log:
 * admin-error-log.test.ts.
 */

beforeAll(signInAdmin);

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

describe('operator accounts', () => {
  it('are neither listed nor counted as customers (docs/admin.md "Operator accounts")', async () => {
    const admin = inject('adminCredentials').email;
    const me = await as<{ id: string }>('/api/admin/me');
    const byAddress = await as<AdminUserList>(`/api/admin/users?search=${encodeURIComponent(admin)}`);
    expect(byAddress.body).toMatchObject({ total: 0, users: [] });
    // Every customer's address has an @: this search walks the whole customer list and counts it.
    const customers = await as<AdminUserList>('/api/admin/users?search=%40&limit=100');
    expect(customers.body.users.map((user) => user.id)).not.toContain(me.body.id);

    // A new operator: provisioned, then signing in to the panel twice, leaves the customer figures as they were.
    type Figures = { total_users: number; active_users: number; subscription_stats: Record<string, number> };
    const figures = async () => (await as<Figures>('/api/admin/dashboard')).body;
    const before = await figures();
    const operator = { email: uniqueEmail('operator'), password: PASSWORD };
    await provisionAdmin(operator);
    for (let i = 0; i < 2; i += 1) expect((await api('/api/admin/login', { method: 'POST', body: operator })).status).toBe(200);
    expect(await figures()).toMatchObject({ total_users: before.total_users, active_users: before.active_users, subscription_stats: before.subscription_stats });
    const listed = await as<AdminUserList>(`/api/admin/users?search=${encodeURIComponent(operator.email.split('@')[0]!)}`);
    expect(listed.body.total).toBe(0);
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

  it('shows a cancellation or a scheduled downgrade, what and when, from the stored subscription', async () => {
    const user = await userWithId('leaving');
    expect((await as<AdminUserDetail>(`/api/admin/users/${user.id}`)).body.subscription).toBeNull();
    const periodEnd = '2026-12-27T14:05:00.000Z';
    const record = {
      user_id: user.id,
      gateway: 'stripe',
      provider_subscription_id: `sub_${randomUUID().slice(0, 8)}`,
      tier: 'business',
      billing_period: 'monthly',
      status: 'active',
      provider_status: 'active',
      current_period_end: periodEnd,
      cancel_at_period_end: false,
      scheduled_tier: 'pro',
      cancel_reason: null,
      cancel_sent_to_provider: false,
      updated_at: new Date().toISOString(),
    } as const;
    expect(await saveSubscription(record, null, { tier: 'business', endsAt: periodEnd })).toBe('saved');
    const downgrading = await as<AdminUserDetail>(`/api/admin/users/${user.id}`);
    expect(downgrading.body.subscription).toEqual({
      gateway: 'stripe',
      billing_period: 'monthly',
      status: 'active',
      current_period_end: periodEnd,
      cancel_at_period_end: false,
      scheduled_tier: 'pro',
      // A Stripe downgrade can be taken back until the period ends (docs/billing.md "Resume and undo").
      resumable: true,
    });
    expect(await saveSubscription({ ...record, cancel_at_period_end: true, scheduled_tier: 'free' }, 1, null)).toBe('saved');
    const cancelling = await as<AdminUserDetail>(`/api/admin/users/${user.id}`);
    expect(cancelling.body.subscription).toMatchObject({ cancel_at_period_end: true, scheduled_tier: 'free', current_period_end: periodEnd });
  });

  it('an upgrade and a tier edit change the monitor cap at once, and are audited', async () => {
    const user = await userWithId('caps');
    expect((await createMonitor(user.token, 'First')).status).toBe(201);
    expect((await createMonitor(user.token, 'Second')).status).toBe(403);

    const upgraded = await as<{ user: AdminUser; message: string }>(`/api/admin/users/${user.id}/upgrade`, { method: 'POST', body: {} });
    expect(upgraded.body).toMatchObject({ message: 'User upgraded to Pro', user: { subscription_tier: 'pro' } });
    // The user is told that an operator changed their plan (docs/admin.md "Telling the user").
    const told = await latestMailTo(user.email);
    expect(told.subject).toBe('Upwatch: an operator moved you to the Pro plan');
    expect(told.body.text).toContain('An Upwatch operator changed your plan from Free to Pro.');
    expect((await createMonitor(user.token, 'Second')).status).toBe(201);
    const fast = await api<{ id: string }>('/api/monitors', {
      method: 'POST',
      token: user.token,
      body: { name: 'Fast shop', url: 'https://fast.example.com', check_interval: 60, timeout: 30 },
    });
    expect(fast.status).toBe(201);
    const again = await as(`/api/admin/users/${user.id}/upgrade`, { method: 'POST', body: { tier: 'pro' } });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('User is already on the Pro plan or higher');

    const edited = await as<{ user: AdminUser }>(`/api/admin/users/${user.id}`, { method: 'PUT', body: { subscription_tier: 'free', name: 'Renamed' } });
    expect(edited.body.user).toMatchObject({ subscription_tier: 'free', name: 'Renamed' });
    const movedMail = await latestMailTo(user.email);
    expect(movedMail.subject).toBe('Upwatch: an operator moved you to the Free plan');
    // docs/admin.md "Users": the tier edit moves intervals to the Free floor as a downgrade does.
    expect(movedMail.body.text).toContain('now checked every 5 minutes: Fast shop (was every minute)');
    const slowed = await api<{ monitor: { check_interval: number; plan_interval_change?: { from: number; to: number } } }>(
      `/api/monitors/${fast.body.id}`,
      { token: user.token },
    );
    expect(slowed.body.monitor).toMatchObject({ check_interval: 300, plan_interval_change: { from: 60, to: 300 } });
    expect(String((await getMonitorItem(user.id, fast.body.id))?.GSI2PK)).toMatch(/^DUE#\d+#300$/);
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

describe('the audit trail of reads and half-applied edits', () => {
  const auditItems = async (userId: string) =>
    (await dynamo().send(new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': auditPartition(userId) }, ConsistentRead: true })))
      .Items ?? [];

  it("records each operator's read of a user's details, who and when, and shows it the next time", async () => {
    const user = await userWithId('viewed');
    expect((await as(`/api/admin/users/${user.id}`)).status).toBe(200);
    expect(await auditItems(user.id)).toEqual([
      expect.objectContaining({ action: 'user.view', admin_email: inject('adminCredentials').email, target_user_id: user.id, at: expect.any(String) }),
    ]);
    const again = await as<AdminUserDetail>(`/api/admin/users/${user.id}`);
    expect(again.body.audit_log.map((entry) => entry.action)).toEqual(['user.view']);
  });

  it('an edit that fails part-way records what it did and where it stopped', async () => {
    const user = await userWithId('half');
    // The sign-in identity is gone, so the edit's Cognito step fails after the profile changed.
    await deleteIdentity(user.id);
    const edited = await as(`/api/admin/users/${user.id}`, { method: 'PUT', body: { name: 'Half done' } });
    expect(edited.status).toBe(500);
    const entries = (await auditItems(user.id)).filter((item) => item.action === 'user.update');
    expect(entries).toEqual([
      expect.objectContaining({
        before: { name: 'Test half' },
        after: { name: 'Half done', incomplete: { done: ['profile', 'counters'], failed_step: 'identity_name', error: expect.any(String) } },
      }),
    ]);
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

describe('monitor holds', () => {
  it('an operator disables an abusive monitor with a reason: audited, the owner mailed, and the owner cannot resume it until an operator enables it', async () => {
    const user = await userWithId('abuser');
    const created = await createMonitor(user.token, 'Hammer');
    const monitorId = String(created.body.id);
    const reason = 'It sends 10 requests a second to a site that is not yours';

    expect((await as(`/api/admin/monitors/${monitorId}/hold`, { method: 'POST', body: { action: 'disable', reason: 'short' } })).status).toBe(400);
    const held = await as<{ monitor: AdminMonitor; message: string }>(`/api/admin/monitors/${monitorId}/hold`, { method: 'POST', body: { action: 'disable', reason } });
    expect(held.status).toBe(200);
    expect(held.body).toMatchObject({ message: 'Monitor disabled', monitor: { id: monitorId, status: 'disabled', operator_hold: { action: 'disable', reason } } });
    expect(await getMonitorItem(user.id, monitorId)).not.toHaveProperty('GSI2PK');

    const mail = await latestMailTo(user.email);
    expect(mail.subject).toBe('Upwatch: an operator disabled your monitor Hammer');
    expect(mail.body.text).toContain(`The reason: ${reason}`);

    // The owner sees why, and cannot resume it (server-enforced).
    const mine = await api<{ monitor: { status: string; operator_hold?: { reason: string } } }>(`/api/monitors/${monitorId}`, { token: user.token });
    expect(mine.body.monitor).toMatchObject({ status: 'disabled', operator_hold: { action: 'disable', reason } });
    const resume = await api(`/api/monitors/${monitorId}`, { method: 'PUT', token: user.token, body: { status: 'active' } });
    expect(resume.status).toBe(409);
    expect(resume.body.detail).toBe(
      `Disabled by an Upwatch operator: ${reason}. It stays disabled until an operator enables it again; write to us through the contact page if you think this is a mistake.`,
    );

    const audit = (await as<AdminUserDetail>(`/api/admin/users/${user.id}`)).body.audit_log;
    expect(audit[0]).toMatchObject({ action: 'monitor.disable', after: { monitor_id: monitorId, status: 'disabled', reason } });

    const enabled = await as<{ monitor: AdminMonitor }>(`/api/admin/monitors/${monitorId}/hold`, { method: 'POST', body: { action: 'enable' } });
    expect(enabled.body.monitor.status).toBe('active');
    expect(enabled.body.monitor).not.toHaveProperty('operator_hold');
    expect(await getMonitorItem(user.id, monitorId)).toMatchObject({ status: 'active', GSI2PK: expect.stringMatching(/^DUE#/) });
    expect((await latestMailTo(user.email)).subject).toBe('Upwatch: your monitor Hammer is checked again');
    expect((await as(`/api/admin/monitors/${monitorId}/hold`, { method: 'POST', body: { action: 'enable' } })).status).toBe(409);

    // An operator's pause is a pause: the owner may resume it once fixed.
    await as(`/api/admin/monitors/${monitorId}/hold`, { method: 'POST', body: { action: 'pause', reason } });
    expect((await api(`/api/monitors/${monitorId}`, { method: 'PUT', token: user.token, body: { status: 'active' } })).status).toBe(200);
    expect((await as(`/api/admin/monitors/${randomUUID()}/hold`, { method: 'POST', body: { action: 'enable' } })).status).toBe(404);
  });
});

describe('delete keeps the revenue history', () => {
  /** A completed payment as checkout and the provider's webhook write it (docs/billing.md "Records"). */
  const paidPayment = async (userId: string, currency: 'usd' | 'inr', amount: number): Promise<string> => {
    const now = new Date().toISOString();
    const payment: Payment = {
      id: ulid(),
      user_id: userId,
      package_id: 'pro',
      billing_period: 'monthly',
      amount,
      currency,
      payment_gateway: currency === 'usd' ? 'stripe' : 'razorpay',
      payment_status: 'pending',
      gateway_status: 'open',
      gateway_ref: `ref_${ulid()}`,
      gateway_subscription_id: null,
      kind: 'checkout',
      created_at: now,
      updated_at: now,
    };
    expect(await createPayment(payment, [payment.gateway_ref])).toBe('created');
    expect(await changePaymentStatus({ userId, paymentId: payment.id, from: 'pending', to: 'completed', gatewayStatus: 'paid', at: new Date() })).toBe('changed');
    return payment.id;
  };

  it('keeps the payment rows under a stable pseudonym, with no e-mail or name, and the revenue figures unchanged', async () => {
    const user = await userWithId('payer');
    const ids = [await paidPayment(user.id, 'usd', 1900), await paidPayment(user.id, 'inr', 159900)];
    const before = await as<AdminPaymentList>('/api/admin/payments?limit=100');
    expect(before.body.payments.filter((payment) => ids.includes(payment.id)).map((payment) => payment.user_email)).toEqual([user.email, user.email]);

    expect((await as(`/api/admin/users/${user.id}`, { method: 'DELETE' })).status).toBe(200);

    const after = await as<AdminPaymentList>('/api/admin/payments?limit=100');
    expect(after.body.summary).toEqual(before.body.summary);
    expect(after.body.total).toBe(before.body.total);
    const kept = after.body.payments.filter((payment) => ids.includes(payment.id));
    expect(kept).toHaveLength(2);
    const pseudonym = kept[0]!.user_id;
    expect(pseudonym).toMatch(/^erased-[0-9a-f]{16}$/);
    for (const payment of kept) {
      expect(payment).toMatchObject({ user_id: pseudonym, user_name: null, user_email: null, user_tier: null, payment_status: 'completed' });
    }
    // The stored rows hold neither the address nor the name, and carry the same pseudonym.
    const { Items } = await dynamo().send(
      new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': userMonitorsPartition(user.id) }, ConsistentRead: true }),
    );
    expect(Items).toHaveLength(2);
    for (const item of Items ?? []) {
      expect(item.owner_pseudonym).toBe(pseudonym);
      expect(JSON.stringify(item)).not.toContain(user.email);
      expect(JSON.stringify(item)).not.toContain('Test payer');
    }
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
