import { AppError } from '../../../shared/errors.js';
import { PUBLIC_STATUS_CACHE_CONTROL } from '../../../shared/status-pages/public-page-builder.js';
import { STATUS_PAGE_NOT_FOUND_TEXT } from '../../../shared/status-pages/texts.js';
import { publicApiHandler, type RouteHandler } from '../../http/api-handler.js';
import { feedDocument } from '../../http/responses.js';
import { FEED_FILES, type FeedFormat } from '../../services/status-pages/feeds/build-feed.js';
import { statusPageFeed } from '../../services/status-pages/status-page-feed.js';

/**
 * GET /status/{slug}/feed.atom, feed.rss and feed.json: the page's feeds, cacheable like the page
 * (docs/status-pages.md "Feeds"); an unknown slug is a 404.
 */
const feedHandler = (format: FeedFormat): RouteHandler =>
  publicApiHandler(null, async ({ pathParameters }) => {
    const feed = await statusPageFeed(pathParameters.slug ?? '', format, new Date());
    if (feed === null) throw new AppError('NOT_FOUND', STATUS_PAGE_NOT_FOUND_TEXT);
    return feedDocument(`${FEED_FILES[format].mediaType}; charset=utf-8`, feed, PUBLIC_STATUS_CACHE_CONTROL);
  });

/** The Atom feed. */
export const atomHandler = feedHandler('atom');
/** The RSS 2.0 feed. */
export const rssHandler = feedHandler('rss');
/** The JSON Feed 1.1. */
export const jsonHandler = feedHandler('json');
