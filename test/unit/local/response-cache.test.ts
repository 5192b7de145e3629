import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { carriesPageAccess, createGateway, type AreaHandler } from '../../../infra/local/gateway.js';
import { cacheLifetime, chooseBody, compressBodies, createResponseCache } from '../../../infra/local/response-cache.js';
import { ROUTES } from '../../../shared/api/routes.js';
import { API_ORIGIN_PREFIXES } from '../../../shared/web/api-origin-paths.js';

const page = (body: string, cacheControl = 'public, max-age=30, stale-while-revalidate=60'): APIGatewayProxyStructuredResultV2 => ({
  statusCode: 200,
  headers: { 'Cache-Control': cacheControl },
  body,
});

/** A clock the test moves, and a loader that counts its calls and answers render #n. */
const setup = () => {
  let now = 1_000_000;
  let calls = 0;
  const cache = createResponseCache(() => now);
  const load = async () => page(`render ${++calls}`);
  return { cache, load, calls: () => calls, advance: (ms: number) => (now += ms) };
};

describe('local response cache', () => {
  it('serves a public answer from the cache while max-age lasts, with its age', async () => {
    const { cache, load, calls, advance } = setup();
    expect((await cache.get('/status/acme', load)).result).toMatchObject({ body: 'render 1' });
    advance(29_000);
    const again = await cache.get('/status/acme', load);
    expect(again).toMatchObject({ result: { body: 'render 1' }, ageSeconds: 29 });
    expect(calls()).toBe(1);
  });

  it('serves a stale copy once max-age is over and fetches a fresh one behind it', async () => {
    const { cache, load, calls, advance } = setup();
    await cache.get('/status/acme', load);
    advance(31_000);
    expect((await cache.get('/status/acme', load)).result).toMatchObject({ body: 'render 1' });
    await Promise.resolve();
    expect(calls()).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect((await cache.get('/status/acme', load)).result).toMatchObject({ body: 'render 2' });
  });

  it('fetches afresh once the stale grace is over too', async () => {
    const { cache, load, advance } = setup();
    await cache.get('/status/acme', load);
    advance(91_000);
    expect(await cache.get('/status/acme', load)).toMatchObject({ result: { body: 'render 2' }, ageSeconds: null });
  });

  it('lets a crowd arriving at once share one render', async () => {
    const { cache, load, calls } = setup();
    const answers = await Promise.all(Array.from({ length: 50 }, () => cache.get('/api/public/status/acme', load)));
    expect(calls()).toBe(1);
    expect(new Set(answers.map((answer) => (answer.result as APIGatewayProxyStructuredResultV2).body))).toEqual(new Set(['render 1']));
  });

  it('keeps pages apart by path and query', async () => {
    const { cache, load, calls } = setup();
    await cache.get('/status/acme', load);
    await cache.get('/status/other', load);
    await cache.get('/status/acme?x=1', load);
    expect(calls()).toBe(3);
  });

  it('keeps nothing that is not public with a max-age', async () => {
    expect(cacheLifetime(page('x', 'no-store'))).toBeNull();
    expect(cacheLifetime(page('x', 'private, max-age=30'))).toBeNull();
    expect(cacheLifetime(page('x', 'public'))).toBeNull();
    expect(cacheLifetime({ ...page('x'), cookies: ['a=b'] })).toBeNull();
    // A badge's 304 answers one client's If-None-Match: kept, it would reach clients holding no copy.
    expect(cacheLifetime({ ...page(''), statusCode: 304 })).toBeNull();
    expect(cacheLifetime({ ...page('x', 'public, max-age=5'), statusCode: 404 })).toEqual({ maxAgeMs: 5_000, staleMs: 0 });
    expect(cacheLifetime(page('x'))).toEqual({ maxAgeMs: 30_000, staleMs: 60_000 });
    const { cache, calls } = setup();
    const load = async () => page('private', 'no-store');
    await cache.get('/api/monitors', load);
    await cache.get('/api/monitors', load);
    expect(calls()).toBe(0);
  });
});

describe('compressed copies', () => {
  const big = (type: string, body = '<li>a day of bars</li>'.repeat(500)): APIGatewayProxyStructuredResultV2 => ({
    statusCode: 200,
    headers: { 'Content-Type': type, 'Cache-Control': 'public, max-age=30' },
    body,
  });

  it('keeps gzip and Brotli copies of a text answer of 1,000 bytes or more, that decompress to the answer', async () => {
    const bodies = await compressBodies(big('text/html; charset=utf-8'));
    expect(bodies.identity.toString()).toBe(big('text/html').body);
    expect(zlib.gunzipSync(bodies.gzip!).equals(bodies.identity)).toBe(true);
    expect(zlib.brotliDecompressSync(bodies.br!).equals(bodies.identity)).toBe(true);
    expect(bodies.gzip!.length).toBeLessThan(bodies.identity.length / 10);
    for (const type of ['application/json', 'application/atom+xml', 'application/feed+json', 'image/svg+xml']) expect((await compressBodies(big(type))).gzip, type).toBeDefined();
  });

  it('leaves small answers, binary types and answers already encoded as they are', async () => {
    expect(await compressBodies(big('text/html', 'short'))).toEqual({ identity: Buffer.from('short') });
    expect((await compressBodies(big('image/png'))).gzip).toBeUndefined();
    expect((await compressBodies({ ...big('text/html'), headers: { 'content-type': 'text/html', 'content-encoding': 'gzip' } })).gzip).toBeUndefined();
  });

  it('sends Brotli, else gzip, else the plain copy, by Accept-Encoding, with the length sent and Vary', async () => {
    const bodies = await compressBodies(big('application/json'));
    expect(chooseBody(bodies, 'gzip, deflate, br')).toEqual({ body: bodies.br, headers: { 'content-length': String(bodies.br!.length), 'content-encoding': 'br', vary: 'accept-encoding' } });
    expect(chooseBody(bodies, 'gzip')).toEqual({ body: bodies.gzip, headers: { 'content-length': String(bodies.gzip!.length), 'content-encoding': 'gzip', vary: 'accept-encoding' } });
    expect(chooseBody(bodies, 'br;q=0, gzip')).toMatchObject({ headers: { 'content-encoding': 'gzip' } });
    expect(chooseBody(bodies, undefined)).toEqual({ body: bodies.identity, headers: { 'content-length': String(bodies.identity.length), vary: 'accept-encoding' } });
    const small = await compressBodies(big('text/html', 'short'));
    expect(chooseBody(small, 'gzip')).toEqual({ body: small.identity, headers: { 'content-length': '5' } });
  });

  it('compresses once per stored copy, not per request', async () => {
    let now = 0;
    const cache = createResponseCache(() => now);
    const load = async () => big('text/html');
    const first = await cache.get('/status/acme', load);
    now += 10_000;
    const second = await cache.get('/status/acme', load);
    expect(second.bodies).toBe(first.bodies);
    expect(second.bodies?.gzip).toBeDefined();
  });
});

/** A raw request (fetch would decompress and hide the encoding); the body as received. */
const rawRequest = (url: string, method: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const request = http.request(url, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
    request.end();
  });

describe('the local gateway with the cache', () => {
  it('answers a crowd on /status/<slug> from one render, and never caches a personal answer', async () => {
    const calls: string[] = [];
    const handler: AreaHandler = async (event) => {
      calls.push(event.routeKey);
      return event.routeKey === 'GET /status/{slug}'
        ? { statusCode: 200, headers: { 'content-type': 'text/html', 'cache-control': 'public, max-age=30, stale-while-revalidate=60' }, body: '<main>page</main>' }
        : { statusCode: 200, headers: { 'content-type': 'application/json', 'cache-control': 'no-store' }, body: '{}' };
    };
    const gateway = createGateway({
      webRoot: '/nonexistent',
      handlers: new Proxy({} as Record<string, AreaHandler>, { get: () => handler }) as Parameters<typeof createGateway>[0]['handlers'],
      authorize: async () => ({ sub: 'user-1' }) as never,
      runtimeConfig: {},
      isReady: () => true,
      responseCache: createResponseCache(),
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
    try {
      const pages = await Promise.all(Array.from({ length: 20 }, () => fetch(`${base}/status/acme`)));
      expect(pages.map((page) => page.status)).toEqual(Array(20).fill(200));
      expect(await pages[0]!.text()).toBe('<main>page</main>');
      const again = await fetch(`${base}/status/acme`);
      expect(again.headers.get('age')).toBe('0');
      expect(calls.filter((key) => key === 'GET /status/{slug}')).toHaveLength(1);
      await fetch(`${base}/api/monitors`, { headers: { authorization: 'Bearer x' } });
      await fetch(`${base}/api/monitors`, { headers: { authorization: 'Bearer x' } });
      expect(calls.filter((key) => key === 'GET /api/monitors')).toHaveLength(2);
    } finally {
      await new Promise((resolve) => gateway.close(resolve));
    }
  });
});

describe('the local gateway: compression and HEAD', () => {
  const html = '<main>' + '<li>a day of bars</li>'.repeat(500) + '</main>';
  const startGateway = async (withCache: boolean) => {
    const calls: string[] = [];
    const handler: AreaHandler = async (event) => {
      calls.push(`${event.requestContext.http.method} ${event.routeKey}`);
      if (event.routeKey === 'GET /status/{slug}') {
        return { statusCode: 200, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'public, max-age=30, stale-while-revalidate=60' }, body: html };
      }
      return { statusCode: 200, headers: { 'content-type': 'application/json', 'cache-control': 'no-store' }, body: '{"ok":true}' };
    };
    const gateway = createGateway({
      webRoot: '/nonexistent',
      handlers: new Proxy({} as Record<string, AreaHandler>, { get: () => handler }) as Parameters<typeof createGateway>[0]['handlers'],
      authorize: async () => null,
      runtimeConfig: {},
      isReady: () => true,
      ...(withCache ? { responseCache: createResponseCache() } : {}),
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    return { calls, base: `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`, close: () => new Promise((resolve) => gateway.close(resolve)) };
  };

  it('sends a cached page gzipped to a client that takes gzip, whole to one that does not, with Vary and the right length', async () => {
    const { base, close } = await startGateway(true);
    try {
      const zipped = await rawRequest(`${base}/status/acme`, 'GET', { 'accept-encoding': 'gzip' });
      expect(zipped.headers).toMatchObject({ 'content-encoding': 'gzip', vary: 'accept-encoding', 'content-length': String(zipped.body.length) });
      expect(zlib.gunzipSync(zipped.body).toString()).toBe(html);
      const brotli = await rawRequest(`${base}/status/acme`, 'GET', { 'accept-encoding': 'gzip, deflate, br' });
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(brotli.body).toString()).toBe(html);
      const plain = await rawRequest(`${base}/status/acme`, 'GET');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers).toMatchObject({ vary: 'accept-encoding', 'content-length': String(Buffer.byteLength(html)) });
      expect(plain.body.toString()).toBe(html);
    } finally {
      await close();
    }
  });

  it('answers HEAD on a status page as the GET without a body, from the same cached copy', async () => {
    const { base, calls, close } = await startGateway(true);
    try {
      const head = await rawRequest(`${base}/status/acme`, 'HEAD', { 'accept-encoding': 'gzip' });
      expect(head.status).toBe(200);
      expect(head.body.length).toBe(0);
      const get = await rawRequest(`${base}/status/acme`, 'GET', { 'accept-encoding': 'gzip' });
      expect(head.headers).toMatchObject({ 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'gzip', 'content-length': get.headers['content-length'] });
      expect(get.headers.age).toBe('0');
      expect(calls).toEqual(['HEAD GET /status/{slug}']);
    } finally {
      await close();
    }
  });

  it('answers HEAD without the cache too, and refuses HEAD on a route that is no cached public read', async () => {
    const { base, close } = await startGateway(false);
    try {
      const head = await rawRequest(`${base}/api/public/status/acme`, 'HEAD');
      expect(head).toMatchObject({ status: 200, headers: { 'content-length': '11' } });
      expect(head.body.length).toBe(0);
      expect((await rawRequest(`${base}/api/heartbeat/token-1`, 'HEAD')).status).toBe(405);
    } finally {
      await close();
    }
  });
});

describe('the local gateway and a private page', () => {
  it('sends a request with an access cookie past the cache, both ways, and passes its cookies in and out', async () => {
    const seen: (string[] | undefined)[] = [];
    const handler: AreaHandler = async (event) => {
      seen.push(event.cookies);
      // A public copy first (the page before it was made private), then the page as the cookie opens it.
      return event.cookies?.length
        ? { statusCode: 200, headers: { 'cache-control': 'private, no-store' }, cookies: ['upwatch_sp_P1=renewed; Path=/'], body: 'inside' }
        : { statusCode: 200, headers: { 'cache-control': 'public, max-age=30, stale-while-revalidate=60' }, body: 'public copy' };
    };
    const gateway = createGateway({
      webRoot: '/nonexistent',
      handlers: new Proxy({} as Record<string, AreaHandler>, { get: () => handler }) as Parameters<typeof createGateway>[0]['handlers'],
      authorize: async () => null,
      runtimeConfig: {},
      isReady: () => true,
      responseCache: createResponseCache(),
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
    try {
      expect(await (await fetch(`${base}/status/acme`)).text()).toBe('public copy');
      const inside = await fetch(`${base}/status/acme`, { headers: { cookie: 'theme=dark; upwatch_sp_P1=v.1.sig' } });
      expect(await inside.text()).toBe('inside');
      expect(inside.headers.get('age')).toBeNull();
      expect(inside.headers.getSetCookie()).toEqual(['upwatch_sp_P1=renewed; Path=/']);
      expect(seen.at(-1)).toEqual(['theme=dark', 'upwatch_sp_P1=v.1.sig']);
      // The cookieless copy is still the one cached; the private answer was not stored over it.
      expect(await (await fetch(`${base}/status/acme`)).text()).toBe('public copy');
      expect(seen).toHaveLength(2);
    } finally {
      await new Promise((resolve) => gateway.close(resolve));
    }
  });

  it('tells an access cookie from other cookies', () => {
    expect(carriesPageAccess({ headers: { cookie: 'upwatch_sp_01ABC=x' } })).toBe(true);
    expect(carriesPageAccess({ headers: { cookie: 'a=1; upwatch_sp_01ABC=x' } })).toBe(true);
    expect(carriesPageAccess({ headers: { cookie: 'my_upwatch_sp_=x' } })).toBe(false);
    expect(carriesPageAccess({ headers: {} })).toBe(false);
  });
});

describe('API origin paths', () => {
  it('cover every route, so CloudFront and the local gateway send each to the API', () => {
    for (const route of ROUTES) expect(API_ORIGIN_PREFIXES.some((prefix) => route.path.startsWith(prefix)), route.path).toBe(true);
  });
});
