import { isSecretKey, REDACTED, scrubText } from '../services/operations/scrub-context.js';

/**
 * How a log line is written, apart from what it says (docs/observability.md): secrets taken out of
 * every line, whatever its format, and the readable one-line form the local cloud prints instead of
 * the JSON that CloudWatch reads. Pure.
 */

/** Long enough for a stack trace; a line is not an error log entry (scrub-context.ts cuts those at 2,000). */
const MAX_TEXT = 8000;

/**
 * Powertools' `jsonReplacerFn`, also applied to the local lines: a value under a key that names a
 * secret (password, token, authorization, ...) is replaced whole, and bearer tokens, JWTs and
 * `?token=` parameters are cut out of strings (error messages quoting a URL, say).
 */
export const redactLogValue = (key: string, value: unknown): unknown => {
  if (key !== '' && isSecretKey(key)) return REDACTED;
  return typeof value === 'string' ? scrubText(value, MAX_TEXT) : value;
};

/** Keys every JSON line carries that the local line shows in its head, or leaves out as noise there. */
const HEAD_KEYS = new Set([
  'level',
  'message',
  'timestamp',
  'service',
  'cold_start',
  'function_arn',
  'function_memory_size',
  'function_name',
  'function_request_id',
  'sampling_rate',
  'xray_trace_id',
]);

const SAFE_BARE = /^[\w.:@/#+[\]-]+$/;

const describeValue = (value: unknown): string => {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return SAFE_BARE.test(value) ? value : JSON.stringify(value);
  if (value instanceof Error) return JSON.stringify(redactLogValue('error', `${value.name}: ${value.message}`));
  return JSON.stringify(value, (key, inner: unknown) => redactLogValue(key, inner instanceof Error ? `${inner.name}: ${inner.message}` : inner));
};

/** The stack of an error and of its causes, indented under the line. */
const stackLines = (error: Error, depth = 0): string[] => {
  const lines = (error.stack ?? `${error.name}: ${error.message}`).split('\n').map((line) => `    ${redactLogValue('stack', line.trim()) as string}`);
  if (depth > 0) lines[0] = `    caused by ${lines[0]!.trim()}`;
  return error.cause instanceof Error && depth < 3 ? [...lines, ...stackLines(error.cause, depth + 1)] : lines;
};

const time = (value: unknown): string => {
  const date = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(date.getTime()) ? String(value) : date.toISOString().slice(11, 23);
};

/**
 * One log entry as the local cloud prints it:
 * `12:03:04.123 INFO  mailer 5f1c2a9e Alert mailed transitionId=... messageId=...`, the function and
 * the first 8 characters of its request id in the head, every other key as key=value (secrets
 * redacted), and for an error its stack (and causes) on the lines below.
 */
export const textLogLine = (attributes: Record<string, unknown>): string => {
  const level = String(attributes.level ?? 'INFO').toUpperCase();
  const requestId = typeof attributes.function_request_id === 'string' ? attributes.function_request_id.slice(0, 8) : '';
  const head = [time(attributes.timestamp), level.padEnd(5), attributes.function_name, requestId, attributes.message]
    .filter((part) => part !== undefined && part !== '')
    .join(' ');
  const fields: string[] = [];
  const errors: Error[] = [];
  for (const [key, value] of Object.entries(attributes)) {
    if (HEAD_KEYS.has(key) || value === undefined) continue;
    if (value instanceof Error) errors.push(value);
    fields.push(`${key}=${describeValue(redactLogValue(key, value))}`);
  }
  const lines = [fields.length ? `${head} ${fields.join(' ')}` : head];
  for (const error of errors) lines.push(...stackLines(error).slice(1));
  return lines.join('\n');
};
