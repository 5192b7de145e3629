import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import type { Packages } from '../../shared/account/subscription.js';
import { CONTACT_RATE_LIMIT } from '../../shared/contact/schemas.js';
import { BULK_UPLOAD, type MonitorTemplate } from '../../shared/monitors/bulk-upload.js';
import { TIER_IDS, TIERS } from '../../shared/tiers.js';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import createClient, { type Middleware } from 'openapi-fetch';
import openapiTS, { astToString } from 'openapi-typescript';
import { BAD_CURSOR_DETAIL } from '../../functions/services/v1/cursor-page.js';
import { as, signInAdmin, userWithId } from './helpers/admin.js';
import { api, baseUrl, testClientIp, uniqueEmail } from './helpers/api.js';
import { responseChecker, type CheckedAnswer } from './helpers/openapi-responses.js';

interface StoredEmail {
  destination: { to: string[] };
  replyTo: string[];
  subject: string;
  body: { text?: string; html?: string };
}

/** The first mail in the local SES store that `matches`, waiting briefly for it to arrive. */
const mailWhere = async (matches: (mail: StoredEmail) => boolean): Promise<StoredEmail> => {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const store = (await (await fetch(inject('sesStoreUrl'))).json()) as { emails: StoredEmail[] };
    const found = store.emails.find(matches);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('no matching e-mail arrived at the local SES');
};

const awayFromWindowEdge = async (windowSeconds: number): Promise<void> => {
  const windowMs = windowSeconds * 1000;
  const left = windowMs - (Date.now() % windowMs);
  if (left < 15_000) await new Promise((resolve) => setTimeout(resolve, left + 500));
};

const contact = (fields: Record<string, unknown> = {}) => ({
  name: 'Ada Lovelace',
  email: uniqueEmail('contact'),
  subject: 'support',
  message: `My monitor shows offline (${randomUUID()}).`,
  ...fields,
});

describe('monitor template', () => {
  it('getMonitorTemplate answers the CSV template and its rules without a token', async () => {
    const response = await api<MonitorTemplate>('/api/monitor-template');
    expect(response.status).toBe(200);
    const { content, filename, instructions } = response.body;
    expect(filename).toBe('upwatch-monitors-template.csv');
    expect(content.split('\n')[0]).toBe(BULK_UPLOAD.columns.join(','));
    expect(content.trimEnd().split('\n')).toHaveLength(4);
    expect(Object.keys(instructions)).toEqual(
      expect.arrayContaining(['format', 'url', 'check_interval', 'plan_intervals', 'timeout', 'plan_limits', 'file']),
    );
    expect(instructions.file).toContain('.csv');
  });
});

describe('packages', () => {
  it('listPackages answers every tier keyed by id with prices and features, without a token', async () => {
    const response = await api<Packages>('/api/subscription/packages');
    expect(response.status).toBe(200);
    expect(Object.keys(response.body)).toEqual([...TIER_IDS]);
    for (const id of TIER_IDS) {
      expect(response.body[id]).toEqual({
        name: TIERS[id].name,
        price_usd: TIERS[id].priceUsd,
        price_inr: TIERS[id].priceInr,
        features: [...TIERS[id].features],
        monitor_limit: TIERS[id].monitorCap,
      });
    }
    expect(response.body.pro.price_usd).toBe(19);
  });
});

describe('contact form', () => {
  it('submitContact stores the message and mails it to support, replies going to the sender', async () => {
    const body = contact({ subject: 'billing', email: uniqueEmail('Payer').toUpperCase() });
    const response = await api('/api/contact', { method: 'POST', body });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ success: true, message: "Message sent! We'll get back to you within 24 hours.", priority: false, reply_within_hours: 24 });

    const sender = String(body.email).toLowerCase();
    const mail = await mailWhere((candidate) => candidate.replyTo?.includes(sender));
    expect(mail.destination.to).toEqual([inject('cloudEnv').SUPPORT_EMAIL]);
    expect(mail.destination.to).not.toContain(inject('cloudEnv').MAIL_FROM);
    expect(mail.subject).toBe('[Contact: Billing] Message from Ada Lovelace');
    expect(mail.body.text).toContain(String(body.message));
    expect(mail.body.text).toContain(`From: Ada Lovelace <${sender}>`);
  });

  it.each([
    ['no body at all', undefined, 'Name is required'],
    ['a missing name', contact({ name: undefined }), 'Name is required'],
    ['a missing email', contact({ email: undefined }), 'Email is required'],
    ['a missing subject', contact({ subject: undefined }), 'Subject must be one of'],
    ['a missing message', contact({ message: undefined }), 'Message is required'],
    ['an address that is not one', contact({ email: 'ada-at-example' }), 'Please enter a valid email address'],
    ['a subject outside the six', contact({ subject: 'jobs' }), 'Subject must be one of: sales, support, billing, partnership, feedback, other'],
    ['a number for the name', contact({ name: 7 }), 'Name is required'],
    ['an overlong name', contact({ name: 'a'.repeat(101) }), 'Name is too long'],
    ['an overlong message', contact({ message: 'a'.repeat(5001) }), 'Message is too long'],
    ['a JSON array', [contact()], 'must be a JSON object'],
  ])('submitContact answers 400 for %s', async (_case, body, detail) => {
    const response = await api('/api/contact', { method: 'POST', body });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED', detail: expect.stringContaining(detail) });
    expect(response.body).not.toHaveProperty('stack');
  });

  it('submitContact answers 415 for a body that is not JSON', async () => {
    const response = await api('/api/contact', { method: 'POST', rawBody: 'name=Ada', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(response.status).toBe(415);
    expect(response.body.detail).toContain('JSON');
  });

  it('submitContact answers 429 past the per-address limit, whatever the case of the address', async () => {
    const { limit, windowSeconds } = CONTACT_RATE_LIMIT;
    await awayFromWindowEdge(windowSeconds);
    const email = uniqueEmail('chatty');
    for (let i = 0; i < limit; i++) {
      const address = i % 2 ? email.toUpperCase() : email;
      expect((await api('/api/contact', { method: 'POST', body: contact({ email: address }) })).status).toBe(201);
    }
    const over = await api('/api/contact', { method: 'POST', body: contact({ email }) });
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ code: 'RATE_LIMITED' });
    expect(over.body.detail).toMatch(/^Too many messages from this email address: at most 3 per hour\. Please try again in \d+ minutes?\.$/);

    expect((await api('/api/contact', { method: 'POST', body: contact() })).status).toBe(201);
  });
});

describe('the public API (/api/v1)', () => {
  it('answers a call without a key as a problem document', async () => {
    const response = await api<Record<string, unknown>>('/api/v1/monitors');
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect(response.body).toMatchObject({ type: 'about:blank', title: 'Unauthorized', status: 401, code: 'API_KEY_NOT_VALID' });
  });

  it('serves its OpenAPI 3.1 document publicly, cacheable', async () => {
    const response = await api<{ openapi: string; paths: Record<string, unknown> }>('/api/v1/openapi.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    expect(response.body.openapi).toBe('3.1.0');
    expect(Object.keys(response.body.paths)).toContain('/api/v1/monitors/{id}/pause');
  });

  it('a client generated from the served document creates, lists, pauses and deletes monitors, every answer as documented', async () => {
    const document = (await api<Parameters<typeof responseChecker>[0] & Parameters<typeof openapiTS>[0]>('/api/v1/openapi.json')).body;
    // A standard generator's types: openapi-typescript writes the client's .d.ts from the served document.
    const declarations = astToString(await openapiTS(document as Parameters<typeof openapiTS>[0]));
    writeFileSync(join(mkdtempSync(join(tmpdir(), 'upwatch-v1-')), 'upwatch-api.d.ts'), declarations);
    for (const operation of ['v1CreateMonitor', 'v1ListMonitors', 'v1PauseMonitor', 'v1DeleteMonitor']) expect(declarations).toContain(`${operation}: {`);

    // API keys need the Business plan: an operator upgrades the account, whose admin then makes a write key.
    await signInAdmin();
    const { token: session, id } = await userWithId('v1-client');
    expect((await as(`/api/admin/users/${id}/upgrade`, { method: 'POST', body: { tier: 'business' } })).status).toBe(200);
    const made = await api<{ key: string }>('/api/api-keys', { method: 'POST', token: session, body: { name: 'v1 client test', scope: 'write' } });
    expect(made.status).toBe(201);
    const token = made.body.key;
    expect(token).toMatch(/^uw_/);
    const checked: CheckedAnswer[] = [];
    const checkAnswer = responseChecker(document);
    // The checker itself refuses an answer unlike the document's.
    expect(() => checkAnswer({ method: 'GET', path: '/api/v1/monitors', status: 200, contentType: 'application/json', body: { data: 'none' } })).toThrow(/does not match/);
    // Every answer the client receives is checked against the document it was generated from.
    const recorder: Middleware = {
      async onResponse({ request, response, schemaPath }) {
        const text = await response.clone().text();
        const answer = { method: request.method, path: schemaPath, status: response.status, contentType: response.headers.get('content-type'), body: text ? (JSON.parse(text) as unknown) : null };
        checkAnswer(answer);
        checked.push(answer);
      },
    };
    const client = createClient({ baseUrl: baseUrl(), headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': testClientIp() } });
    client.use(recorder);

    const monitorIds: string[] = [];
    for (const name of ['Shop', 'Blog', 'Docs']) {
      const { data, error, response } = await client.POST('/api/v1/monitors' as never, { body: { name, url: `https://${name.toLowerCase()}.example` } } as never);
      expect(response.status, JSON.stringify(error)).toBe(201);
      monitorIds.push((data as unknown as { id: string }).id);
    }

    const first = await client.GET('/api/v1/monitors' as never, { params: { query: { limit: 2 } } } as never);
    const firstPage = first.data as unknown as { data: { id: string }[]; next_cursor: string | null };
    expect(firstPage.data.map((monitor) => monitor.id)).toEqual([monitorIds[2], monitorIds[1]]);
    const second = await client.GET('/api/v1/monitors' as never, { params: { query: { limit: 2, cursor: firstPage.next_cursor } } } as never);
    // A new monitor's first check starts at once, so its state may already have left 'pending'.
    expect(second.data).toEqual({ data: [expect.objectContaining({ id: monitorIds[0], name: 'Shop', status: 'active' })], next_cursor: null });

    const paused = await client.POST('/api/v1/monitors/{id}/pause' as never, { params: { path: { id: monitorIds[0] } } } as never);
    expect(paused.data).toMatchObject({ id: monitorIds[0], status: 'paused' });
    const fetched = await client.GET('/api/v1/monitors/{id}' as never, { params: { path: { id: monitorIds[0] } } } as never);
    expect(fetched.data).toMatchObject({ status: 'paused' });

    const deleted = await client.DELETE('/api/v1/monitors/{id}' as never, { params: { path: { id: monitorIds[0] } } } as never);
    expect(deleted.response.status).toBe(204);
    const gone = await client.GET('/api/v1/monitors/{id}' as never, { params: { path: { id: monitorIds[0] } } } as never);
    expect(gone.response.status).toBe(404);
    expect(gone.error).toMatchObject({ status: 404, code: 'NOT_FOUND', detail: 'Monitor not found' });

    const badCursor = await client.GET('/api/v1/monitors' as never, { params: { query: { cursor: 'nonsense' } } } as never);
    expect(badCursor.response.status).toBe(400);
    expect(badCursor.error).toMatchObject({ code: 'VALIDATION_FAILED', detail: BAD_CURSOR_DETAIL, errors: [{ field: 'cursor' }] });

    const badBody = await client.POST('/api/v1/monitors' as never, { body: { url: 'https://x.example' } } as never);
    expect(badBody.response.status).toBe(400);
    expect(badBody.response.headers.get('content-type')).toContain('application/problem+json');

    const channels = await client.GET('/api/v1/channels' as never);
    expect(channels.data).toEqual({ data: [] });
    const noChannel = await client.GET('/api/v1/channels/{id}' as never, { params: { path: { id: monitorIds[1] } } } as never);
    expect(noChannel.error).toMatchObject({ status: 404, detail: 'Channel not found' });

    const window = await client.POST('/api/v1/maintenance-windows' as never, {
      body: { title: 'Database upgrade', timezone: 'Europe/Berlin', starts_at: '2030-12-06T02:00', ends_at: '2030-12-06T03:00', rrule: null, monitor_ids: [monitorIds[1]], mode: 'mute_alerts' },
    } as never);
    const windowId = (window.data as unknown as { id: string }).id;
    expect(window.data).toMatchObject({ title: 'Database upgrade', monitor_ids: [monitorIds[1]], next_occurrences: [{ starts_at: '2030-12-06T01:00:00.000Z' }] });
    expect((await client.GET('/api/v1/maintenance-windows' as never)).data).toEqual({ data: [window.data] });
    expect((await client.DELETE('/api/v1/maintenance-windows/{id}' as never, { params: { path: { id: windowId } } } as never)).response.status).toBe(204);

    expect((await client.GET('/api/v1/status-pages' as never)).data).toEqual({ data: [] });

    expect(checked.map((answer) => answer.status)).toEqual([201, 201, 201, 200, 200, 200, 200, 204, 404, 400, 400, 200, 404, 201, 200, 204, 200]);
  });
});
