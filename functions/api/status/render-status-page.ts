import { MISSING_STATUS_PAGE_CACHE_CONTROL, PUBLIC_STATUS_CACHE_CONTROL } from '../../../shared/status-pages/public-page-builder.js';
import { publicApiHandler } from '../../http/api-handler.js';
import { htmlPage } from '../../http/responses.js';
import { statusPageDocument } from '../../services/status-pages/status-page-document.js';

/** GET /status/{slug}: the public page as HTML, cacheable like its JSON (docs/status-pages.md "Caching"). */
export const handler = publicApiHandler(null, async ({ pathParameters }) => {
  const { found, document } = await statusPageDocument(pathParameters.slug ?? '', new Date());
  return found ? htmlPage(200, document, PUBLIC_STATUS_CACHE_CONTROL) : htmlPage(404, document, MISSING_STATUS_PAGE_CACHE_CONTROL);
});
