import { describe, expect, it } from 'vitest';
import { routeTable } from '@/app/router';
import { publicPagesOf } from '@/app/routes/page-meta';

/**
 * The route table is the one list of public pages (docs/performance-web.md "Public pages:
 * prerendered, robots.txt and sitemap.xml"): the build prerenders these rows and lists them in
 * sitemap.xml; the app, the operator panel and the sign-in forms are not among them.
 */
describe('public pages of the route table', () => {
  const pages = publicPagesOf(routeTable);

  it('are the marketing and legal pages, with their full paths', () => {
    expect(pages.map((page) => page.path)).toEqual(['/', '/pricing', '/about', '/contact', '/terms', '/privacy', '/refund']);
  });

  it('each have a tab title and a description of search-result length', () => {
    for (const page of pages) {
      expect(page.title, page.path).toMatch(/Upwatch/);
      expect(page.description.length, page.path).toBeGreaterThanOrEqual(50);
      expect(page.description.length, page.path).toBeLessThanOrEqual(160);
    }
  });
});
