/**
 * The build's server-side entry (docs/performance-web.md "Public pages: prerendered, robots.txt and
 * sitemap.xml"): frontend/build.ts bundles it with Vite's SSR build and renders each public page of
 * the route table to HTML, which main.tsx later hydrates with the same components. Nothing here
 * runs in the browser.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { AppProvider } from './provider';
import { routeTable } from './router';
import { publicPagesOf, type PublicPage } from './routes/page-meta';

/** The pages to prerender and list in sitemap.xml: the route table's rows marked `prerendered(...)`. */
export const publicPages: PublicPage[] = publicPagesOf(routeTable);

const handler = createStaticHandler(routeTable);

/**
 * The markup of #root for `pathname`. Two passes: `prerender` waits for every lazily loaded view
 * (which React.lazy then keeps), and `renderToString` renders the page again with nothing left to
 * wait for, so the HTML is complete in place: no hidden segments and no inline script swapping them
 * in, which the site's Content-Security-Policy would block. No router hydration data either: the
 * routes have no loaders.
 */
export const renderPage = async (pathname: string): Promise<string> => {
  const context = await handler.query(new Request(new URL(pathname, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${pathname} answered ${context.status} instead of a page`);
  if (context.statusCode !== 200) throw new Error(`${pathname} rendered as ${context.statusCode}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const page = (
    <StrictMode>
      <AppProvider>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>
  );
  // A view that throws is logged by React and replaced by its Suspense fallback; a build must fail instead.
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(page, { onError: (error) => void errors.push(error) });
  for await (const chunk of prelude) void chunk;
  if (errors.length) throw new AggregateError(errors, `${pathname} failed to prerender`);
  const html = renderToString(page);
  if (/<script|<!--\$[?!]-->/.test(html)) throw new Error(`${pathname} still waited for something on its second render`);
  return html;
};
