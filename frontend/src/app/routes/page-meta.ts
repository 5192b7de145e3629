import { matchRoutes, type RouteObject } from 'react-router-dom';

/**
 * What a public page says about itself in its HTML head: the tab title (which the page also renders,
 * so a client-side navigation shows it), and the description search engines and link previews show
 * (docs/performance-web.md "Public pages: prerendered, robots.txt and sitemap.xml").
 */
export interface PageMeta {
  title: string;
  description: string;
  /**
   * Kept out of search results (a `robots` noindex meta in the prerendered head, and left out of
   * sitemap.xml): the legal pages (docs/product-rules.md "Public pages and policies").
   */
  noindex?: boolean;
}

interface PrerenderHandle {
  prerender: PageMeta;
  /** Loads the page's lazily loaded view (lazyView's `preload`). */
  preloadView: () => Promise<void>;
}

/**
 * The `handle` of a route row that is a public, static page: the build prerenders it to HTML and
 * lists it in sitemap.xml (the route table is the only list of these pages), and the browser loads
 * `view`'s code before hydrating that HTML, so hydration finishes in one pass.
 */
export const prerendered = (meta: PageMeta, view: { preload: () => Promise<void> }): PrerenderHandle => ({ prerender: meta, preloadView: view.preload });

/** A public page of the route table: its address ('/', '/pricing') and head. */
export interface PublicPage extends PageMeta {
  path: string;
}

const isPrerendered = (handle: unknown): handle is PrerenderHandle =>
  typeof handle === 'object' && handle !== null && 'prerender' in handle;

const join = (parent: string, segment: string | undefined): string => {
  if (!segment) return parent;
  if (segment.startsWith('/')) return segment;
  return parent === '/' ? `/${segment}` : `${parent}/${segment}`;
};

/** Every row marked `prerendered(...)` in `routes`, with its full path, in the table's order. */
export const publicPagesOf = (routes: RouteObject[], parent = '/'): PublicPage[] =>
  routes.flatMap((route) => {
    const path = route.index ? parent : join(parent, route.path);
    const own = isPrerendered(route.handle) ? [{ path, ...route.handle.prerender }] : [];
    return [...own, ...(route.children ? publicPagesOf(route.children, path) : [])];
  });

/** Loads the code of the prerendered page at `pathname` (nothing for other pages): main.tsx awaits it before hydrating. */
export const preloadPrerenderedView = async (routes: RouteObject[], pathname: string): Promise<void> => {
  const handles = (matchRoutes(routes, pathname) ?? []).map((match) => match.route.handle as unknown).filter(isPrerendered);
  await Promise.all(handles.map((handle) => handle.preloadView()));
};
