import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { AdminDashboard, AdminIncidentList, AdminMonitorList, AdminPayment, AdminPaymentList } from '../../shared/admin/schemas.js';
import { roundStartedAt } from '../../shared/checks/check-round.js';
import { as, createMonitor, signInAdmin, uploadCsv, userWithId } from './helpers/admin.js';
import { api, baseUrl, uniqueEmail } from './helpers/api.js';
import { checkerRegions, createMonitorWithoutFirstCheck, getMonitorItem, sendToResultsQueue, waitFor } from './helpers/pipeline.js';

/**
 * The operator lists other than users against the local cloud (docs/admin.md "Lists"): monitors
 * and incidents with their filters and pages, the dashboard's counts, contact messages, and the
 * payments of the local providers with the summary cards.
 */

beforeAll(signInAdmin);

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
    const round = async (down: false | 'http_5xx' | 'connection_timeout') => {
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
            errorCategory: down || null,
            statusCode: down === 'http_5xx' ? 503 : down ? null : 200,
            timings: { dns: null, connect: 1, tls: null, ttfb: 3, total: down ? 5000 : 4 },
            checkedAt: new Date().toISOString(),
            attempts: down ? 2 : 1,
            message: down === 'http_5xx' ? 'HTTP 503' : down ? 'connect ETIMEDOUT' : null,
          },
        })),
      });
      await waitFor(`round ${id} applied`, async () => (await getMonitorItem(user.id, monitor.id))?.last_round === id);
    };
    await round(false);
    await round('http_5xx');
    await round(false);
    // A timeout is a down incident caused by a timeout: operators see it as `timeout` (docs/product-rules.md "Operator lists").
    await round('connection_timeout');

    const mine = (list: AdminIncidentList) => list.incidents.filter((incident) => incident.monitor_id === monitor.id);
    const all = mine((await as<AdminIncidentList>('/api/admin/incidents?limit=100')).body);
    expect(all.map((incident) => [incident.alert_type, incident.status])).toContainEqual(['timeout', 'open']);
    expect(all.map((incident) => [incident.alert_type, incident.status])).toContainEqual(['down', 'resolved']);
    expect(all[0]).toMatchObject({ monitor_name: 'Flaky shop', monitor_url: 'https://flaky.example.com', user_id: user.id, user_email: user.email, user_tier: 'free' });

    const open = (await as<AdminIncidentList>('/api/admin/incidents?status=open&limit=100')).body;
    expect(open.incidents.every((incident) => incident.status === 'open')).toBe(true);
    expect(mine(open)).toEqual([expect.objectContaining({ alert_type: 'timeout', status: 'open', resolved_at: null, details: expect.objectContaining({ error_category: 'connection_timeout' }) })]);
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

  it('recounts the counters from the items each night: lost changes and an incident past its TTL set right', async () => {
    const { recountOperatorCounters } = await import('../../functions/services/admin/recount-counters.js');
    const counters = await import('../../functions/repositories/admin-counters-repository.js');
    const table = await import('../../functions/repositories/table-commands.js');
    await recountOperatorCounters(new Date());
    const exact = await counters.readStoredCounters();

    // Changes whose count was lost (a process that died between a write and its ADD).
    await counters.adjustCounters({ incidents_total: 3, incidents_open: 1, monitors_paused: -2, users_active: 1 });
    expect((await recountOperatorCounters(new Date())).corrections).toEqual({ incidents_total: -3, incidents_open: -1, monitors_paused: 2, users_active: -1 });
    expect(await counters.readStoredCounters()).toEqual(exact);

    // An ended incident (the test above made some) whose TTL has passed: DynamoDB deletes it in its own time;
    // the operator list no longer shows it, and the recount no longer counts it.
    const newestResolved = async () => (await as<AdminIncidentList>('/api/admin/incidents?status=resolved&limit=1')).body.incidents[0]!.id;
    const ended = await newestResolved();
    const { Items = [] } = await table.query({
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK = :id',
      ExpressionAttributeValues: { ':pk': 'INCIDENTS', ':id': ended },
    });
    await table.update({
      Key: { PK: Items[0]!.PK, SK: Items[0]!.SK },
      UpdateExpression: 'SET expires_at = :past',
      ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 60 },
    });
    expect(await newestResolved()).not.toBe(ended);
    expect((await recountOperatorCounters(new Date())).corrections).toEqual({ incidents_total: -1 });
    expect((await as<AdminIncidentList>('/api/admin/incidents?limit=1')).body.total).toBe(exact.incidents_total - 1);
  });

  it('repairs a workspace\'s monitor count that an upload which died left too high, never while an upload may still write', async () => {
    const { recountOperatorCounters } = await import('../../functions/services/admin/recount-counters.js');
    const table = await import('../../functions/repositories/table-commands.js');
    const { userKey } = await import('../../shared/table/keys.js');
    const user = await userWithId('places');
    await as(`/api/admin/users/${user.id}/upgrade`, { method: 'POST', body: { tier: 'pro' } });
    const made: string[] = [];
    for (const name of ['Places one', 'Places two']) {
      const created = await createMonitor(user.token, name);
      expect(created.status).toBe(201);
      made.push((created.body as { id: string }).id);
    }
    // An operator's hold disables one: it keeps its place (docs/admin.md "Monitor holds"), and the recount knows it.
    const hold = await as(`/api/admin/monitors/${made[0]}/hold`, { method: 'POST', body: { action: 'disable', reason: 'Hammering a site the owner does not run' } });
    expect(hold.status).toBe(200);
    const used = async () => (await api<{ usage: { monitors: number } }>('/api/subscription/limits', { token: user.token })).body.usage.monitors;
    const repairedHere = async () => (await recountOperatorCounters(new Date())).placesRepaired.filter((repair) => repair.workspaceId === user.id);
    // An upload reserved 3 places and its function died before writing a monitor.
    const reserve = (at: Date) =>
      table.update({
        Key: userKey(user.id),
        UpdateExpression: 'SET monitor_count = monitor_count + :three, places_reserved_at = :at',
        ExpressionAttributeValues: { ':three': 3, ':at': at.toISOString() },
      });

    await reserve(new Date());
    const fresh = await recountOperatorCounters(new Date());
    expect(fresh.placesRepaired.filter((repair) => repair.workspaceId === user.id)).toEqual([]);
    expect(fresh.placesLeft.filter((left) => left.workspaceId === user.id)).toEqual([{ workspaceId: user.id, reason: 'reserved' }]);
    expect(await used()).toBe(5);

    await reserve(new Date(Date.now() - 16 * 60_000));
    expect(await used()).toBe(8);
    expect(await repairedHere()).toEqual([{ workspaceId: user.id, from: 8, to: 2 }]);
    expect(await used()).toBe(2);
    expect(await repairedHere()).toEqual([]);
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

  it('shows the table size by kind from the daily census: the counters exact, the monitors\' items estimated from a sample', async () => {
    // A monitor with a first check, so the sampled partitions hold check results.
    const user = await userWithId('census');
    const monitor = (await createMonitor(user.token, 'Census')).body as { id: string };
    await waitFor('the first check', async () => (await getMonitorItem(user.id, monitor.id))?.last_checked, 30_000);
    // Three per-region answers kept apart from their round (keys.ts 9), so its partition holds check results.
    const table = await import('../../functions/repositories/table-commands.js');
    const { checkKey } = await import('../../shared/table/keys.js');
    for (const region of ['r1', 'r2', 'r3']) await table.put({ Item: { ...checkKey(monitor.id, '2026-11-28T00:00:00.000Z', region), entity: 'check' } });
    // The sample starts at a random point of the monitors' history: here at this monitor, so it is in it.
    const { decodeTime } = await import('ulid');
    const { monitorIdsFrom } = await import('../../functions/repositories/table-census-repository.js');
    const { takeTableCensus } = await import('../../functions/services/admin/table-census.js');
    const [oldest] = await monitorIdsFrom(null, 1);
    const now = Date.now();
    const from = decodeTime(oldest!);
    await takeTableCensus(new Date(now), () => (decodeTime(monitor.id) - from) / Math.max(1, now - from));

    const census = (await as<AdminDashboard>('/api/admin/dashboard')).body.table_census;
    if (!census) throw new Error('no table census on the dashboard');
    const dashboard = (await as<AdminDashboard>('/api/admin/dashboard')).body;
    const kinds = Object.fromEntries(census.kinds.map((kind) => [kind.kind, kind]));
    expect(kinds.monitors).toEqual({ kind: 'monitors', items: dashboard.total_monitors, estimated: false });
    expect(kinds.users).toEqual({ kind: 'users', items: dashboard.total_users, estimated: false });
    expect(kinds.check_results).toMatchObject({ estimated: true });
    expect(kinds.check_results!.items).toBeGreaterThan(0);
    expect(census.sampled_monitors).toBeGreaterThan(0);
    expect(census.sampled_monitors).toBeLessThanOrEqual(25);
    expect(census.table_items).toBeGreaterThan(0);
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
    // Refunds are a status of their own (docs/billing.md "Switching the way of paying"); an unknown word is refused.
    expect((await as('/api/admin/payments?status=refunded')).status).toBe(200);
    const unknown = await as<{ detail: string }>('/api/admin/payments?status=chargeback');
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain('status must be completed, pending, processing, failed, cancelled or refunded');
  });
});
