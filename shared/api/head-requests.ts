import { matchRoute, ROUTES, type Route, type RouteMatch } from './routes.js';

/**
 * HEAD on the pages the edge caches (docs/status-pages.md "HEAD requests"): a link checker, a feed
 * reader or a crawler asks `HEAD /status/<slug>` before it reads the page. HTTP says a HEAD is a GET
 * without its body, so these routes answer it with the GET route's handler: the local gateway from
 * its cache or the handler, API Gateway through a HEAD twin of each route (infra/stacks/api-stack.ts)
 * that the area's Lambda runs as the GET (functions/http/area-handler.ts). Only public reads under
 * these prefixes: a heartbeat's GET ping records a ping, so its HEAD must not.
 */
export const HEAD_ANSWERED_PREFIXES = ['/status/', '/api/public/status/', '/api/public/badges/'] as const;

/** Whether a HEAD on this route's path is answered as its GET. */
export const answersHead = (route: Pick<Route, 'method' | 'access' | 'path'>): boolean =>
  route.method === 'GET' && route.access === 'public' && HEAD_ANSWERED_PREFIXES.some((prefix) => route.path.startsWith(prefix));

/** The routes that have a HEAD twin. */
export const headAnsweredRoutes = (): Route[] => ROUTES.filter(answersHead);

/** The route key API Gateway gives a HEAD twin (`HEAD /status/{slug}`). */
export const headRouteKey = (route: Pick<Route, 'path'>): string => `HEAD ${route.path}`;

/**
 * The route a request reaches: as `matchRoute`, and a HEAD on the path of a GET route that answers
 * HEAD reaches that GET route (the caller then sends no body).
 */
export const matchRouteOrHead = (method: string, path: string): ReturnType<typeof matchRoute> => {
  const match = matchRoute(method, path);
  if ('route' in match || method.toUpperCase() !== 'HEAD') return match;
  const asGet = matchRoute('GET', path);
  return 'route' in asGet && answersHead(asGet.route) ? (asGet satisfies RouteMatch) : match;
};
