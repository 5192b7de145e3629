/**
 * How the web build lays out its files, for the build (frontend/build/build-web.ts), the local
 * gateway (infra/local/static-files.ts) and CloudFront (infra/constructs/spa-fallback.ts) alike
 * (docs/performance-web.md "Public pages: prerendered, robots.txt and sitemap.xml").
 */

/** The SPA shell (an empty #root) every client route is answered with. */
export const SPA_SHELL_FILE = 'spa.html';

/**
 * A build without prerendered pages (an older one) has only its shell, as index.html; the
 * gateway then answers every route with it.
 */
export const LEGACY_SHELL_FILE = 'index.html';

/** The build's list of prerendered pages (`{"pages": ["/", "/pricing", ...]}`), read when the web stack is synthesised. */
export const PRERENDERED_PAGES_FILE = 'prerendered-pages.json';

/**
 * Where a prerendered page is in the build: `/` -> `index.html` (also the bucket's default root
 * object), `/pricing` -> `pricing/index.html`.
 */
export const prerenderedPageFile = (path: string): string => {
  const trimmed = path.replace(/^\/+|\/+$/g, '');
  return trimmed ? `${trimmed}/index.html` : 'index.html';
};
