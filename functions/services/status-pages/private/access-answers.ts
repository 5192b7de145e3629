import { config } from '../../../config.js';
import type { StoredStatusPage } from '../../../repositories/status-page-repository.js';
import { signingKey } from '../../../secrets/signing-key.js';
import { renderPrivateGate, type GateNotice } from '../html/render-private-gate.js';
import { renderStatusPageNotFound, type RenderedDocument } from '../html/render-status-page.js';
import { accessCookieHeader, accessExpiry, signAccessCookie } from './access-cookie.js';

/**
 * What the sign-in routes of a private page answer (docs/status-pages.md "Private pages"): let the
 * visitor in (a 303 to the page, with a new access cookie when one was earned), show the gate again
 * with a notice, or the not-found page.
 */
export type AccessAnswer =
  | { kind: 'let_in'; location: string; cookie: string | null }
  | { kind: 'gate'; statusCode: number; document: RenderedDocument }
  | { kind: 'missing'; document: RenderedDocument };

/** The page's address, where a visitor let in is sent. */
const pagePath = (slug: string): string => `/status/${slug}`;

/** In, with a cookie for the page's current access version. */
export const letInWithCookie = async (page: StoredStatusPage, now: Date): Promise<AccessAnswer> => {
  const value = signAccessCookie(await signingKey('status-page-access'), { pageId: page.id, version: page.access.version, expiresAt: accessExpiry(now) });
  const secure = config().appUrl.startsWith('https:');
  return { kind: 'let_in', location: pagePath(page.slug), cookie: accessCookieHeader(page.id, value, { secure }) };
};

/** In without a cookie: the page is public (again), nothing to sign. */
export const letInPublic = (page: StoredStatusPage): AccessAnswer => ({ kind: 'let_in', location: pagePath(page.slug), cookie: null });

/** The gate of `page` with `notice`. */
export const gateAnswer = (page: StoredStatusPage, notice: GateNotice, statusCode: number): AccessAnswer => ({
  kind: 'gate',
  statusCode,
  document: renderPrivateGate(
    { slug: page.slug, form: page.access.visibility === 'password' ? 'password' : 'email_domain', notice },
    { siteOrigin: config().appUrl },
  ),
});

/** No page at that address. */
export const missingAnswer = (): AccessAnswer => ({ kind: 'missing', document: renderStatusPageNotFound({ siteOrigin: config().appUrl }) });
