import { createHash } from 'node:crypto';
import type { PublicStatusPage } from '../../../../shared/status-pages/public-page.js';
import { accentPalette } from './accent-colour.js';
import { FEED_FILES, FEED_FORMATS, statusPageUrls } from '../feeds/build-feed.js';
import { escapeHtml } from './escape-html.js';
import { formatClock } from './format-time.js';
import { LIVE_REFRESH_SCRIPT } from './live-refresh-script.js';
import { accentStyles, PAGE_STYLES } from './page-styles.js';
import { renderComponents } from './render-components.js';
import { renderIncidents } from './render-incidents.js';
import { renderMaintenance } from './render-maintenance.js';
import { PAGE_TEXT } from './texts.js';

/**
 * The public status page as one HTML document, rendered on the server from the same data as its
 * JSON (docs/status-pages.md "The public page"): complete and indexable with JavaScript off, a
 * small inline script for live refresh. Pure: the same page data gives the same document.
 */

export interface RenderedDocument {
  html: string;
  /**
   * The document's own Content-Security-Policy: nothing runs or styles it but its inline blocks,
   * allowed by hash; it may fetch only its own origin; a logo may come from any https address.
   */
  contentSecurityPolicy: string;
}

export interface RenderOptions {
  /** The app's public origin (APP_URL), for the canonical link, Open Graph and the home link. */
  siteOrigin: string;
}

const sha256 = (text: string): string => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** A document's Content-Security-Policy: its inline style blocks and script by hash (the subscriber pages use it too). */
export const policy = (styles: readonly string[], script: string | null): string =>
  [
    "default-src 'none'",
    `style-src ${styles.map(sha256).join(' ')}`,
    `script-src ${script === null ? "'none'" : sha256(script)}`,
    "img-src 'self' https: data:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');

/** The page's three feeds, for `<link rel="alternate">` in the head and the footer's links (docs/status-pages.md "Feeds"). */
const feedLinks = (siteOrigin: string, slug: string) => {
  const urls = statusPageUrls(siteOrigin, slug);
  return FEED_FORMATS.map((format) => ({ format, label: PAGE_TEXT.feedLabel[format], href: urls[format], type: FEED_FILES[format].mediaType }));
};

/** A document's `<head>`: title, description, indexing (a canonical link, or noindex without one), feeds and styles. */
export const head = (meta: {
  title: string;
  description: string;
  canonical: string | null;
  image: string | null;
  styles: readonly string[];
  feeds?: ReturnType<typeof feedLinks>;
}): string =>
  `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
  `<title>${escapeHtml(meta.title)}</title><meta name="description" content="${escapeHtml(meta.description)}">` +
  (meta.canonical
    ? `<link rel="canonical" href="${escapeHtml(meta.canonical)}">` +
      `<meta property="og:type" content="website"><meta property="og:url" content="${escapeHtml(meta.canonical)}">` +
      `<meta property="og:title" content="${escapeHtml(meta.title)}"><meta property="og:description" content="${escapeHtml(meta.description)}">` +
      (meta.image ? `<meta property="og:image" content="${escapeHtml(meta.image)}">` : '') +
      `<meta name="twitter:card" content="summary">`
    : `<meta name="robots" content="noindex">`) +
  (meta.feeds ?? [])
    .map((feed) => `<link rel="alternate" type="${feed.type}" title="${escapeHtml(PAGE_TEXT.feedTitle(meta.title, feed.label))}" href="${escapeHtml(feed.href)}">`)
    .join('') +
  meta.styles.map((css) => `<style>${css}</style>`).join('') +
  `</head>`;

const footer = (siteOrigin: string, feeds: ReturnType<typeof feedLinks> = []): string =>
  `<footer class="wrap">` +
  (feeds.length
    ? `<p class="feeds">${PAGE_TEXT.subscribe} ${feeds.map((feed) => `<a href="${escapeHtml(feed.href)}" type="${feed.type}">${feed.label}</a>`).join(' · ')}</p>`
    : '') +
  `<p>${PAGE_TEXT.poweredBy} <a href="${escapeHtml(`${siteOrigin}/`)}">Upwatch</a></p></footer>`;

/** The banner, the "Updated" time and the sections: what the live refresh swaps. */
const mainRegion = (page: PublicStatusPage): string =>
  `<div class="banner s-${page.overall.state}"><p class="banner-text">${escapeHtml(page.overall.text)}</p>` +
  `<p class="updated">${PAGE_TEXT.updated} <time datetime="${escapeHtml(page.generated_at)}">${formatClock(page.generated_at)}</time></p></div>` +
  renderMaintenance({ maintenance: { active: page.maintenance.active, upcoming: [] }, groups: page.groups }) +
  renderComponents(page.groups) +
  renderMaintenance({ maintenance: { active: [], upcoming: page.maintenance.upcoming }, groups: page.groups }) +
  renderIncidents(page.incidents);

export const renderStatusPage = (page: PublicStatusPage, options: RenderOptions): RenderedDocument => {
  const palette = accentPalette(page.accent_color);
  const styles = [PAGE_STYLES, accentStyles(palette)];
  const title = PAGE_TEXT.title(page.name);
  const description = page.description ?? PAGE_TEXT.defaultDescription(page.name);
  const feeds = feedLinks(options.siteOrigin, page.slug);
  const html =
    `<!doctype html><html lang="en">` +
    head({ title, description, canonical: `${options.siteOrigin}/status/${page.slug}`, image: page.logo_url, styles, feeds }) +
    `<body><a class="skip" href="#main">${PAGE_TEXT.skipToContent}</a>` +
    `<header class="top"><div class="wrap">` +
    (page.logo_url ? `<img class="logo" src="${escapeHtml(page.logo_url)}" alt="${escapeHtml(PAGE_TEXT.logoAlt(page.name))}">` : '') +
    `<div><h1>${escapeHtml(page.name)}</h1>${page.description ? `<p>${escapeHtml(page.description)}</p>` : ''}</div></div></header>` +
    `<main id="main" class="wrap">${mainRegion(page)}</main>` +
    footer(options.siteOrigin, feeds) +
    `<div id="live-note" class="vh" aria-live="polite" data-changed="${escapeHtml(PAGE_TEXT.liveBannerChanged)}"></div>` +
    `<script>${LIVE_REFRESH_SCRIPT}</script></body></html>`;
  return { html, contentSecurityPolicy: policy(styles, LIVE_REFRESH_SCRIPT) };
};

/** The friendly 404 for a slug no page holds: what happened, and a way home. Not indexed. */
export const renderStatusPageNotFound = (options: RenderOptions): RenderedDocument => {
  const styles = [PAGE_STYLES, accentStyles(accentPalette(null))];
  const html =
    `<!doctype html><html lang="en">` +
    head({ title: PAGE_TEXT.notFoundTitle, description: PAGE_TEXT.notFoundBody, canonical: null, image: null, styles }) +
    `<body><header class="top"><div class="wrap"><h1>${PAGE_TEXT.notFoundTitle}</h1></div></header>` +
    `<main id="main" class="wrap"><p>${PAGE_TEXT.notFoundBody}</p><p><a href="${escapeHtml(`${options.siteOrigin}/`)}">${PAGE_TEXT.notFoundHome}</a></p></main>` +
    footer(options.siteOrigin) +
    `</body></html>`;
  return { html, contentSecurityPolicy: policy(styles, null) };
};
