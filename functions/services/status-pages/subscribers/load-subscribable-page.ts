import { AppError } from '../../../../shared/errors.js';
import { STATUS_PAGE_NOT_FOUND_TEXT } from '../../../../shared/status-pages/texts.js';
import { findStatusSlug, getStatusPage, type StoredStatusPage } from '../../../repositories/status-page-repository.js';

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
 * subscribe routes, so a gate on who may see the page (a private page) is added here once. A slug
 * no page holds is a 404.
 */
export const loadSubscribablePage = (slug: string): Promise<StoredStatusPage> => loadPageOfLink(slug);
