import { AppError } from '../../../shared/errors.js';
import { PRIVATE_PAGE_TEXTS } from '../../../shared/status-pages/private-access.js';
import { STATUS_PAGE_NOT_FOUND_TEXT } from '../../../shared/status-pages/texts.js';
import { publicApiHandler } from '../../http/api-handler.js';
import { requestCookieHeader } from '../../http/request-cookies.js';
import { ok } from '../../http/responses.js';
import { viewStatusPage } from '../../services/status-pages/private/view-status-page.js';

/**
 * GET /api/public/status/{slug}: the page a visitor sees, cacheable for everyone when it is public
 * (docs/status-pages.md "Caching"); a private page is a 401 without access (docs/status-pages.md "Private pages").
 */
export const handler = publicApiHandler(null, async ({ pathParameters, event }) => {
  const view = await viewStatusPage(pathParameters.slug ?? '', requestCookieHeader(event), new Date());
  if (view.kind === 'missing') throw new AppError('NOT_FOUND', STATUS_PAGE_NOT_FOUND_TEXT);
  if (view.kind === 'private') throw new AppError('UNAUTHORIZED', PRIVATE_PAGE_TEXTS.heading);
  const answer = ok(view.page);
  return { ...answer, headers: { ...answer.headers, 'cache-control': view.cacheControl } };
});
