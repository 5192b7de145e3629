import http, { type IncomingMessage, type ServerResponse } from 'node:http';

/** The little HTTP plumbing both local providers share: a route table, bodies, JSON and HTML replies. */
export interface Request {
  method: string;
  path: string;
  query: URLSearchParams;
  rawQuery: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
  params: Record<string, string>;
}

export interface Reply {
  status: number;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

export type RouteHandler = (request: Request) => Reply | Promise<Reply>;

export interface Route {
  method: string;
  /** `/v1/subscriptions/:id` style; a `:name` segment matches one path segment. */
  pattern: string;
  handler: RouteHandler;
}

const MAX_BODY_BYTES = 1024 * 1024;

export const json = (status: number, body: unknown, headers: Record<string, string> = {}): Reply => ({
  status,
  headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  body: JSON.stringify(body, null, 2),
});

export const html = (status: number, body: string, headers: Record<string, string> = {}): Reply => ({
  status,
  headers: {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    // The pages run no inline script: their scripts are files served from the same origin.
    'content-security-policy': "default-src 'self'; style-src 'self' 'unsafe-inline'; frame-ancestors *",
    ...headers,
  },
  body,
});

export const redirect = (location: string): Reply => ({ status: 303, headers: { location, 'cache-control': 'no-store' } });

export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

const matchPattern = (pattern: string, path: string): Record<string, string> | null => {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const part = want[i] as string;
    const value = got[i] as string;
    if (part.startsWith(':')) {
      if (!value) return null;
      params[part.slice(1)] = decodeURIComponent(value);
    } else if (part !== value) return null;
  }
  return params;
};

const readBody = (request: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) reject(new Error('body too large'));
      else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });

export interface RouterOptions {
  routes: Route[];
  /** The reply when no route matches (each provider words it its own way). */
  notFound: (request: Request) => Reply;
  /** Turns a thrown error into the provider's error reply. */
  onError: (error: unknown, request: Request) => Reply;
}

export const createRouterServer = (opts: RouterOptions): http.Server =>
  http.createServer((incoming: IncomingMessage, response: ServerResponse) => {
    const url = new URL(incoming.url ?? '/', 'http://local');
    const send = (reply: Reply) => {
      response.writeHead(reply.status, reply.headers ?? {});
      response.end(reply.body);
    };
    void (async () => {
      const request: Request = {
        method: (incoming.method ?? 'GET').toUpperCase(),
        path: url.pathname.replace(/\/+$/, '') || '/',
        query: url.searchParams,
        rawQuery: url.search.slice(1),
        headers: incoming.headers,
        body: Buffer.alloc(0),
        params: {},
      };
      try {
        request.body = await readBody(incoming);
        for (const route of opts.routes) {
          if (route.method !== request.method) continue;
          const params = matchPattern(route.pattern, request.path);
          if (!params) continue;
          request.params = params;
          send(await route.handler(request));
          return;
        }
        send(opts.notFound(request));
      } catch (error) {
        send(opts.onError(error, request));
      }
    })().catch((error: unknown) => {
      console.error('[payment provider] could not answer:', error);
      if (!response.headersSent) send({ status: 500, body: 'internal error' });
      else response.end();
    });
  });

export const listen = (server: http.Server, port: number): Promise<number> =>
  new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });

export const close = (server: http.Server): Promise<void> =>
  new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
