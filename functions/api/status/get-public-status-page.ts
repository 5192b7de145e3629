import { AppError } from '../../../shared/errors.js';
import { PUBLIC_STATUS_CACHE_CONTROL } from '../../../shared/status-pages/public-page-builder.js';
import { STATUS_PAGE_NOT_FOUND_TEXT } from '../../../shared/status-pages/texts.js';
import { publicApiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { loadPublicStatusPage } from '../../services/status-pages/load-public-page.js';

/** GET /api/public/status/{slug}: the page a visitor sees, cacheable for everyone (docs/status-pages.md "Caching"). */
export const handler = publicApiHandler(null, async ({ pathParameters }) => {
  const page = await loadPublicStatusPage(pathParameters.slug ?? '', new Date());
  if (!page) throw new AppError('NOT_FOUND', STATUS_PAGE_NOT_FOUND_TEXT);
  const answer = ok(page);
  return { ...answer, headers: { ...answer.headers, 'cache-control': PUBLIC_STATUS_CACHE_CONTROL } };
});
