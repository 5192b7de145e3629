import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import type { Packages } from '../../shared/account/subscription.js';
import { CONTACT_RATE_LIMIT } from '../../shared/contact/schemas.js';
import { BULK_UPLOAD, type MonitorTemplate } from '../../shared/monitors/bulk-upload.js';
import { TIER_IDS, TIERS } from '../../shared/tiers.js';
import { api, uniqueEmail } from './helpers/api.js';

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
    expect(response.body).toEqual({ success: true, message: "Message sent! We'll get back to you within 24 hours." });

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
