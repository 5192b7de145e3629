import { CHECK_OPTION_LIMITS, RESERVED_HEADERS, type CheckOptions } from './check-options.js';

/**
 * The rules between a monitor's check options (docs/checks.md), checked by the server on the merged
 * options of every create, update and CSV row, and by the form before it sends them.
 */
export interface OptionProblem {
  field: string;
  message: string;
}

export const BODY_NEEDS_METHOD = 'A request body needs method POST, PUT, PATCH, DELETE or OPTIONS';
export const HEAD_HAS_NO_BODY = 'HEAD requests get no body back: keyword and JSON assertions need another method';
export const RESPONSE_TIME_OVER_TIMEOUT = 'Maximum response time cannot be longer than the timeout';

/** The first problem of the options of a monitor with this timeout, or null when they hold together. */
export const checkOptionsProblem = (options: CheckOptions, timeoutSeconds: number): OptionProblem | null => {
  const method = options.method ?? 'GET';
  if (options.body !== undefined && (method === 'GET' || method === 'HEAD')) return { field: 'body', message: BODY_NEEDS_METHOD };
  if (options.body_content_type !== undefined && options.body === undefined) {
    return { field: 'body_content_type', message: 'A body content type needs a body' };
  }
  if (method === 'HEAD' && (options.keyword !== undefined || options.json_path !== undefined)) {
    return { field: options.keyword !== undefined ? 'keyword' : 'json_path', message: HEAD_HAS_NO_BODY };
  }
  const seen = new Set<string>();
  for (const { name } of options.headers ?? []) {
    const lower = name.toLowerCase();
    if ((RESERVED_HEADERS as readonly string[]).includes(lower)) {
      return { field: 'headers', message: `The ${name} header is set by the check itself and cannot be changed` };
    }
    if (seen.has(lower)) return { field: 'headers', message: `The ${name} header appears twice` };
    seen.add(lower);
  }
  if (options.basic_auth && seen.has('authorization')) {
    return { field: 'basic_auth', message: 'Use either basic auth or an Authorization header, not both' };
  }
  if (options.json_expected !== undefined && options.json_path === undefined) {
    return { field: 'json_expected', message: 'An expected JSON value needs a JSON path' };
  }
  if (options.json_match === 'exists' && options.json_expected !== undefined) {
    return { field: 'json_expected', message: 'json_match exists takes no expected value' };
  }
  if ((options.json_match === 'equals' || options.json_match === 'contains') && options.json_expected === undefined) {
    return { field: 'json_expected', message: `json_match ${options.json_match} needs json_expected` };
  }
  if (options.header_expected !== undefined && options.header_name === undefined) {
    return { field: 'header_expected', message: 'An expected header value needs a header name' };
  }
  if (options.header_match === 'exists' && options.header_expected !== undefined) {
    return { field: 'header_expected', message: 'header_match exists takes no expected value' };
  }
  if ((options.header_match === 'equals' || options.header_match === 'contains') && options.header_expected === undefined) {
    return { field: 'header_expected', message: `header_match ${options.header_match} needs header_expected` };
  }
  if (options.max_response_time_ms !== undefined && options.max_response_time_ms > timeoutSeconds * 1000) {
    return { field: 'max_response_time_ms', message: RESPONSE_TIME_OVER_TIMEOUT };
  }
  const stored = JSON.stringify(options).length;
  if (stored > CHECK_OPTION_LIMITS.storedChars) {
    return {
      field: 'headers',
      message: `Request options and assertions are too large (${stored} characters stored, at most ${CHECK_OPTION_LIMITS.storedChars}): shorten the body or the headers`,
    };
  }
  return null;
};

/**
 * The response time a check must beat: the monitor's slow threshold, or `max_response_time_ms`
 * when that is stricter. A slower answer is degraded (slow), never down (docs/checks.md).
 */
export const effectiveSlowThresholdMs = (slowThresholdMs: number, options: Pick<CheckOptions, 'max_response_time_ms'> | undefined): number =>
  Math.min(slowThresholdMs, options?.max_response_time_ms ?? Number.POSITIVE_INFINITY);
