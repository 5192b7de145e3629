/**
 * The files the build writes around the SPA for search engines and link previews
 * (docs/performance-web.md "Public pages: prerendered, robots.txt and sitemap.xml"): each public
 * page's HTML (the SPA shell with the page's head and prerendered markup), robots.txt and
 * sitemap.xml. Pure functions of the route table's public pages and the site's origin.
 */

/** A public page as the route table lists it (frontend/src/app/routes/page-meta.ts). */
export interface SitePage {
  path: string;
  title: string;
  description: string;
  /** Kept out of search results: a robots noindex meta, and not in sitemap.xml. */
  noindex?: boolean;
}

/** The prefixes no crawler should visit: the signed-in app, the operator panel and the API. */
export const PRIVATE_PREFIXES = ['/app', '/admin', '/api'] as const;

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The page's absolute address on the site: `https://upwatch.example/pricing`. */
export const pageUrl = (origin: string, path: string): string => new URL(path, `${origin.replace(/\/+$/, '')}/`).href;

/**
 * The SPA shell (Vite's index.html) made into one page: its own title, description, canonical link
 * and Open Graph basics in the head, and its prerendered markup inside #root for main.tsx to hydrate.
 */
export const pageHtml = (shell: string, page: SitePage, origin: string, markup: string): string => {
  const url = pageUrl(origin, page.path);
  const head = [
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    '<meta property="og:type" content="website" />',
    '<meta property="og:site_name" content="Upwatch" />',
    `<meta property="og:title" content="${escapeHtml(page.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(page.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    ...(page.noindex ? ['<meta name="robots" content="noindex" />'] : []),
  ].join('\n    ');
  const replaceOnce = (html: string, pattern: RegExp, replacement: string): string => {
    if (!pattern.test(html)) throw new Error(`the SPA shell has no ${String(pattern)}`);
    return html.replace(pattern, () => replacement);
  };
  // The page is on screen with its HTML and CSS; its code only takes it over. The shell's
  // modulepreload links (the libraries' chunks, fetched at high priority) would share the first
  // bytes' bandwidth with the stylesheet and hold back the first paint; the entry script still
  // loads its imports itself (docs/performance-web.md "Lighthouse").
  let html = shell.replace(/[ \t]*<link rel="modulepreload"[^>]*>\n?/g, '');
  html = replaceOnce(html, /<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`);
  html = replaceOnce(html, /<meta name="description" content="[^"]*"\s*\/?>/, `<meta name="description" content="${escapeHtml(page.description)}" />`);
  html = replaceOnce(html, /<\/head>/, `  ${head}\n  </head>`);
  return replaceOnce(html, /<div id="root"><\/div>/, `<div id="root">${markup}</div>`);
};

/** robots.txt: the public pages open, the app, the operator panel and the API closed, and where the sitemap is. */
export const robotsTxt = (origin: string): string =>
  ['User-agent: *', 'Allow: /', ...PRIVATE_PREFIXES.map((prefix) => `Disallow: ${prefix}`), '', `Sitemap: ${pageUrl(origin, '/sitemap.xml')}`, ''].join('\n');

/** sitemap.xml (sitemaps.org 0.9): the absolute address of every public page search engines may list (not the noindex ones). */
export const sitemapXml = (origin: string, pages: readonly Pick<SitePage, 'path' | 'noindex'>[]): string =>
  [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...pages.filter((page) => !page.noindex).map((page) => `  <url><loc>${escapeHtml(pageUrl(origin, page.path))}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');
