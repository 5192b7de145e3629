import { AppError } from '../../../../shared/errors.js';
import { PRIVATE_PAGE_TEXTS } from '../../../../shared/status-pages/private-access.js';
import { STATUS_PAGE_NOT_FOUND_TEXT } from '../../../../shared/status-pages/texts.js';
import { findStatusSlug, getStatusPage, type StoredStatusPage } from '../../../repositories/status-page-repository.js';
import { visitorMayView } from '../private/visitor-may-view.js';

/**
 * The page a subscriber link names by its slug (confirm, unsubscribe): the token in the link is
 * what lets its holder in, so these need no other access to the page (a private page's visitor
 * cookie, docs/status-pages.md "Private pages"); a slug no page holds is a 404.
 */
export const loadPageOfLink = async (slug: string): Promise<StoredStatusPage> => {
  const target = await findStatusSlug(slug.toLowerCase());
  const page = target ? await getStatusPage(target.userId, target.pageId) : null;
  if (!page) throw new AppError('NOT_FOUND', STATUS_PAGE_NOT_FOUND_TEXT);
  return page;
};

/**
 * The page a visitor subscribes to (docs/status-pages.md "Subscribers"): the one lookup of both
 * subscribe routes, with the gate of a private page (docs/status-pages.md "Private pages"): a
 * visitor it has not let in is a 401 "This status page is private". A slug no page holds is a 404.
 */
export const loadSubscribablePage = async (slug: string, visitor: { cookieHeader: string | undefined; now: Date }): Promise<StoredStatusPage> => {
  const page = await loadPageOfLink(slug);
  if (!(await visitorMayView(page, visitor.cookieHeader, visitor.now))) throw new AppError('UNAUTHORIZED', PRIVATE_PAGE_TEXTS.heading);
  return page;
};
