import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminContactMessage, AdminContactMessageList, AdminUserDetail } from '../../shared/admin/schemas.js';
import type { AccountManagerView } from '../../shared/support/account-manager.js';
import { contactMessageKey } from '../../shared/table/keys.js';
import { as, signInAdmin, userWithId } from './helpers/admin.js';
import { api, latestMailTo, uniqueEmail } from './helpers/api.js';
import { patchTableItem } from './helpers/pipeline.js';

/**
 * Priority support and the account manager against the local cloud (docs/product-rules.md
 * "Priority support", "Account manager"): which messages are priority by the sender's plan, the
 * operators' queue by time left, marking one answered, and an Enterprise workspace's manager set by
 * an operator and seen by its members only.
 */

beforeAll(signInAdmin);

const HOUR = 3_600_000;

const onPlan = async (label: string, tier: 'free' | 'pro' | 'business' | 'enterprise') => {
  const user = await userWithId(label);
  if (tier !== 'free') expect((await as(`/api/admin/users/${user.id}`, { method: 'PUT', body: { subscription_tier: tier } })).status).toBe(200);
  return user;
};

const form = (email: string, subject = 'support') => ({ name: 'Grace', email, subject, message: 'Our checks stopped at 09:00.' });

const queue = async (): Promise<AdminContactMessage[]> =>
  (await as<AdminContactMessageList>('/api/admin/contact-messages?limit=100')).body.messages;

const queued = async (email: string): Promise<AdminContactMessage> => {
  const found = (await queue()).find((message) => message.email === email);
  if (!found) throw new Error(`no message from ${email} in the queue`);
  return found;
};

describe('priority support', () => {
  it('marks a signed-in Business customer\'s message priority, due in 4 hours, and nobody else\'s', async () => {
    const business = await onPlan('biz', 'business');
    const free = await onPlan('free', 'free');
    const [bizAddress, freeAddress, forgedAddress] = [uniqueEmail('biz-reply'), uniqueEmail('free-reply'), uniqueEmail('forged')];

    const sent = await api('/api/support/messages', { method: 'POST', token: business.token, body: form(bizAddress) });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ priority: true, reply_within_hours: 4, message: "Message sent! Priority support: we'll get back to you within 4 hours." });
    const freeSent = await api('/api/support/messages', { method: 'POST', token: free.token, body: form(freeAddress) });
    expect(freeSent.body).toMatchObject({ priority: false, reply_within_hours: 24 });
    // The public form knows no sender: an address typed there is not trusted for priority.
    expect((await api('/api/contact', { method: 'POST', body: form(forgedAddress) })).body).toMatchObject({ priority: false });
    expect((await api('/api/support/messages', { method: 'POST', body: form(forgedAddress) })).status).toBe(401);

    const priority = await queued(bizAddress);
    expect(priority).toMatchObject({ priority: true, queue_group: 'priority', sender: { user_id: business.id, workspace_id: business.id, plan: 'business' }, answered_at: null });
    expect(Date.parse(priority.respond_by) - Date.parse(priority.created_at)).toBe(4 * HOUR);
    expect(await queued(freeAddress)).toMatchObject({ priority: false, queue_group: 'waiting', sender: { plan: 'free' } });
    expect(await queued(forgedAddress)).toMatchObject({ priority: false, sender: null });
  });

  it('orders the queue by time left: overdue, then priority by deadline, then the rest, then the answered; answering is audited, once', async () => {
    const enterprise = await onPlan('ent', 'enterprise');
    const [rest, overdue, priority] = [uniqueEmail('rest'), uniqueEmail('overdue'), uniqueEmail('prio')];
    await api('/api/contact', { method: 'POST', body: form(rest) });
    await api('/api/contact', { method: 'POST', body: form(overdue) });
    await api('/api/support/messages', { method: 'POST', token: enterprise.token, body: form(priority) });
    // A message whose deadline has passed: its clock set back, as the queue would find it a day later.
    const late = await queued(overdue);
    await patchTableItem(contactMessageKey(late.id), { created_at: new Date(Date.now() - 25 * HOUR).toISOString(), respond_by: new Date(Date.now() - HOUR).toISOString() });

    const order = () => queue().then((all) => all.filter((message) => [rest, overdue, priority].includes(message.email)));
    expect((await order()).map((message) => [message.email, message.queue_group])).toEqual([
      [overdue, 'overdue'],
      [priority, 'priority'],
      [rest, 'waiting'],
    ]);
    // The whole queue keeps the rule: no priority message after one that is not, none overdue after either.
    const groups = (await queue()).map((message) => message.queue_group);
    expect(groups).toEqual([...groups].sort((a, b) => ['overdue', 'priority', 'waiting', 'answered'].indexOf(a) - ['overdue', 'priority', 'waiting', 'answered'].indexOf(b)));

    const target = await queued(priority);
    const answered = await as<{ message: AdminContactMessage }>(`/api/admin/contact-messages/${target.id}/answered`, { method: 'PUT' });
    expect(answered.status).toBe(200);
    expect(answered.body.message).toMatchObject({ queue_group: 'answered', answered_by: expect.stringContaining('@') });
    expect((await order()).map((message) => message.email)).toEqual([overdue, rest, priority]);
    expect((await as(`/api/admin/contact-messages/${target.id}/answered`, { method: 'PUT' })).body).toMatchObject({ code: 'CONFLICT', detail: 'This message is already marked answered' });
    expect((await as('/api/admin/contact-messages/01JNB6Z6Q00000000000000000/answered', { method: 'PUT' })).status).toBe(404);
    const detail = (await as<AdminUserDetail>(`/api/admin/users/${enterprise.id}`)).body;
    expect(detail.audit_log.map((entry) => entry.action)).toContain('contact_message.answer');
  });
});

describe('account manager', () => {
  it('an operator names one for an Enterprise workspace; its members see them there, other workspaces and plans see nothing', async () => {
    const enterprise = await onPlan('ent-owner', 'enterprise');
    const otherEnterprise = await onPlan('ent-other', 'enterprise');
    const business = await onPlan('biz-owner', 'business');

    expect((await api<AccountManagerView>('/api/account-manager', { token: enterprise.token })).body).toEqual({ account_manager: null, included_in_plan: true });
    const path = `/api/admin/users/${enterprise.id}/account-manager`;
    expect((await as(path, { method: 'PUT', body: { name: 'Priya Natarajan', email: 'not-an-address' } })).status).toBe(400);
    expect((await as(path, { method: 'PUT', body: { name: 'Line\nbreak', email: 'priya@upwatch.example' } })).status).toBe(400);
    const named = await as(path, { method: 'PUT', body: { name: 'Priya Natarajan', email: 'Priya@Upwatch.example' } });
    expect(named.status).toBe(200);
    // The owner hears who it is, and a reply reaches the manager.
    const mail = await latestMailTo(enterprise.email);
    expect(mail.subject).toBe('Upwatch: Priya Natarajan is your account manager');
    expect((mail as typeof mail & { replyTo?: string[] }).replyTo).toEqual(['priya@upwatch.example']);

    const seen = (await api<AccountManagerView>('/api/account-manager', { token: enterprise.token })).body;
    expect(seen).toMatchObject({ included_in_plan: true, account_manager: { name: 'Priya Natarajan', email: 'priya@upwatch.example' } });

    // A viewer of the Enterprise workspace (on Free in their own) sees the manager there, and writes as priority from it.
    const viewer = await onPlan('ent-viewer', 'free');
    const invited = await api('/api/workspaces/current/invitations', { method: 'POST', token: enterprise.token, body: { email: viewer.email, role: 'viewer' } });
    expect(invited.status).toBe(201);
    const link = /\/invitations\/accept\?token=([A-Za-z0-9_%-]+)/.exec((await latestMailTo(viewer.email)).body.text ?? '')?.[1];
    expect((await api('/api/invitations/accept', { method: 'POST', token: viewer.token, body: { token: decodeURIComponent(link ?? '') } })).status).toBe(200);
    const inEnterprise = { token: viewer.token, headers: { 'x-workspace-id': enterprise.id } };
    expect((await api<AccountManagerView>('/api/account-manager', inEnterprise)).body.account_manager).toMatchObject({ name: 'Priya Natarajan' });
    expect((await api<AccountManagerView>('/api/account-manager', { token: viewer.token })).body).toEqual({ account_manager: null, included_in_plan: false });
    const fromEnterprise = await api('/api/support/messages', { method: 'POST', ...inEnterprise, body: form(uniqueEmail('viewer')) });
    expect(fromEnterprise.body).toMatchObject({ priority: true, reply_within_hours: 4 });
    const fromOwn = await api('/api/support/messages', { method: 'POST', token: viewer.token, body: form(uniqueEmail('viewer-own')) });
    expect(fromOwn.body).toMatchObject({ priority: false });
    // Another Enterprise workspace has its own (none); a workspace one is not a member of is refused.
    expect((await api<AccountManagerView>('/api/account-manager', { token: otherEnterprise.token })).body.account_manager).toBeNull();
    const foreign = await api('/api/account-manager', { token: otherEnterprise.token, headers: { 'x-workspace-id': enterprise.id } });
    expect(foreign.status).toBe(404);
    expect((await api<AccountManagerView>('/api/account-manager', { token: business.token })).body).toEqual({ account_manager: null, included_in_plan: false });

    // Business has no account manager: the server refuses, whatever the form.
    const refused = await as(`/api/admin/users/${business.id}/account-manager`, { method: 'PUT', body: { name: 'Sam', email: 'sam@upwatch.example' } });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'PLAN_HAS_NO_ACCOUNT_MANAGER', detail: 'Account managers come with the Enterprise plan; this workspace is on the Business plan.' });
    expect((await as('/api/admin/users/no-such-user/account-manager', { method: 'PUT', body: { name: 'Sam', email: 'sam@upwatch.example' } })).status).toBe(404);

    const detail = (await as<AdminUserDetail>(`/api/admin/users/${enterprise.id}`)).body;
    expect(detail).toMatchObject({ account_manager: { name: 'Priya Natarajan' }, account_manager_in_plan: true });
    expect(detail.audit_log.find((entry) => entry.action === 'workspace.account_manager')).toMatchObject({
      before: null,
      after: { name: 'Priya Natarajan', email: 'priya@upwatch.example' },
    });

    // A plan without one hides the manager from the customer; removing is audited too.
    expect((await as(`/api/admin/users/${enterprise.id}`, { method: 'PUT', body: { subscription_tier: 'business' } })).status).toBe(200);
    expect((await api<AccountManagerView>('/api/account-manager', { token: enterprise.token })).body).toEqual({ account_manager: null, included_in_plan: false });
    expect((await as(path, { method: 'DELETE' })).body).toEqual({ account_manager: null });
    expect((await as<AdminUserDetail>(`/api/admin/users/${enterprise.id}`)).body.account_manager).toBeNull();
  });
});
