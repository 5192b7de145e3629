import { publicApiHandler } from '../../http/api-handler.js';
import { requestCookieHeader } from '../../http/request-cookies.js';
import { htmlPage } from '../../http/responses.js';
import { statusPageDocument } from '../../services/status-pages/status-page-document.js';

/**
 * GET /status/{slug}: the public page as HTML, cacheable like its JSON (docs/status-pages.md
 * "Caching"); a private page without access answers its sign-in form, kept by no cache.
 */
export const handler = publicApiHandler(null, async ({ pathParameters, event }) => {
  const answer = await statusPageDocument(pathParameters.slug ?? '', requestCookieHeader(event), new Date());
  const result = htmlPage(answer.statusCode, answer.document, answer.cacheControl);
  return answer.noindex ? { ...result, headers: { ...result.headers, 'x-robots-tag': 'noindex' } } : result;
});
