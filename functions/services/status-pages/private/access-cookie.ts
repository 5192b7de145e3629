import { createHmac, timingSafeEqual } from 'node:crypto';
import { PRIVATE_PAGE_LIMITS } from '../../../../shared/status-pages/private-access.js';

/**
 * The access cookie of a private status page (docs/status-pages.md "Private pages"):
 * `upwatch_sp_<page id>=<access version>.<expiry, epoch seconds>.<HMAC>`, the HMAC taken over the
 * page id, the version and the expiry. Nothing is stored per visitor: the page's access version is
 * raised when its password, domains or visibility change, and every cookie signed for an older
 * version stops opening it. Pure: the key is passed in.
 */

const DAY_SECONDS = 86_400;

/** The cookie's name for one page: each page lets a visitor in on its own. */
export const accessCookieName = (pageId: string): string => `upwatch_sp_${pageId}`;

const signature = (key: Buffer, pageId: string, version: number, expires: number): string =>
  createHmac('sha256', key).update(`${pageId}.${version}.${expires}`).digest('base64url');

/** The cookie's value, letting a visitor into version `version` of the page's access until `expiresAt`. */
export const signAccessCookie = (key: Buffer, grant: { pageId: string; version: number; expiresAt: Date }): string => {
  const expires = Math.floor(grant.expiresAt.getTime() / 1000);
  return `${grant.version}.${expires}.${signature(key, grant.pageId, grant.version, expires)}`;
};

/** Whether `value` lets a visitor into the page at `now`: signed with `key` for this page and its current version, not expired. */
export const accessCookieOpens = (key: Buffer, value: string, page: { pageId: string; version: number }, now: Date): boolean => {
  const [versionText, expiresText, given, ...rest] = value.split('.');
  if (rest.length || !versionText || !expiresText || !given) return false;
  const version = Number(versionText);
  const expires = Number(expiresText);
  if (!Number.isSafeInteger(version) || !Number.isSafeInteger(expires)) return false;
  if (version !== page.version || expires * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(signature(key, page.pageId, version, expires));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
};

/** One cookie's value from a request's Cookie header(s), or null. */
export const cookieValue = (cookieHeader: string | undefined, name: string): string | null => {
  for (const part of (cookieHeader ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return null;
};

/**
 * The Set-Cookie value that lets a visitor in for `PRIVATE_PAGE_LIMITS.accessDays`: HttpOnly, Lax
 * (it must come along when a visitor follows a link to the page), for the whole site, and Secure
 * unless the site itself is plain http (a local cloud on localhost).
 */
export const accessCookieHeader = (pageId: string, value: string, options: { secure: boolean }): string =>
  [
    `${accessCookieName(pageId)}=${value}`,
    `Max-Age=${PRIVATE_PAGE_LIMITS.accessDays * DAY_SECONDS}`,
    'Path=/',
    'HttpOnly',
    ...(options.secure ? ['Secure'] : []),
    'SameSite=Lax',
  ].join('; ');

/** How long a new cookie lets a visitor in. */
export const accessExpiry = (now: Date): Date => new Date(now.getTime() + PRIVATE_PAGE_LIMITS.accessDays * DAY_SECONDS * 1000);
