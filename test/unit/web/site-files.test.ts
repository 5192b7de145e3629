import { describe, expect, it } from 'vitest';
import { pageHtml, robotsTxt, sitemapXml } from '../../../frontend/build/site-files.js';
import { prerenderedPageFile } from '../../../shared/web/site-layout.js';

/** docs/performance-web.md "Public pages: prerendered, robots.txt and sitemap.xml": what the build writes around the SPA. */

const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <meta name="description" content="Default." />
    <title>Upwatch — website uptime monitoring</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe('site files', () => {
  it('robots.txt opens the site, closes the app, the operator panel and the API, and names the sitemap', () => {
    expect(robotsTxt('https://upwatch.example/')).toBe(
      'User-agent: *\nAllow: /\nDisallow: /app\nDisallow: /admin\nDisallow: /api\n\nSitemap: https://upwatch.example/sitemap.xml\n',
    );
  });

  it('sitemap.xml lists the given pages as absolute addresses on the origin, in order, leaving out the noindex ones', () => {
    const xml = sitemapXml('https://upwatch.example', [{ path: '/' }, { path: '/terms', noindex: true }, { path: '/pricing' }]);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1])).toEqual(['https://upwatch.example/', 'https://upwatch.example/pricing']);
  });

  it('leaves the shell\'s modulepreload links out of a prerendered page, and keeps its entry script and stylesheet', () => {
    const shell = SHELL.replace(
      '</head>',
      `  <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-2.js">
    <link rel="modulepreload" crossorigin href="/assets/paths-3.js">
    <link rel="stylesheet" crossorigin href="/assets/index-4.css">
  </head>`,
    );
    const html = pageHtml(shell, { path: '/', title: 'Upwatch', description: 'd' }, 'https://upwatch.example', '<h1>Upwatch</h1>');
    expect(html).not.toContain('modulepreload');
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-4.css">');
  });

  it("puts the page's title, description, canonical link and Open Graph tags in the head and its markup in #root, escaped", () => {
    const html = pageHtml(SHELL, { path: '/pricing', title: 'Pricing · Upwatch', description: 'Plans "for" <you> & yours' }, 'https://upwatch.example', '<h1>Pricing</h1>');
    expect(html).toContain('<title>Pricing · Upwatch</title>');
    expect(html).not.toContain('Default.');
    expect(html).toContain('<meta name="description" content="Plans &quot;for&quot; &lt;you&gt; &amp; yours" />');
    expect(html).toContain('<link rel="canonical" href="https://upwatch.example/pricing" />');
    expect(html).toContain('<meta property="og:url" content="https://upwatch.example/pricing" />');
    expect(html).toContain('<meta property="og:title" content="Pricing · Upwatch" />');
    expect(html.indexOf('og:title')).toBeLessThan(html.indexOf('</head>'));
    expect(html).toContain('<div id="root"><h1>Pricing</h1></div>');
  });

  it('marks a noindex page with a robots meta in its head, and only that page', () => {
    const terms = pageHtml(SHELL, { path: '/terms', title: 'Terms', description: 'd', noindex: true }, 'https://upwatch.example', '<h1>Terms</h1>');
    expect(terms).toContain('<meta name="robots" content="noindex" />');
    expect(terms.indexOf('name="robots"')).toBeLessThan(terms.indexOf('</head>'));
    const pricing = pageHtml(SHELL, { path: '/pricing', title: 'Pricing', description: 'd' }, 'https://upwatch.example', '<h1>Pricing</h1>');
    expect(pricing).not.toContain('name="robots"');
  });

  it('refuses a shell without the places it fills', () => {
    expect(() => pageHtml('<html><head></head><body></body></html>', { path: '/', title: 't', description: 'd' }, 'https://u.example', '')).toThrow(/no/);
  });

  it('writes the landing page as index.html and the others as <page>/index.html', () => {
    expect(prerenderedPageFile('/')).toBe('index.html');
    expect(prerenderedPageFile('/pricing')).toBe('pricing/index.html');
    expect(prerenderedPageFile('/pricing/')).toBe('pricing/index.html');
  });
});
