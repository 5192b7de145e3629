import { isAppError } from '../../../shared/errors.js';
import { config } from '../../config.js';
import { htmlPage, type ApiResult } from '../../http/responses.js';
import type { StoredStatusPage } from '../../repositories/status-page-repository.js';
import { renderSubscriberPage, type SubscriberPageContent } from '../../services/status-pages/html/render-subscriber-page.js';
import { renderStatusPageNotFound } from '../../services/status-pages/html/render-status-page.js';

/**
 * The answers of the subscriber routes under /status/ (docs/status-pages.md "Subscribers"): small
 * HTML pages a browser shows, never kept by any cache (a link's token is in them, and each answer
 * is one visitor's).
 */
export const SUBSCRIBER_PAGE_CACHE_CONTROL = 'no-store';

/** One small page of `page`, with its status code. */
export const subscriberPage = (statusCode: number, page: Pick<StoredStatusPage, 'name' | 'slug' | 'accentColor'>, content: SubscriberPageContent): ApiResult =>
  htmlPage(statusCode, renderSubscriberPage(page, content, { siteOrigin: config().appUrl }), SUBSCRIBER_PAGE_CACHE_CONTROL);

/** Runs a page route; a slug no page holds gets the status page's friendly 404 page instead of JSON. */
export const orNotFoundPage = async (answer: () => Promise<ApiResult>): Promise<ApiResult> => {
  try {
    return await answer();
  } catch (error) {
    if (isAppError(error) && error.code === 'NOT_FOUND') {
      return htmlPage(404, renderStatusPageNotFound({ siteOrigin: config().appUrl }), SUBSCRIBER_PAGE_CACHE_CONTROL);
    }
    throw error;
  }
};

/** The token of a link: from the query (`?token=`), else from a form field of that name. */
export const tokenOf = (query: Record<string, string | undefined> | null | undefined, form?: Map<string, string[]>): string =>
  query?.token ?? form?.get('token')?.[0] ?? '';
