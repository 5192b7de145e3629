import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyResultV2, Context } from 'aws-lambda';
import { CLIENT_IP_HEADER, ORIGIN_SECRET_HEADER } from '../../shared/api/client-address.js';
import { contentSecurityPolicy, isApiReferencePath } from '../../shared/web/content-security-policy.js';
import { areasInUse, type Area } from '../../shared/api/routes.js';
import { matchRouteOrHead } from '../../shared/api/head-requests.js';
import { INTERNAL_ERROR_DETAIL, type ErrorBody, type ErrorCode } from '../../shared/errors.js';
import { buildApiEvent } from './api-event.js';
import { localLambdaContext } from './lambda-context.js';
import type { Claims } from './jwt-authorizer.js';
import type { LiveSockets } from './live-sockets.js';
import { serveStatic } from './static-files.js';
import { readCappedBody } from './request-body.js';
import { bodyOf, chooseBody, type CachedAnswer, type ResponseCache } from './response-cache.js';
import { API_ORIGIN_PREFIXES } from '../../shared/web/api-origin-paths.js';
import { API_SECURITY_HEADERS } from '../../shared/web/api-security-headers.js';

/**
 * The local stand-in for API Gateway + CloudFront: `/api/*` is dispatched from the route table to
 * the SAME area handler modules the CDK api stack deploys (after JWT verification for non-public
 * routes), `/status/*` (the public status pages, rendered by the API) likewise, with public
 * answers kept as CloudFront would (response-cache.ts), `/config.json` tells the SPA where the pool is, `/live` is the WebSocket API of live
 * status (live-sockets.ts), and everything else is the built SPA.
 */
export type AreaHandler = (event: APIGatewayProxyEventV2WithJWTAuthorizer, context?: Context) => Promise<APIGatewayProxyResultV2>;

/** API Gateway HTTP APIs refuse payloads over 10 MB. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;

export const loadAreaHandlers = async (): Promise<Record<Area, AreaHandler>> => {
  const handlers = {} as Record<Area, AreaHandler>;
  for (const area of areasInUse()) {
    const file = path.resolve('functions/api', area, 'index.ts');
    const module = (await import(pathToFileURL(file).href)) as { handler?: AreaHandler };
    if (typeof module.handler !== 'function') throw new Error(`${file} does not export a handler`);
    handlers[area] = module.handler;
  }
  return handlers;
};

const sendJson = (response: ServerResponse, status: number, body: unknown): void => {
  response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...API_SECURITY_HEADERS });
  response.end(JSON.stringify(body));
};

const sendError = (response: ServerResponse, status: number, code: ErrorCode, detail: string): void =>
  sendJson(response, status, { detail, code } satisfies ErrorBody);

/** Headers the gateway sets itself for a cached copy; the handler's own of these names give way. */
const GATEWAY_HEADERS = new Set(['content-length', 'content-encoding', 'vary']);

/**
 * Writes a Lambda proxy result the way API Gateway turns it into an HTTP response. A copy from the
 * response cache goes out in the encoding the request accepts, with its length (`extraHeaders`: the
 * cache's `age`); a HEAD gets the same status and headers and no body.
 */
const sendLambdaResult = (
  response: ServerResponse,
  result: APIGatewayProxyResultV2,
  opts: { extraHeaders?: Record<string, string>; head?: boolean; cached?: CachedAnswer['bodies']; acceptEncoding?: string } = {},
): void => {
  if (typeof result === 'string' || !result || typeof result !== 'object' || !('statusCode' in result)) {
    sendJson(response, 200, result);
    return;
  }
  const own = Object.entries((result.headers ?? {}) as Record<string, string>);
  const chosen = opts.cached ? chooseBody(opts.cached, opts.acceptEncoding) : null;
  const body = chosen?.body ?? (result.body === undefined ? undefined : bodyOf(result));
  const headers: Record<string, string | string[]> = {
    ...Object.fromEntries(chosen ? own.filter(([name]) => !GATEWAY_HEADERS.has(name.toLowerCase())) : own),
    ...chosen?.headers,
    ...(opts.head && body && !chosen ? { 'content-length': String(body.length) } : {}),
    ...opts.extraHeaders,
  };
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  response.writeHead(result.statusCode ?? 200, headers);
  response.end(opts.head ? undefined : body);
};

export interface GatewayOptions {
  webRoot: string;
  handlers: Record<Area, AreaHandler>;
  authorize: (authorizationHeader: string | undefined) => Promise<Claims | null>;
  runtimeConfig: Record<string, unknown>;
  isReady: () => boolean;
  /**
   * One access line per API request (`GET /api/monitors -> 200 (12 ms)`); absent, none. The local
   * cloud passes it only at POWERTOOLS_LOG_LEVEL=DEBUG: under load the lines cost CPU, and on AWS
   * API Gateway's access log has them.
   */
  log?: (line: string) => void;
  /** Take the client IP from X-Forwarded-For's last entry (a trusted proxy in front); else the socket's address. */
  trustForwardedFor?: boolean;
  /** The secret CloudFront adds as an origin header on AWS (functions/secrets/origin-secret.ts); the handlers refuse a request without it. */
  originSecret?: string;
  /** The WebSocket API of live status and its management API (docs/live-status.md "Pushes"). */
  live?: LiveSockets;
  /** Keeps public GET answers as their Cache-Control allows, as CloudFront does on AWS (docs/status-pages.md "Caching"); absent, none. */
  responseCache?: ResponseCache;
}

/**
 * What CloudFront does to a request on its way to the API (infra/stacks/web-stack.ts), done the
 * same way here so the same handler code runs: the client IP is set from the connection,
 * overwriting whatever the client sent in that header, and the origin secret is added
 * (functions/secrets/origin-secret.ts). Behind a trusted proxy (`trustForwardedFor`) the client is
 * the LAST X-Forwarded-For entry, the one that proxy appended: the entries before it are whatever the
 * client wrote and prove nothing (docs/security.md "Abuse limits").
 */
export const stampEdgeHeaders = (request: Pick<IncomingMessage, 'headers' | 'socket'>, opts: { trustForwardedFor: boolean; originSecret?: string | undefined }): void => {
  const forwarded = opts.trustForwardedFor ? String(request.headers['x-forwarded-for'] ?? '').split(',').at(-1)?.trim() : '';
  request.headers[CLIENT_IP_HEADER] = forwarded || (request.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
  if (opts.originSecret) request.headers[ORIGIN_SECRET_HEADER] = opts.originSecret;
  else delete request.headers[ORIGIN_SECRET_HEADER];
};

/**
 * Whether a request carries a private status page's access cookie (docs/status-pages.md "Private
 * pages"). Such a request goes past the response cache both ways: it is never answered from a copy
 * (a cookieless copy of a page made private a moment ago, or another visitor's answer in flight)
 * and never shares its answer with a request waiting on the same path.
 */
export const carriesPageAccess = (request: Pick<IncomingMessage, 'headers'>): boolean => /(?:^|;\s*)upwatch_sp_/.test(String(request.headers.cookie ?? ''));

/**
 * One access line of an API request (`GET /api/monitors/{id} -> 200 (12 ms)`): the route's path
 * pattern as API Gateway's log has its route key, never the raw path or query, which may carry a
 * secret (a heartbeat's push URL, a badge token; docs/security.md "Secrets in URLs").
 */
export const accessLine = (method: string, pathname: string, status: number, milliseconds: number): string => {
  const match = matchRouteOrHead(method, pathname);
  return `${method} ${'route' in match ? match.route.path : '(no route)'} -> ${status} (${milliseconds} ms)`;
};

/** How long the gateway keeps an idle keep-alive connection open (Node's default is 5 s). */
export const GATEWAY_KEEP_ALIVE_MS = 65_000;

export const createGateway = (opts: GatewayOptions) => {
  // Built from the same runtime configuration the SPA reads, so it allows exactly what the app loads.
  const cspSources = {
    razorpayCheckoutUrl: typeof opts.runtimeConfig.razorpayCheckoutUrl === 'string' ? opts.runtimeConfig.razorpayCheckoutUrl : null,
    cognitoEndpoint: typeof opts.runtimeConfig.userPoolEndpoint === 'string' ? opts.runtimeConfig.userPoolEndpoint : null,
  };
  const csp = contentSecurityPolicy(cspSources);
  // The API reference's own policy, as CloudFront's behaviour for its paths sends it.
  const apiReferenceCsp = contentSecurityPolicy({ ...cspSources, inlineStyles: true });
  const handleApi = async (request: IncomingMessage, response: ServerResponse, url: URL): Promise<number> => {
    if (!opts.isReady()) {
      sendError(response, 503, 'SERVICE_UNAVAILABLE', 'Upwatch is starting; try again in a moment.');
      return 503;
    }
    // A HEAD on a cached public page is answered as its GET without the body (shared/api/head-requests.ts).
    const match = matchRouteOrHead(request.method ?? 'GET', url.pathname);
    if (!('route' in match)) {
      const status = match.methodNotAllowed ? 405 : 404;
      sendError(response, status, match.methodNotAllowed ? 'METHOD_NOT_ALLOWED' : 'NOT_FOUND', match.methodNotAllowed ? 'Method not allowed' : 'Not found');
      return status;
    }
    let claims: Claims | null = null;
    // A key route (access 'key') has no JWT authorizer: its handler resolves the API key (functions/http/api-key-caller.ts).
    if (match.route.access === 'user' || match.route.access === 'admin') {
      claims = await opts.authorize(request.headers.authorization);
      if (!claims) {
        sendError(response, 401, 'UNAUTHORIZED', 'Not authenticated');
        return 401;
      }
    }
    stampEdgeHeaders(request, { trustForwardedFor: opts.trustForwardedFor === true, originSecret: opts.originSecret });
    const body = await readCappedBody(request, MAX_BODY_BYTES);
    if (body === 'too-large') {
      sendError(response, 413, 'PAYLOAD_TOO_LARGE', 'Request body is too large (10 MB at most)');
      return 413;
    }
    const route = match.route;
    const invoke = () =>
      opts.handlers[route.area](
        buildApiEvent({ request, url, body, route, pathParameters: match.pathParameters, claims }),
        localLambdaContext(`api-${route.area}`, 29_000),
      );
    const head = request.method === 'HEAD';
    if (opts.responseCache && route.method === 'GET' && route.access === 'public' && !carriesPageAccess(request)) {
      const answer = await opts.responseCache.get(`${url.pathname}${url.search}`, invoke);
      sendLambdaResult(response, answer.result, {
        extraHeaders: answer.ageSeconds === null ? {} : { age: String(answer.ageSeconds) },
        head,
        cached: answer.bodies,
        acceptEncoding: request.headers['accept-encoding'],
      });
    } else {
      sendLambdaResult(response, await invoke(), { head });
    }
    return response.statusCode;
  };

  const server = http.createServer((request, response) => {
    const started = Date.now();
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (opts.live?.handleManagement(request, response, url)) return;
    const accessLog = opts.log;
    const work = API_ORIGIN_PREFIXES.some((prefix) => url.pathname.startsWith(prefix))
      ? handleApi(request, response, url).then((status) =>
          accessLog?.(accessLine(request.method ?? 'GET', url.pathname, status, Date.now() - started)),
        )
      : Promise.resolve(
          url.pathname === '/config.json'
            ? sendJson(response, 200, opts.runtimeConfig)
            : serveStatic(opts.webRoot, url.pathname, response, { acceptEncoding: request.headers['accept-encoding'], contentSecurityPolicy: isApiReferencePath(url.pathname) ? apiReferenceCsp : csp }),
        );
    work.catch((error: unknown) => {
      // A handler is supposed to turn every failure into a response; reaching here is a bug, so shout.
      console.error(`[gateway] unhandled error for ${request.method} ${url.pathname}:`, error);
      if (!response.headersSent) sendError(response, 500, 'INTERNAL', INTERNAL_ERROR_DETAIL);
      else response.end();
    });
  });
  // A caller that pools connections (the live publishers' management API client above all) reuses
  // one that sat idle for a moment; Node's default of 5 s closed it under them in a burst, and the
  // post failed with "socket hang up" (docs/live-status.md "Pushes"). Idle ones now stay a minute.
  server.keepAliveTimeout = GATEWAY_KEEP_ALIVE_MS;
  server.headersTimeout = GATEWAY_KEEP_ALIVE_MS + 1_000;
  server.on('upgrade', (request: IncomingMessage, socket: import('node:stream').Duplex, head: Buffer) => {
    if (!opts.live?.handleUpgrade(request, socket, head)) socket.destroy();
  });
  return server;
};
