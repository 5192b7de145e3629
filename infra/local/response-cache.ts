import type { APIGatewayProxyResultV2 } from 'aws-lambda';

/**
 * The local stand-in for CloudFront's cache in front of the public status page (docs/status-pages.md
 * "Caching"): a GET answer whose `Cache-Control` says `public, max-age=N` is kept N seconds under
 * its path and query, and for `stale-while-revalidate=M` seconds more it is still served while one
 * fresh copy is fetched behind it. Misses for the same path share one handler call, so a crowd
 * opening a page at once costs one render, as on AWS. Nothing else is cached: every other answer
 * says `no-store`.
 */

type Result = APIGatewayProxyResultV2;

interface Entry {
  result: Result;
  storedAt: number;
  maxAgeMs: number;
  staleMs: number;
}

/** `max-age` and `stale-while-revalidate` in ms when the answer may be kept by a shared cache; else null. */
export const cacheLifetime = (result: Result): { maxAgeMs: number; staleMs: number } | null => {
  if (typeof result !== 'object' || result === null || !('statusCode' in result)) return null;
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

export interface ResponseCache {
  /** The answer for `key`: from the cache when fresh (or stale within its grace, refreshing behind it), else from `load`. */
  get(key: string, load: () => Promise<Result>): Promise<{ result: Result; ageSeconds: number | null }>;
}

export const createResponseCache = (now: () => number = Date.now): ResponseCache => {
  const entries = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<Result>>();

  const fetchInto = (key: string, load: () => Promise<Result>): Promise<Result> => {
    const running = inFlight.get(key);
    if (running) return running;
    const started = load()
      .then((result) => {
        const lifetime = cacheLifetime(result);
        if (lifetime) entries.set(key, { result, storedAt: now(), ...lifetime });
        else entries.delete(key);
        return result;
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
        if (age < entry.maxAgeMs) return { result: entry.result, ageSeconds };
        if (age < entry.maxAgeMs + entry.staleMs) {
          // Served stale; a failed refresh leaves the entry as it was, and the next request tries again.
          fetchInto(key, load).catch(() => undefined);
          return { result: entry.result, ageSeconds };
        }
      }
      return { result: await fetchInto(key, load), ageSeconds: null };
    },
  };
};
