import { AppError } from '../../../../shared/errors.js';
import { STATUS_PAGE_NOT_FOUND_TEXT } from '../../../../shared/status-pages/texts.js';
import { findStatusSlug, getStatusPage, type StoredStatusPage } from '../../../repositories/status-page-repository.js';

/**
 * The page a visitor's subscriber route names by its slug (docs/status-pages.md "Subscribers"):
 * the one lookup of every public subscriber route (subscribe, confirm, unsubscribe), so a gate on
 * who may use a page (a private page) is added here once. A slug no page holds is a 404.
 */
export const loadSubscribablePage = async (slug: string): Promise<StoredStatusPage> => {
  const target = await findStatusSlug(slug.toLowerCase());
  const page = target ? await getStatusPage(target.userId, target.pageId) : null;
  if (!page) throw new AppError('NOT_FOUND', STATUS_PAGE_NOT_FOUND_TEXT);
  return page;
};
