import { describe, expect, it } from 'vitest';
import { routeTable } from '@/app/router';
import { publicPagesOf } from '@/app/routes/page-meta';

/**
 * The route table is the one list of public pages (docs/performance-web.md "Public pages:
 * prerendered, robots.txt and sitemap.xml"): the build prerenders these rows and lists them in
 * sitemap.xml; the sign-in and registration forms are among them (docs/performance-web.md "Sign-in forms prerendered"),
 * the app and the operator panel are not.
 */
describe('public pages of the route table', () => {
  const pages = publicPagesOf(routeTable);

  it('are the marketing and legal pages and the sign-in and registration forms, with their full paths', () => {
    expect(pages.map((page) => page.path)).toEqual(['/', '/pricing', '/about', '/contact', '/terms', '/privacy', '/refund', '/login', '/register']);
  });

  it('each have a tab title and a description of search-result length', () => {
    for (const page of pages) {
      expect(page.title, page.path).toMatch(/Upwatch/);
      expect(page.description.length, page.path).toBeGreaterThanOrEqual(50);
      expect(page.description.length, page.path).toBeLessThanOrEqual(160);
    }
  });
});
