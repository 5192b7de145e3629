import { createHash } from 'node:crypto';
import type { ApiEvent, ApiResult } from './responses.js';

/**
 * An SVG image any cache may keep (docs/status-pages.md "Badges"): a minute fresh, then served
 * stale for five more while it is fetched again, with an ETag so a cache or browser that asks
 * again with If-None-Match gets a 304 without the body. The image holds no script, and the CSP
 * keeps it from loading anything should it be opened on its own.
 */
export const SVG_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';

const HEADERS = {
  'content-type': 'image/svg+xml; charset=utf-8',
  'cache-control': SVG_CACHE_CONTROL,
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
  'x-content-type-options': 'nosniff',
} as const;

/** A strong ETag of a body: its SHA-256, shortened (a collision would only serve an older badge). */
export const etagOf = (body: string): string => `"${createHash('sha256').update(body, 'utf8').digest('base64url').slice(0, 27)}"`;

/** Whether an If-None-Match header names this ETag (a list, weak forms and `*` included). */
export const matchesIfNoneMatch = (header: string | undefined, etag: string): boolean =>
  header !== undefined &&
  header.split(',').some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag;
  });

/** The SVG with `statusCode`, or a 304 when the request already holds this very image. */
export const cacheableSvg = (event: Pick<ApiEvent, 'headers'>, statusCode: number, svg: string): ApiResult => {
  const etag = etagOf(svg);
  const ifNoneMatch = event.headers?.['if-none-match'] ?? event.headers?.['If-None-Match'];
  if (statusCode === 200 && matchesIfNoneMatch(ifNoneMatch, etag)) return { statusCode: 304, headers: { ...HEADERS, etag } };
  return { statusCode, headers: { ...HEADERS, etag }, body: svg };
};
