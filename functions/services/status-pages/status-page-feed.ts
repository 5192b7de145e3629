import { config } from '../../config.js';
import { buildStatusFeed, type FeedFormat } from './feeds/build-feed.js';
import { viewStatusPage } from './private/view-status-page.js';

/**
 * `GET /status/{slug}/feed.{atom,rss,json}`: the page's feed from the same loader as its HTML and
 * JSON (docs/status-pages.md "Feeds") with the page's Cache-Control, 'missing' when no page has that
 * slug, 'private' when the visitor may not view it (docs/status-pages.md "Private pages").
 */
export const statusPageFeed = async (
  slug: string,
  format: FeedFormat,
  cookieHeader: string | undefined,
  now: Date,
): Promise<{ feed: string; cacheControl: string } | 'missing' | 'private'> => {
  const view = await viewStatusPage(slug, cookieHeader, now);
  if (view.kind !== 'visible') return view.kind;
  return { feed: buildStatusFeed(view.page, format, { siteOrigin: config().appUrl }), cacheControl: view.cacheControl };
};
