import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { APIGatewayProxyResultV2 } from 'aws-lambda';
import { pickEncoding, type ContentEncoding } from './static-files.js';

/**
 * The local stand-in for CloudFront's cache in front of the public status page (docs/status-pages.md
 * "Caching"): a GET answer whose `Cache-Control` says `public, max-age=N` is kept N seconds under
 * its path and query, and for `stale-while-revalidate=M` seconds more it is still served while one
 * fresh copy is fetched behind it. Misses for the same path share one handler call, so a crowd
 * opening a page at once costs one render, as on AWS. Each copy is also kept compressed (gzip and
 * Brotli, made once when the copy is stored), and served in the encoding the request's
 * `Accept-Encoding` takes, as CloudFront's automatic compression does. Nothing else is cached:
 * every other answer says `no-store`.
 */

type Result = APIGatewayProxyResultV2;

/** A cached answer's body as sent: as it is, and compressed when its type is worth it. */
export interface CachedBodies {
  identity: Buffer;
  gzip?: Buffer;
  br?: Buffer;
}

interface Entry {
  result: Result;
  bodies: CachedBodies;
  storedAt: number;
  maxAgeMs: number;
  staleMs: number;
}

/**
 * The statuses CloudFront keeps; others (a 304 answering one client's If-None-Match above all) are
 * passed on and never served to anyone else.
 */
const CACHED_STATUSES = new Set([200, 203, 300, 301, 404, 410]);

/** `max-age` and `stale-while-revalidate` in ms when the answer may be kept by a shared cache; else null. */
export const cacheLifetime = (result: Result): { maxAgeMs: number; staleMs: number } | null => {
  if (typeof result !== 'object' || result === null || !('statusCode' in result)) return null;
  if (!CACHED_STATUSES.has(result.statusCode ?? 200)) return null;
  const headers = Object.fromEntries(Object.entries(result.headers ?? {}).map(([name, value]) => [name.toLowerCase(), String(value)]));
  const directives = (headers['cache-control'] ?? '').toLowerCase().split(',').map((part) => part.trim());
  if (!directives.includes('public') || result.cookies?.length) return null;
  const seconds = (name: string): number => {
    const found = directives.find((part) => part.startsWith(`${name}=`));
    const value = found ? Number(found.slice(name.length + 1)) : 0;
    return Number.isFinite(value) && value > 0 ? value * 1000 : 0;
  };
  const maxAgeMs = seconds('max-age');
  return maxAgeMs > 0 ? { maxAgeMs, staleMs: seconds('stale-while-revalidate') } : null;
};

/** CloudFront compresses answers of 1,000 bytes to 10 MB, of text types, not already encoded. */
const MIN_COMPRESSED_BYTES = 1000;
const COMPRESSIBLE_TYPE = /^(text\/|application\/(json|javascript|xml|[^;]*\+json|[^;]*\+xml)|image\/svg\+xml)/i;

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

const headerOf = (result: Result, name: string): string | undefined => {
  if (typeof result !== 'object' || result === null || !('statusCode' in result)) return undefined;
  const found = Object.entries(result.headers ?? {}).find(([key]) => key.toLowerCase() === name);
  return found ? String(found[1]) : undefined;
};

/** The raw bytes of a Lambda proxy result's body, as API Gateway sends them. */
export const bodyOf = (result: Result): Buffer => {
  if (typeof result !== 'object' || result === null || !('statusCode' in result)) return Buffer.from(JSON.stringify(result));
  if (result.body === undefined) return Buffer.alloc(0);
  return Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8');
};

/**
 * The answer's body as it is and, for a text type of at least 1,000 bytes, gzip (level 6) and Brotli
 * (quality 5: about as small as 11 for these pages at a few ms, not a second), made off the event
 * loop. Once per stored copy, so a crowd costs no compression at all.
 */
export const compressBodies = async (result: Result): Promise<CachedBodies> => {
  const identity = bodyOf(result);
  const type = headerOf(result, 'content-type') ?? '';
  if (identity.length < MIN_COMPRESSED_BYTES || headerOf(result, 'content-encoding') || !COMPRESSIBLE_TYPE.test(type)) return { identity };
  const [gzipped, brotlied] = await Promise.all([
    gzip(identity),
    brotli(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
  ]);
  return { identity, gzip: gzipped, br: brotlied };
};

/**
 * Which copy to send for a request's `Accept-Encoding` (Brotli, else gzip, else as it is), and the
 * headers that go with it: `Content-Length` of what is sent, `Content-Encoding`, and `Vary:
 * Accept-Encoding` whenever a compressed copy exists, so a cache behind ours keeps them apart.
 */
export const chooseBody = (bodies: CachedBodies, acceptEncoding: string | undefined): { body: Buffer; headers: Record<string, string> } => {
  const compressed = bodies.gzip !== undefined || bodies.br !== undefined;
  const wanted = compressed ? pickEncoding(acceptEncoding) : null;
  const encoding: ContentEncoding | null = wanted === 'br' && bodies.br ? 'br' : wanted && bodies.gzip ? 'gzip' : null;
  const body = encoding ? bodies[encoding]! : bodies.identity;
  return {
    body,
    headers: {
      'content-length': String(body.length),
      ...(encoding ? { 'content-encoding': encoding } : {}),
      ...(compressed ? { vary: 'accept-encoding' } : {}),
    },
  };
};

/** What the cache answers: the handler's result, its age when it came from the cache, and its bodies when it is a stored copy. */
export interface CachedAnswer {
  result: Result;
  ageSeconds: number | null;
  /** Null for an answer the cache does not keep (it is sent as the handler gave it). */
  bodies: CachedBodies | null;
}

export interface ResponseCache {
  /** The answer for `key`: from the cache when fresh (or stale within its grace, refreshing behind it), else from `load`. */
  get(key: string, load: () => Promise<Result>): Promise<CachedAnswer>;
}

export const createResponseCache = (now: () => number = Date.now): ResponseCache => {
  const entries = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<{ result: Result; bodies: CachedBodies | null }>>();

  const fetchInto = (key: string, load: () => Promise<Result>): Promise<{ result: Result; bodies: CachedBodies | null }> => {
    const running = inFlight.get(key);
    if (running) return running;
    const started = load()
      .then(async (result) => {
        const lifetime = cacheLifetime(result);
        if (!lifetime) {
          entries.delete(key);
          return { result, bodies: null };
        }
        const bodies = await compressBodies(result);
        entries.set(key, { result, bodies, storedAt: now(), ...lifetime });
        return { result, bodies };
      })
      .finally(() => inFlight.delete(key));
    inFlight.set(key, started);
    return started;
  };

  return {
    async get(key, load) {
      const entry = entries.get(key);
      if (entry) {
        const age = now() - entry.storedAt;
        const ageSeconds = Math.floor(age / 1000);
        if (age < entry.maxAgeMs) return { result: entry.result, bodies: entry.bodies, ageSeconds };
        if (age < entry.maxAgeMs + entry.staleMs) {
          // Served stale; a failed refresh leaves the entry as it was, and the next request tries again.
          fetchInto(key, load).catch(() => undefined);
          return { result: entry.result, bodies: entry.bodies, ageSeconds };
        }
      }
      return { ...(await fetchInto(key, load)), ageSeconds: null };
    },
  };
};
