import type { CheckOptions } from '../monitors/check-options.js';
import { DEFAULT_EXPECTED_STATUS_CODES, statusAccepted } from '../monitors/status-codes.js';
import type { AssertionKind, ErrorCategory } from './check-result.js';
import { jsonValueText, parseJsonPath, valueAtPath } from './json-path.js';

/**
 * Whether an answer is what the monitor expects (docs/checks.md "Assertions"): the status code,
 * then the keyword, the JSON path and the response header, each only when the monitor sets it.
 * All must hold for "up". Every assertion is evaluated, so the result names each one that failed;
 * the first failure (in that order) gives the check its error category. Pure: the checker passes
 * the answer in, tests pass theirs.
 */
export interface AnswerToAssert {
  statusCode: number;
  /** Node's parsed headers: lower-case names. */
  headers: Record<string, string | string[] | undefined>;
  /** The body read (up to the cap), as text; null when the check did not read it. */
  body: string | null;
  /** True when the body was larger than the cap and only its start was read. */
  bodyCapped: boolean;
  bodyCapBytes: number;
}

export interface AssertionFailure {
  kind: AssertionKind;
  category: ErrorCategory;
  message: string;
}

const quote = (text: string, max = 80): string => `"${text.length > max ? `${text.slice(0, max)}…` : text}"`;

const cappedFailure = (kind: AssertionKind, answer: AnswerToAssert, what: string): AssertionFailure => ({
  kind,
  category: 'body_too_large',
  message: `the body is larger than ${Math.round(answer.bodyCapBytes / 1024)} KiB, the most a check reads, so the ${what} cannot be checked`,
});

const statusFailure = (statusCode: number, expected: string | undefined): AssertionFailure | null => {
  if (statusAccepted(statusCode, expected)) return null;
  const category: ErrorCategory =
    statusCode < 100 || statusCode > 599
      ? 'invalid_response'
      : statusCode >= 400 && statusCode < 500
        ? 'http_4xx'
        : statusCode >= 500
          ? 'http_5xx'
          : 'unexpected_status';
  // A plain error status reads as before; any other refusal names the list it missed.
  const message =
    category === 'unexpected_status' || expected !== undefined
      ? `HTTP ${statusCode} is not one of the expected status codes ${expected ?? DEFAULT_EXPECTED_STATUS_CODES}`
      : `HTTP ${statusCode}`;
  return { kind: 'status', category, message };
};

const keywordFailure = (options: CheckOptions, answer: AnswerToAssert): AssertionFailure | null => {
  const keyword = options.keyword;
  if (keyword === undefined || answer.body === null) return null;
  const caseSensitive = options.keyword_case_sensitive ?? false;
  const found = caseSensitive ? answer.body.includes(keyword) : answer.body.toLowerCase().includes(keyword.toLowerCase());
  if ((options.keyword_mode ?? 'present') === 'present') {
    if (found) return null;
    if (answer.bodyCapped) return cappedFailure('keyword', answer, 'keyword');
    return { kind: 'keyword', category: 'keyword_missing', message: `the keyword ${quote(keyword)} is not in the page` };
  }
  if (found) return { kind: 'keyword', category: 'keyword_found', message: `the keyword ${quote(keyword)} is in the page, and it should not be` };
  return answer.bodyCapped ? cappedFailure('keyword', answer, 'keyword') : null;
};

const jsonFailure = (options: CheckOptions, answer: AnswerToAssert): AssertionFailure | null => {
  const path = options.json_path;
  if (path === undefined || answer.body === null) return null;
  if (answer.bodyCapped) return cappedFailure('json_path', answer, 'JSON path');
  const fail = (message: string): AssertionFailure => ({ kind: 'json_path', category: 'json_mismatch', message });
  let document: unknown;
  try {
    document = JSON.parse(answer.body);
  } catch {
    return fail(`the answer is not JSON, so ${path} cannot be read`);
  }
  const steps = parseJsonPath(path);
  const value = steps === null ? undefined : valueAtPath(document, steps);
  if (value === undefined) return fail(`the JSON has no value at ${path}`);
  const match = options.json_match ?? (options.json_expected !== undefined ? 'equals' : 'exists');
  const expected = options.json_expected ?? '';
  const actual = jsonValueText(value);
  if (match === 'equals' && actual !== expected) return fail(`${path} is ${quote(actual)}, expected ${quote(expected)}`);
  if (match === 'contains') {
    const holds = Array.isArray(value) ? value.some((item) => jsonValueText(item) === expected) : actual.includes(expected);
    if (!holds) return fail(`${path} is ${quote(actual)}, which does not contain ${quote(expected)}`);
  }
  return null;
};

const headerFailure = (options: CheckOptions, answer: AnswerToAssert): AssertionFailure | null => {
  const name = options.header_name;
  if (name === undefined) return null;
  const raw = answer.headers[name.toLowerCase()];
  const fail = (message: string): AssertionFailure => ({ kind: 'header', category: 'header_mismatch', message });
  if (raw === undefined) return fail(`the answer has no ${name} header`);
  const value = Array.isArray(raw) ? raw.join(', ') : raw;
  const match = options.header_match ?? (options.header_expected !== undefined ? 'contains' : 'exists');
  const expected = options.header_expected ?? '';
  if (match === 'equals' && value.trim() !== expected.trim()) return fail(`the ${name} header is ${quote(value)}, expected ${quote(expected)}`);
  // Header values are compared without regard to case when "contains": `Application/JSON` has `json`.
  if (match === 'contains' && !value.toLowerCase().includes(expected.toLowerCase())) {
    return fail(`the ${name} header is ${quote(value)}, which does not contain ${quote(expected)}`);
  }
  return null;
};

/** Every assertion that fails on this answer, status first; empty when the answer is what the monitor expects. */
export const failedAssertions = (options: CheckOptions | undefined, answer: AnswerToAssert): AssertionFailure[] => {
  const o = options ?? {};
  return [statusFailure(answer.statusCode, o.expected_status_codes), keywordFailure(o, answer), jsonFailure(o, answer), headerFailure(o, answer)].filter(
    (failure): failure is AssertionFailure => failure !== null,
  );
};
