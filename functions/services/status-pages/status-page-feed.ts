import { config } from '../../config.js';
import { buildStatusFeed, type FeedFormat } from './feeds/build-feed.js';
import { loadPublicStatusPage } from './load-public-page.js';

/**
 * `GET /status/{slug}/feed.{atom,rss,json}`: the page's feed from the same loader as its HTML and
 * JSON (docs/status-pages.md "Feeds"), or null when no page has that slug.
 */
export const statusPageFeed = async (slug: string, format: FeedFormat, now: Date): Promise<string | null> => {
  const page = await loadPublicStatusPage(slug, now);
  return page ? buildStatusFeed(page, format, { siteOrigin: config().appUrl }) : null;
};
