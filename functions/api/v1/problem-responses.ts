import { STATUS_CODES } from 'node:http';
import type { AreaHandler } from '../../http/area-handler.js';
import type { ApiResult } from '../../http/responses.js';

/**
 * The public API's error shape, in one place (docs/api.md "Errors"): every error answer of the v1
 * area, whoever produced it (the caller check, a handler's validation, a service's AppError, the
 * area's own 401/404), is rewritten from the app's `{detail, code, errors?}` to RFC 9457
 * `application/problem+json` with `type`, `title` and `status` added; `detail`, `code` and
 * `errors` stay as they were, so a client can rely on the same codes as the app.
 */
export const asProblem = (result: ApiResult): ApiResult => {
  const status = result.statusCode ?? 200;
  if (status < 400 || typeof result.body !== 'string') return result;
  let parsed: { detail?: unknown; code?: unknown; errors?: unknown } = {};
  try {
    parsed = JSON.parse(result.body) as typeof parsed;
  } catch {
    // A body that is not JSON keeps only its status; the title says what it means.
  }
  const title = STATUS_CODES[status] ?? 'Error';
  const problem = {
    type: 'about:blank',
    title,
    status,
    detail: typeof parsed.detail === 'string' ? parsed.detail : title,
    code: typeof parsed.code === 'string' ? parsed.code : 'INTERNAL',
    ...(Array.isArray(parsed.errors) ? { errors: parsed.errors } : {}),
  };
  return {
    ...result,
    headers: { ...result.headers, 'content-type': 'application/problem+json; charset=utf-8' },
    body: JSON.stringify(problem),
  };
};

/** The v1 area's entry with every error answered as a problem document. */
export const withProblemResponses = (entry: AreaHandler): AreaHandler => async (event, context) => asProblem(await entry(event, context));
