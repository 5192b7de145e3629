import { createHash, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { PRIVATE_PAGE_TEXTS } from '../../shared/status-pages/private-access.js';
import type { StatusPageView } from '../../shared/status-pages/schemas.js';
import { statusPageAccessLinkKey } from '../../shared/table/keys.js';
import { as, createMonitor, signInAdmin, userWithId } from './helpers/admin.js';
import { api, baseUrl, mailsTo, latestMailTo, testClientIp } from './helpers/api.js';
import { getTableItem, patchTableItem } from './helpers/pipeline.js';

/**
 * Private status pages against the local cloud (docs/status-pages.md "Private pages"): the gate's
 * forms, the JSON's and feeds' 401, the password's cookie, a changed password signing visitors
 * out, the e-mail domain's magic link through the local SES, and the plan check.
 */
beforeAll(signInAdmin);

type ErrorBody = { detail: string; code: string; errors?: { field: string }[] };

const uniqueSlug = (label: string) => `${label}-${Math.random().toString(36).slice(2, 8)}`;

/** A browser's request: no redirects followed, the visitor's cookies sent. */
const visit = async (path: string, opts: { method?: string; form?: Record<string, string>; cookie?: string } = {}) => {
  const headers: Record<string, string> = { 'x-forwarded-for': testClientIp() };
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.form) headers['content-type'] = 'application/x-www-form-urlencoded';
  const response = await fetch(`${baseUrl()}${path}`, {
    method: opts.method ?? 'GET',
    headers,
    body: opts.form ? new URLSearchParams(opts.form).toString() : undefined,
    redirect: 'manual',
  });
  return { status: response.status, headers: response.headers, text: await response.text(), cookies: response.headers.getSetCookie() };
};

/** The `name=value` of a Set-Cookie header, as a browser sends it back. */
const cookiePair = (setCookie: string | undefined): string => String(setCookie).split(';')[0]!;

const businessOwnerWithPage = async (label: string, access: Record<string, unknown>) => {
  const owner = await userWithId(label);
  expect((await as(`/api/admin/users/${owner.id}/upgrade`, { method: 'POST', body: { tier: 'business' } })).status).toBe(200);
  const monitor = await createMonitor(owner.token, `Private ${label}`);
  const slug = uniqueSlug(label);
  const created = await api<StatusPageView & ErrorBody>('/api/status-pages', {
    method: 'POST',
    token: owner.token,
    body: { name: `Private ${label}`, slug, monitor_ids: [monitor.body.id], access },
  });
  expect(created.status).toBe(201);
  return { owner, slug, page: created.body };
};

describe('a page with a password', () => {
  it('shows the form, refuses the JSON and feeds, lets the right password in, and signs everyone out when it changes', async () => {
    const { owner, slug, page } = await businessOwnerWithPage('sp-pass', { visibility: 'password', password: 'open sesame' });
    expect(page.access).toEqual({ visibility: 'password', password_set: true, allowed_email_domains: [] });
    expect(JSON.stringify(page)).not.toContain('scrypt');

    const gate = await visit(`/status/${slug}`);
    expect(gate.status).toBe(200);
    expect(gate.headers.get('cache-control')).toBe('private, no-store');
    expect(gate.headers.get('x-robots-tag')).toBe('noindex');
    expect(gate.text).toContain(PRIVATE_PAGE_TEXTS.passwordPrompt);
    expect(gate.text).toContain(`action="/status/${slug}/access"`);
    expect(gate.text).not.toContain(page.name);

    const json = await api<ErrorBody>(`/api/public/status/${slug}`);
    expect(json.status).toBe(401);
    expect(json.body.detail).toBe('This status page is private');
    expect((await visit(`/status/${slug}/feed.atom`)).status).toBe(401);

    const wrong = await visit(`/status/${slug}/access`, { method: 'POST', form: { password: 'open sesame!' } });
    expect(wrong.status).toBe(401);
    expect(wrong.cookies).toEqual([]);
    expect(wrong.text).toContain(PRIVATE_PAGE_TEXTS.wrongPassword);

    const right = await visit(`/status/${slug}/access`, { method: 'POST', form: { password: 'open sesame' } });
    expect(right.status).toBe(303);
    expect(right.headers.get('location')).toBe(`/status/${slug}`);
    expect(right.cookies[0]).toMatch(new RegExp(`^upwatch_sp_${page.id}=[^;]+; Max-Age=2592000; Path=/; HttpOnly; SameSite=Lax$`));
    const cookie = cookiePair(right.cookies[0]);

    const inside = await visit(`/status/${slug}`, { cookie });
    expect(inside.status).toBe(200);
    expect(inside.headers.get('cache-control')).toBe('private, no-store');
    expect(inside.text).toContain(page.name);
    const insideJson = await fetch(`${baseUrl()}/api/public/status/${slug}`, { headers: { cookie } });
    expect(insideJson.status).toBe(200);
    expect(insideJson.headers.get('cache-control')).toBe('private, no-store');
    expect(((await insideJson.json()) as { name: string }).name).toBe(page.name);
    expect((await visit(`/status/${slug}/feed.json`, { cookie })).status).toBe(200);

    // A new password raises the access version: the old cookie no longer opens the page.
    const changed = await api<StatusPageView>(`/api/status-pages/${page.id}`, {
      method: 'PUT',
      token: owner.token,
      body: { access: { visibility: 'password', password: 'a new secret' } },
    });
    expect(changed.status).toBe(200);
    const signedOut = await visit(`/status/${slug}`, { cookie });
    expect(signedOut.text).toContain(PRIVATE_PAGE_TEXTS.passwordPrompt);
    expect((await api(`/api/public/status/${slug}`, { headers: { cookie } })).status).toBe(401);
  });

  it('needs a password to become a password page, and a domain to become an e-mail page', async () => {
    const { owner, page } = await businessOwnerWithPage('sp-rules', { visibility: 'public' });
    const noPassword = await api<ErrorBody>(`/api/status-pages/${page.id}`, { method: 'PUT', token: owner.token, body: { access: { visibility: 'password' } } });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.errors?.map((problem) => problem.field)).toEqual(['access.password']);
    const noDomain = await api<ErrorBody>(`/api/status-pages/${page.id}`, { method: 'PUT', token: owner.token, body: { access: { visibility: 'email_domain' } } });
    expect(noDomain.status).toBe(400);
    expect(noDomain.body.errors?.map((problem) => problem.field)).toEqual(['access.allowed_email_domains']);
  });
});

describe('a page for allowed e-mail domains', () => {
  it('mails a sign-in link to an allowed address only, answers both alike, and the link lets the visitor in', async () => {
    const domain = `acme-${randomUUID().slice(0, 6)}.example`;
    const { slug, page } = await businessOwnerWithPage('sp-mail', { visibility: 'email_domain', allowed_email_domains: [domain] });
    const gate = await visit(`/status/${slug}`);
    expect(gate.text).toContain(PRIVATE_PAGE_TEXTS.emailPrompt);

    const allowed = `ana-${randomUUID().slice(0, 6)}@${domain}`;
    const stranger = `eve-${randomUUID().slice(0, 6)}@elsewhere.example`;
    const asked = await visit(`/status/${slug}/access`, { method: 'POST', form: { email: allowed } });
    const refused = await visit(`/status/${slug}/access`, { method: 'POST', form: { email: stranger } });
    for (const answer of [asked, refused]) {
      expect(answer.status).toBe(200);
      expect(answer.text).toContain(PRIVATE_PAGE_TEXTS.linkSent);
      expect(answer.cookies).toEqual([]);
    }

    const mail = await latestMailTo(allowed);
    expect(mail.subject).toContain(page.name);
    const link = new RegExp(`/status/${slug}/access\\?token=([\\w%-]+)`).exec(mail.body.text ?? '');
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link![1]!);
    expect(await mailsTo(stranger)).toEqual([]);

    // Opened twice (a mail scanner first, then the person): both let in within the 15 minutes.
    for (let i = 0; i < 2; i++) {
      const opened = await visit(`/status/${slug}/access?token=${encodeURIComponent(token)}`);
      expect(opened.status).toBe(303);
      expect(opened.headers.get('location')).toBe(`/status/${slug}`);
      const inside = await visit(`/status/${slug}`, { cookie: cookiePair(opened.cookies[0]) });
      expect(inside.text).toContain(page.name);
    }

    const unknown = await visit(`/status/${slug}/access?token=not-a-token`);
    expect(unknown.status).toBe(400);
    expect(unknown.text).toContain(PRIVATE_PAGE_TEXTS.linkInvalid);
    expect(unknown.cookies).toEqual([]);

    const key = statusPageAccessLinkKey(createHash('sha256').update(token).digest('hex'));
    expect(await getTableItem(key)).toMatchObject({ page_id: page.id, version: 1 });
    await patchTableItem(key, { expires_at: Math.floor(Date.now() / 1000) - 1 });
    const expired = await visit(`/status/${slug}/access?token=${encodeURIComponent(token)}`);
    expect(expired.status).toBe(400);
    expect(expired.text).toContain(PRIVATE_PAGE_TEXTS.linkInvalid);
  });
});

describe('plans', () => {
  it('refuses a private page on Free with planRequired, 403', async () => {
    const owner = await userWithId('sp-free');
    const monitor = await createMonitor(owner.token, 'Free private');
    const refused = await api<ErrorBody>('/api/status-pages', {
      method: 'POST',
      token: owner.token,
      body: { name: 'Free private', slug: uniqueSlug('free'), monitor_ids: [monitor.body.id], access: { visibility: 'password', password: 'open sesame' } },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe(PRIVATE_PAGE_TEXTS.planRequired);
  });
});
