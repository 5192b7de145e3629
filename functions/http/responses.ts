import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { AppError } from '../../shared/errors.js';
import { API_SECURITY_HEADERS } from '../../shared/web/api-security-headers.js';

/**
 * The event every API handler receives. Public routes carry no authorizer at run time, whatever the
 * type says, so code reading claims treats `requestContext.authorizer` as optional.
 */
export type ApiEvent = APIGatewayProxyEventV2WithJWTAuthorizer;
export type ApiResult = APIGatewayProxyStructuredResultV2;

// Every API answer is personal or changes quickly: no shared cache may keep it. The security
// headers of docs/security.md "Browser" go with each.
const HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...API_SECURITY_HEADERS } as const;

export const json = (statusCode: number, body: unknown): ApiResult => ({
  statusCode,
  headers: { ...HEADERS },
  body: JSON.stringify(body),
});

export const ok = (body: unknown): ApiResult => json(200, body);

export const created = (body: unknown): ApiResult => json(201, body);

export const errorResponse = (error: AppError): ApiResult => json(error.status, error.toBody());

/**
 * A JSON document the browser saves as a file. `filename` is built by our code, never taken from
 * the request, so it needs no escaping. Compact JSON: an export can be large, and a Lambda answer
 * is capped at 6 MB.
 */
export const jsonDownload = (filename: string, body: unknown): ApiResult => ({
  statusCode: 200,
  headers: { ...HEADERS, 'content-disposition': `attachment; filename="${filename}"` },
  body: JSON.stringify(body),
});

/**
 * An HTML document the browser saves as a file (a receipt). Like `jsonDownload`, `filename` is
 * built by our code. The document is a standalone page: no script, nothing loaded from elsewhere.
 */
export const htmlDownload = (filename: string, document: string): ApiResult => ({
  statusCode: 200,
  headers: {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-disposition': `attachment; filename="${filename}"`,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  },
  body: document,
});

/**
 * A page a browser opens (the public status page): its own Content-Security-Policy and the
 * `Cache-Control` its route chooses, since shared caches may keep a public page
 * (docs/status-pages.md "Caching").
 */
export const htmlPage = (
  statusCode: number,
  page: { html: string; contentSecurityPolicy: string },
  cacheControl: string,
): ApiResult => ({
  statusCode,
  headers: {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': cacheControl,
    'content-security-policy': page.contentSecurityPolicy,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
  },
  body: page.html,
});

/**
 * A feed document (Atom, RSS or JSON Feed) with its own Content-Type and the `Cache-Control` its
 * route chooses, like the public page it follows (docs/status-pages.md "Feeds").
 */
export const feedDocument = (contentType: string, body: string, cacheControl: string): ApiResult => ({
  statusCode: 200,
  headers: { 'content-type': contentType, 'cache-control': cacheControl, 'x-content-type-options': 'nosniff' },
  body,
});
