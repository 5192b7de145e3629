import { Feed } from 'feed';
import type { PublicStatusPage } from '../../../../shared/status-pages/public-page.js';
import { escapeHtml } from '../html/escape-html.js';
import { PAGE_TEXT } from '../html/texts.js';
import { feedEntries, type FeedEntry } from './feed-entries.js';

/**
 * A status page's Atom, RSS and JSON Feed 1.1 documents, built with the `feed` package from the
 * same page data as the HTML (docs/status-pages.md "Feeds"). Pure: the same page gives the same
 * document.
 */

export const FEED_FORMATS = ['atom', 'rss', 'json'] as const;
export type FeedFormat = (typeof FEED_FORMATS)[number];

/** Each format's file name under `/status/{slug}/` and its media type (sent as `<type>; charset=utf-8`). */
export const FEED_FILES: Readonly<Record<FeedFormat, { file: string; mediaType: string }>> = {
  atom: { file: 'feed.atom', mediaType: 'application/atom+xml' },
  rss: { file: 'feed.rss', mediaType: 'application/rss+xml' },
  json: { file: 'feed.json', mediaType: 'application/feed+json' },
};

/** The page's public address and its three feeds' addresses. */
export const statusPageUrls = (siteOrigin: string, slug: string): { page: string } & Record<FeedFormat, string> => {
  const page = `${siteOrigin}/status/${slug}`;
  return { page, atom: `${page}/${FEED_FILES.atom.file}`, rss: `${page}/${FEED_FILES.rss.file}`, json: `${page}/${FEED_FILES.json.file}` };
};

// Characters XML 1.0 cannot carry at all, even escaped: a title pasted with one would break the whole feed.
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const xmlSafe = (text: string): string => text.replace(NOT_XML, '');

/**
 * The feed's own time: its newest entry's, never later than the page's `generated_at` (an upcoming
 * run is dated by its start, still ahead), and `generated_at` for a page with no entries.
 */
const feedUpdated = (entries: readonly FeedEntry[], generatedAt: Date): Date => {
  const past = entries.map((entry) => entry.updated.getTime()).filter((time) => time <= generatedAt.getTime());
  return past.length ? new Date(Math.max(...past)) : generatedAt;
};

/**
 * The document of `format` for `page`. Atom titles are `type="html"` and RSS readers read titles
 * as HTML, so there a title goes in escaped (script in it shows as text); JSON Feed titles are
 * plain text and go in as typed.
 */
export const buildStatusFeed = (page: PublicStatusPage, format: FeedFormat, options: { siteOrigin: string }): string => {
  const urls = statusPageUrls(options.siteOrigin, page.slug);
  const entries = feedEntries(page, urls.page);
  const xml = format !== 'json';
  const text = (value: string): string => (xml ? xmlSafe(value) : value);
  const generatedAt = new Date(page.generated_at);
  const feed = new Feed({
    id: urls.page,
    title: text(PAGE_TEXT.title(page.name)),
    description: text(page.description ?? PAGE_TEXT.defaultDescription(page.name)),
    link: urls.page,
    language: 'en',
    updated: feedUpdated(entries, generatedAt),
    generator: 'Upwatch',
    author: { name: text(page.name) },
    ...(page.logo_url ? { image: page.logo_url } : {}),
    feedLinks: { atom: urls.atom, rss: urls.rss, json: urls.json },
  });
  for (const entry of entries) {
    feed.addItem({
      id: entry.url,
      link: entry.url,
      title: xml ? xmlSafe(escapeHtml(entry.title)) : entry.title,
      content: text(entry.contentHtml),
      date: entry.updated,
      // RSS has one date per item (`pubDate`, which the package takes from `published` when given):
      // there it is the newest change, so a reader sees the entry move when an update is posted.
      ...(format === 'rss' ? {} : { published: entry.published }),
    });
  }
  if (format === 'atom') return feed.atom1();
  if (format === 'rss') return feed.rss2();
  // The package writes JSON Feed 1; 1.1 names the version so and lists authors.
  const { version: _version, author, ...rest } = JSON.parse(feed.json1()) as Record<string, unknown>;
  return JSON.stringify({ version: 'https://jsonfeed.org/version/1.1', ...rest, language: 'en', authors: [author] });
};
