import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LEGACY_SHELL_FILE, PRERENDERED_PAGES_FILE, prerenderedPageFile, SPA_SHELL_FILE } from '../../shared/web/site-layout.js';

/**
 * CloudFront Function code (cloudfront-js-2.0, viewer request) for the site bucket, picking the
 * object as the local gateway does (infra/local/static-files.ts, docs/performance-web.md
 * "Public pages: prerendered, robots.txt and sitemap.xml"):
 * - a prerendered public page gets its own HTML: `/pricing` (or `/pricing/`) -> `/pricing/index.html`,
 *   `/` -> `/index.html` (the landing page);
 * - any other path whose last segment has no dot is a client route (`/app/monitors/01J...`,
 *   `/verify-email`): the SPA shell, `/spa.html` (`/index.html` for a build without prerendered pages);
 * - files (`/assets/app.js`, `/config.json`, `/robots.txt`, `/sitemap.xml`) pass through untouched.
 *
 * Why not the usual distribution error responses (403/404 -> the shell)? Those apply to every
 * behaviour of the distribution, `/api/*` included: the API's own 403 ("monitor limit") and 404
 * answers would reach the browser as HTML with status 200; and a missing robots.txt would be
 * answered by the SPA. This function is attached to the S3 behaviour only, so API errors pass
 * through as the API sent them.
 */
export const spaFallbackCode = (prerenderedPages: readonly string[]): string => {
  const pages: Record<string, string> = {};
  for (const page of prerenderedPages) pages[page.replace(/\/+$/, '') || '/'] = `/${prerenderedPageFile(page)}`;
  const shell = `/${prerenderedPages.length ? SPA_SHELL_FILE : LEGACY_SHELL_FILE}`;
  return `var PAGES = ${JSON.stringify(pages)};
function handler(event) {
  var request = event.request;
  var page = PAGES[request.uri.replace(/\\/+$/, '') || '/'];
  if (page) {
    request.uri = page;
    return request;
  }
  var lastSegment = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (lastSegment.indexOf('.') === -1) {
    request.uri = ${JSON.stringify(shell)};
  }
  return request;
}`;
};

/**
 * The prerendered pages a build lists and the site origin their absolute links use
 * (frontend/build/build-web.ts writes the file); no pages and no origin without a build.
 */
export const prerenderedPagesOf = (webDistDirectory: string): { origin: string | null; pages: string[] } => {
  const file = path.join(webDistDirectory, PRERENDERED_PAGES_FILE);
  if (!existsSync(file)) return { origin: null, pages: [] };
  const { origin, pages } = JSON.parse(readFileSync(file, 'utf8')) as { origin?: unknown; pages?: unknown };
  if (!Array.isArray(pages) || !pages.every((page): page is string => typeof page === 'string' && page.startsWith('/'))) {
    throw new Error(`${file}: "pages" must list paths such as "/pricing"`);
  }
  return { origin: typeof origin === 'string' ? origin : null, pages };
};
