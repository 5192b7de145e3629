import { AppError } from '../../../shared/errors.js';
import { PRIVATE_PAGE_TEXTS } from '../../../shared/status-pages/private-access.js';
import { STATUS_PAGE_NOT_FOUND_TEXT } from '../../../shared/status-pages/texts.js';
import { publicApiHandler, type RouteHandler } from '../../http/api-handler.js';
import { requestCookieHeader } from '../../http/request-cookies.js';
import { feedDocument } from '../../http/responses.js';
import { FEED_FILES, type FeedFormat } from '../../services/status-pages/feeds/build-feed.js';
import { statusPageFeed } from '../../services/status-pages/status-page-feed.js';

/**
 * GET /status/{slug}/feed.atom, feed.rss and feed.json: the page's feeds, cacheable like the page
 * (docs/status-pages.md "Feeds"); an unknown slug is a 404, a private page without access a 401.
 */
const feedHandler = (format: FeedFormat): RouteHandler =>
  publicApiHandler(null, async ({ pathParameters, event }) => {
    const answer = await statusPageFeed(pathParameters.slug ?? '', format, requestCookieHeader(event), new Date());
    if (answer === 'missing') throw new AppError('NOT_FOUND', STATUS_PAGE_NOT_FOUND_TEXT);
    if (answer === 'private') throw new AppError('UNAUTHORIZED', PRIVATE_PAGE_TEXTS.heading);
    return feedDocument(`${FEED_FILES[format].mediaType}; charset=utf-8`, answer.feed, answer.cacheControl);
  });

/** The Atom feed. */
export const atomHandler = feedHandler('atom');
/** The RSS 2.0 feed. */
export const rssHandler = feedHandler('rss');
/** The JSON Feed 1.1. */
export const jsonHandler = feedHandler('json');
