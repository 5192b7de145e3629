import type { StoredStatusPage } from '../../../repositories/status-page-repository.js';
import { signingKey } from '../../../secrets/signing-key.js';
import { accessCookieName, accessCookieOpens, cookieValue } from './access-cookie.js';

/**
 * Whether a visitor may view `page` (docs/status-pages.md "Private pages"): anyone for a public
 * page; for a private one, only with an access cookie signed for this page and its current access
 * version, not expired at `now`. Every gate calls this one function: the HTML page, its JSON, its
 * feeds and subscribing. `cookieHeader` is the request's Cookie header (`requestCookieHeader`).
 */
export const visitorMayView = async (
  page: Pick<StoredStatusPage, 'id' | 'access'>,
  cookieHeader: string | undefined,
  now: Date,
): Promise<boolean> => {
  if (page.access.visibility === 'public') return true;
  const value = cookieValue(cookieHeader, accessCookieName(page.id));
  if (value === null) return false;
  return accessCookieOpens(await signingKey('status-page-access'), value, { pageId: page.id, version: page.access.version }, now);
};
