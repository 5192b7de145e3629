import { MISSING_STATUS_PAGE_CACHE_CONTROL } from '../../../shared/status-pages/public-page-builder.js';
import { htmlPage, type ApiResult } from '../../http/responses.js';
import type { AccessAnswer } from '../../services/status-pages/private/access-answers.js';
import { PRIVATE_STATUS_CACHE_CONTROL } from '../../services/status-pages/private/view-status-page.js';

/**
 * A private page's sign-in answer as HTTP (docs/status-pages.md "Private pages"): a 303 to the page
 * with the new cookie, or the gate's HTML; never kept by any cache.
 */
export const accessResult = (answer: AccessAnswer): ApiResult => {
  if (answer.kind === 'let_in') {
    return {
      statusCode: 303,
      headers: { location: answer.location, 'cache-control': PRIVATE_STATUS_CACHE_CONTROL },
      ...(answer.cookie ? { cookies: [answer.cookie] } : {}),
      body: '',
    };
  }
  if (answer.kind === 'missing') return htmlPage(404, answer.document, MISSING_STATUS_PAGE_CACHE_CONTROL);
  const result = htmlPage(answer.statusCode, answer.document, PRIVATE_STATUS_CACHE_CONTROL);
  return { ...result, headers: { ...result.headers, 'x-robots-tag': 'noindex' } };
};
