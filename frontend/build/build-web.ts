/**
 * `npm run build:web` (docs/performance-web.md "Public pages: prerendered, robots.txt and
 * sitemap.xml"): the SPA's client build, then an SSR build of app/prerender.tsx that renders each
 * public page of the route table to HTML, then robots.txt and sitemap.xml from the same pages.
 *
 * frontend/dist afterwards: `spa.html` (the empty shell for every client route), `index.html` (the
 * landing page), `<page>/index.html` for the other public pages, `robots.txt`, `sitemap.xml`,
 * `prerendered-pages.json` (read by the web stack) and `assets/`.
 *
 * Absolute addresses (canonical links, og:url, the sitemap) use the site's origin from
 * UPWATCH_APP_URL, the same setting as the CDK app's `appUrl`; unset, the local gateway's.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import { PRERENDERED_PAGES_FILE, prerenderedPageFile, SPA_SHELL_FILE } from '../../shared/web/site-layout.js';
import { pageHtml, robotsTxt, sitemapXml, type SitePage } from './site-files.js';

/** The local gateway's origin (`npm start`), for a build made without UPWATCH_APP_URL. */
export const LOCAL_SITE_ORIGIN = 'http://localhost:3000';

const frontend = fileURLToPath(new URL('..', import.meta.url));
const configFile = path.join(frontend, 'vite.config.ts');
const dist = path.join(frontend, 'dist');
// Inside the repository, so the SSR bundle's imports of react & co. resolve from node_modules.
const ssrOut = path.join(frontend, 'dist-ssr');

interface PrerenderModule {
  publicPages: SitePage[];
  renderPage: (pathname: string) => Promise<string>;
}

const siteOrigin = (): string => {
  const value = process.env.UPWATCH_APP_URL?.trim() || LOCAL_SITE_ORIGIN;
  const url = new URL(value);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`UPWATCH_APP_URL must be an http(s) origin, got ${value}`);
  return url.origin;
};

const main = async (): Promise<void> => {
  const origin = siteOrigin();
  const started = Date.now();
  await build({ configFile, logLevel: 'warn' });
  await build({
    configFile,
    logLevel: 'warn',
    build: { ssr: 'src/app/prerender.tsx', outDir: ssrOut, emptyOutDir: true, copyPublicDir: false, minify: false },
  });
  try {
    const { publicPages, renderPage } = (await import(pathToFileURL(path.join(ssrOut, 'prerender.js')).href)) as PrerenderModule;
    const shell = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
    fs.writeFileSync(path.join(dist, SPA_SHELL_FILE), shell);
    for (const page of publicPages) {
      const file = path.join(dist, prerenderedPageFile(page.path));
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, pageHtml(shell, page, origin, await renderPage(page.path)));
    }
    fs.writeFileSync(path.join(dist, 'robots.txt'), robotsTxt(origin));
    fs.writeFileSync(path.join(dist, 'sitemap.xml'), sitemapXml(origin, publicPages));
    fs.writeFileSync(path.join(dist, PRERENDERED_PAGES_FILE), `${JSON.stringify({ origin, pages: publicPages.map((page) => page.path) })}\n`);
    process.stdout.write(`prerendered ${publicPages.map((page) => page.path).join(' ')} for ${origin} (${Date.now() - started} ms in all)\n`);
  } finally {
    fs.rmSync(ssrOut, { recursive: true, force: true });
  }
};

await main();
