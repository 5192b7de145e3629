import type { PublicStatusPage } from '../../../../shared/status-pages/public-page.js';
import { PUBLIC_STATUS_CACHE_CONTROL } from '../../../../shared/status-pages/public-page-builder.js';
import type { StoredStatusPage } from '../../../repositories/status-page-repository.js';
import { findPublicStatusPage, publicStatusPageOf } from '../load-public-page.js';
import { visitorMayView } from './visitor-may-view.js';

/**
 * What a private page's answers say to every cache (docs/status-pages.md "Private pages"): kept by
 * no one, not even the visitor's browser, so a signed-out or changed page is never shown from a copy.
 */
export const PRIVATE_STATUS_CACHE_CONTROL = 'private, no-store';

/** The Cache-Control of a visible page's answers: shared caches may keep a public page only. */
export const statusCacheControl = (page: Pick<StoredStatusPage, 'access'>): string =>
  page.access.visibility === 'public' ? PUBLIC_STATUS_CACHE_CONTROL : PRIVATE_STATUS_CACHE_CONTROL;

/** A page as a visitor may have it: none at that address, private to them, or shown. */
export type StatusPageForVisitor =
  | { kind: 'missing' }
  | { kind: 'private'; stored: StoredStatusPage }
  | { kind: 'visible'; stored: StoredStatusPage; page: PublicStatusPage; cacheControl: string };

/**
 * The page at `slug` for the visitor whose Cookie header is `cookieHeader` (docs/status-pages.md
 * "Private pages"): the page and its public data when they may view it, else only the stored page
 * (for the gate's form); nothing of a private page is read further without access.
 */
export const viewStatusPage = async (slug: string, cookieHeader: string | undefined, now: Date): Promise<StatusPageForVisitor> => {
  const stored = await findPublicStatusPage(slug);
  if (!stored) return { kind: 'missing' };
  if (!(await visitorMayView(stored, cookieHeader, now))) return { kind: 'private', stored };
  return { kind: 'visible', stored, page: await publicStatusPageOf(stored, now), cacheControl: statusCacheControl(stored) };
};
