import { beforeAll, describe, expect, it } from 'vitest';
import { isAppError } from '../../../../shared/errors.js';
import { PRIVATE_PAGE_TEXTS } from '../../../../shared/status-pages/private-access.js';
import { TIERS } from '../../../../shared/tiers.js';
import { PUBLIC_ACCESS, type StoredPageAccess } from '../../../../functions/repositories/status-page-repository.js';
import {
  accessCookieHeader,
  accessCookieName,
  accessCookieOpens,
  accessExpiry,
  cookieValue,
  signAccessCookie,
} from '../../../../functions/services/status-pages/private/access-cookie.js';
import { nextPageAccess, pageAccessView } from '../../../../functions/services/status-pages/private/page-access-settings.js';
import { hashPagePassword, pagePasswordMatches } from '../../../../functions/services/status-pages/private/page-password.js';
import { visitorMayView } from '../../../../functions/services/status-pages/private/visitor-may-view.js';
import { signingKey } from '../../../../functions/secrets/signing-key.js';

const KEY = Buffer.alloc(32, 7);
const OTHER_KEY = Buffer.alloc(32, 8);
const NOW = new Date('2026-11-27T12:00:00Z');
const LATER = (days: number) => new Date(NOW.getTime() + days * 86_400_000);

const failure = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    if (isAppError(error)) return { status: error.status, detail: error.detail, fields: error.fieldProblems?.map((problem) => problem.field) };
    throw error;
  }
  throw new Error('expected a refusal');
};

describe('the access cookie', () => {
  const grant = { pageId: 'P1', version: 3, expiresAt: accessExpiry(NOW) };
  const value = signAccessCookie(KEY, grant);

  it('opens the page it was signed for, at its version, until it expires (30 days)', () => {
    expect(accessCookieOpens(KEY, value, { pageId: 'P1', version: 3 }, NOW)).toBe(true);
    expect(accessCookieOpens(KEY, value, { pageId: 'P1', version: 3 }, LATER(29.9))).toBe(true);
    expect(accessCookieOpens(KEY, value, { pageId: 'P1', version: 3 }, LATER(30))).toBe(false);
  });

  it('opens no other page, no other version (the password or domains changed), under no other key', () => {
    expect(accessCookieOpens(KEY, value, { pageId: 'P2', version: 3 }, NOW)).toBe(false);
    expect(accessCookieOpens(KEY, value, { pageId: 'P1', version: 4 }, NOW)).toBe(false);
    expect(accessCookieOpens(OTHER_KEY, value, { pageId: 'P1', version: 3 }, NOW)).toBe(false);
  });

  it('refuses a value whose version or expiry was edited, or that is not a cookie of ours', () => {
    const [, expires, signature] = value.split('.');
    expect(accessCookieOpens(KEY, `4.${expires}.${signature}`, { pageId: 'P1', version: 4 }, NOW)).toBe(false);
    expect(accessCookieOpens(KEY, `3.${Number(expires) + 86_400}.${signature}`, { pageId: 'P1', version: 3 }, NOW)).toBe(false);
    for (const junk of ['', 'x', '3..', `${value}.x`, '3.abc.def']) expect(accessCookieOpens(KEY, junk, { pageId: 'P1', version: 3 }, NOW)).toBe(false);
  });

  it('is set HttpOnly, Lax, for the whole site, for 30 days, and Secure unless the site is plain http', () => {
    const header = accessCookieHeader('P1', value, { secure: true });
    expect(header).toBe(`upwatch_sp_P1=${value}; Max-Age=2592000; Path=/; HttpOnly; Secure; SameSite=Lax`);
    expect(accessCookieHeader('P1', value, { secure: false })).not.toContain('Secure');
  });

  it('is read by its exact name from a Cookie header', () => {
    expect(cookieValue(`a=1; ${accessCookieName('P1')}=abc.def; upwatch_sp_P10=zzz`, 'upwatch_sp_P1')).toBe('abc.def');
    expect(cookieValue('upwatch_sp_P10=zzz', 'upwatch_sp_P1')).toBeNull();
    expect(cookieValue(undefined, 'upwatch_sp_P1')).toBeNull();
  });
});

describe('visitorMayView, the one gate', () => {
  beforeAll(() => {
    process.env.LOCAL_SECRETS_KEY ??= 'unit-test-signing-secret';
  });
  const privatePage = { id: 'P1', access: { ...PUBLIC_ACCESS, visibility: 'password' as const, passwordHash: 'h', version: 2 } };

  it('lets anyone view a public page', async () => {
    expect(await visitorMayView({ id: 'P1', access: PUBLIC_ACCESS }, undefined, NOW)).toBe(true);
  });

  it('lets a private page be viewed only with its own valid cookie', async () => {
    const key = await signingKey('status-page-access');
    const good = signAccessCookie(key, { pageId: 'P1', version: 2, expiresAt: accessExpiry(NOW) });
    const stale = signAccessCookie(key, { pageId: 'P1', version: 1, expiresAt: accessExpiry(NOW) });
    expect(await visitorMayView(privatePage, undefined, NOW)).toBe(false);
    expect(await visitorMayView(privatePage, `other=1; upwatch_sp_P1=${good}`, NOW)).toBe(true);
    expect(await visitorMayView(privatePage, `upwatch_sp_P1=${good}`, LATER(31))).toBe(false);
    expect(await visitorMayView(privatePage, `upwatch_sp_P1=${stale}`, NOW)).toBe(false);
    expect(await visitorMayView({ ...privatePage, id: 'P2' }, `upwatch_sp_P1=${good}`, NOW)).toBe(false);
  });
});

describe('the page password', () => {
  it('is kept as a salted scrypt hash that only the same password matches', async () => {
    const stored = await hashPagePassword('correct horse');
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(stored).not.toContain('correct horse');
    expect(await hashPagePassword('correct horse')).not.toBe(stored);
    expect(await pagePasswordMatches('correct horse', stored)).toBe(true);
    expect(await pagePasswordMatches('correct horsE', stored)).toBe(false);
    expect(await pagePasswordMatches('correct horse', 'not-a-hash')).toBe(false);
  });
});

describe('the access settings an edit keeps', () => {
  const business = TIERS.business;
  const withPassword = async (): Promise<StoredPageAccess> => nextPageAccess(PUBLIC_ACCESS, { visibility: 'password', password: 'open sesame' }, business);

  it('refuses a private page on Free and Pro with planRequired (403), and lets them stay public', async () => {
    for (const tier of [TIERS.free, TIERS.pro]) {
      expect(await failure(nextPageAccess(PUBLIC_ACCESS, { visibility: 'password', password: 'open sesame' }, tier))).toMatchObject({
        status: 403,
        detail: PRIVATE_PAGE_TEXTS.planRequired,
      });
      expect(await failure(nextPageAccess(PUBLIC_ACCESS, { visibility: 'email_domain', allowed_email_domains: ['acme.com'] }, tier))).toMatchObject({ status: 403 });
      expect(await nextPageAccess(PUBLIC_ACCESS, { visibility: 'public' }, tier)).toEqual(PUBLIC_ACCESS);
    }
  });

  it('keeps a page private after a downgrade when the edit does not touch access', async () => {
    const access = await withPassword();
    expect(await nextPageAccess(access, undefined, TIERS.free)).toBe(access);
  });

  it('needs a password to switch to password, unless one is set; a domain for email_domain', async () => {
    expect(await failure(nextPageAccess(PUBLIC_ACCESS, { visibility: 'password' }, business))).toMatchObject({ status: 400, fields: ['access.password'] });
    expect(await failure(nextPageAccess(PUBLIC_ACCESS, { visibility: 'email_domain' }, business))).toMatchObject({
      status: 400,
      fields: ['access.allowed_email_domains'],
    });
    const access = await withPassword();
    const publicAgain = await nextPageAccess(access, { visibility: 'public' }, business);
    expect((await nextPageAccess(publicAgain, { visibility: 'password' }, business)).passwordHash).toBe(access.passwordHash);
  });

  it('raises the version when the visibility, the password or the domains change, and only then', async () => {
    const access = await withPassword();
    expect(access.version).toBe(1);
    expect((await nextPageAccess(access, { visibility: 'password' }, business)).version).toBe(1);
    expect((await nextPageAccess(access, { visibility: 'password', password: 'another one' }, business)).version).toBe(2);
    const domains = await nextPageAccess(access, { visibility: 'email_domain', allowed_email_domains: ['acme.com'] }, business);
    expect(domains.version).toBe(2);
    expect((await nextPageAccess(domains, { visibility: 'email_domain', allowed_email_domains: ['acme.com'] }, business)).version).toBe(2);
    expect((await nextPageAccess(domains, { visibility: 'email_domain', allowed_email_domains: ['acme.com', 'acme.org'] }, business)).version).toBe(3);
  });

  it('shows the owner whether a password is set, never the hash', async () => {
    const view = pageAccessView(await withPassword());
    expect(view).toEqual({ visibility: 'password', password_set: true, allowed_email_domains: [] });
  });
});
