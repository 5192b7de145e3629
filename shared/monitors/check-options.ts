import { z } from 'zod';
import { parseJsonPath } from '../checks/json-path.js';
import { parseStatusCodes } from './status-codes.js';

/**
 * What a monitor's check sends and what must hold for "up" (docs/checks.md "Request options" and
 * "Assertions"). Every field is optional: a monitor without any of them is checked as before (GET,
 * redirects followed, 200-399 accepted). The API names are the stored names.
 */
export const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];
export const KEYWORD_MODES = ['present', 'absent'] as const;
export const JSON_MATCHES = ['equals', 'contains', 'exists'] as const;
export const HEADER_MATCHES = ['equals', 'contains', 'exists'] as const;

/** What the API answers in place of a secret; sent back unchanged in an update, it keeps the secret. */
export const SECRET_MASK = '••••';

export const CHECK_OPTION_LIMITS = {
  headers: 20,
  headerName: 100,
  headerValue: 1000,
  body: 2000,
  contentType: 100,
  username: 200,
  password: 500,
  keyword: 200,
  jsonPath: 200,
  expectedValue: 500,
  maxResponseTimeMs: 300_000,
  /**
   * The stored options of one monitor, secrets sealed, as JSON characters. Every check job carries
   * them, and a pack of 50 jobs (dispatch.ts) must stay under the 256 KB of one SQS message.
   */
  storedChars: 3000,
} as const;

/** Headers the check itself sets, or that would break the HTTP framing of the request. */
export const RESERVED_HEADERS = [
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'proxy-authorization',
  'proxy-connection',
] as const;

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** A stored request header; a secret one holds only its sealed value (functions/secrets/envelope.ts). */
export interface StoredHeader {
  name: string;
  value?: string;
  sealed?: string;
}

/** The options as stored on the monitor item (`check_options`) and carried by every check job. */
export interface CheckOptions {
  method?: HttpMethod;
  headers?: StoredHeader[];
  body?: string;
  body_content_type?: string;
  basic_auth?: { username: string; password_sealed: string };
  follow_redirects?: boolean;
  expected_status_codes?: string;
  keyword?: string;
  keyword_mode?: (typeof KEYWORD_MODES)[number];
  keyword_case_sensitive?: boolean;
  json_path?: string;
  json_expected?: string;
  json_match?: (typeof JSON_MATCHES)[number];
  header_name?: string;
  header_expected?: string;
  header_match?: (typeof HEADER_MATCHES)[number];
  max_response_time_ms?: number;
}

/** The same options as the API shows them: secrets masked, defaults filled in. */
export interface CheckOptionsView {
  method: HttpMethod;
  headers: Record<string, string>;
  /** Names of the headers whose values are secret (shown as SECRET_MASK). */
  secret_headers: string[];
  body: string | null;
  body_content_type: string | null;
  basic_auth: { username: string; has_password: boolean } | null;
  follow_redirects: boolean;
  expected_status_codes: string | null;
  keyword: string | null;
  keyword_mode: (typeof KEYWORD_MODES)[number];
  keyword_case_sensitive: boolean;
  json_path: string | null;
  json_expected: string | null;
  json_match: (typeof JSON_MATCHES)[number] | null;
  header_name: string | null;
  header_expected: string | null;
  header_match: (typeof HEADER_MATCHES)[number] | null;
  max_response_time_ms: number | null;
}

export const checkOptionsView = (options: CheckOptions | undefined): CheckOptionsView => {
  const o = options ?? {};
  const headers = o.headers ?? [];
  return {
    method: o.method ?? 'GET',
    headers: Object.fromEntries(headers.map((header) => [header.name, header.sealed !== undefined ? SECRET_MASK : (header.value ?? '')])),
    secret_headers: headers.filter((header) => header.sealed !== undefined).map((header) => header.name),
    body: o.body ?? null,
    body_content_type: o.body_content_type ?? null,
    basic_auth: o.basic_auth ? { username: o.basic_auth.username, has_password: true } : null,
    follow_redirects: o.follow_redirects ?? true,
    expected_status_codes: o.expected_status_codes ?? null,
    keyword: o.keyword ?? null,
    keyword_mode: o.keyword_mode ?? 'present',
    keyword_case_sensitive: o.keyword_case_sensitive ?? false,
    json_path: o.json_path ?? null,
    json_expected: o.json_expected ?? null,
    json_match: o.json_path ? (o.json_match ?? (o.json_expected !== undefined ? 'equals' : 'exists')) : null,
    header_name: o.header_name ?? null,
    header_expected: o.header_expected ?? null,
    header_match: o.header_name ? (o.header_match ?? (o.header_expected !== undefined ? 'contains' : 'exists')) : null,
    max_response_time_ms: o.max_response_time_ms ?? null,
  };
};

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .max(max, `${label} is too long (${max} characters at most)`)
    .refine((value) => !/[\r\n\0]/.test(value), `${label} cannot contain line breaks`);

const nonEmpty = (label: string, max: number) => text(label, max).trim().min(1, `${label} cannot be empty`);

const HeaderName = z
  .string({ error: 'Header names must be text' })
  .trim()
  .min(1, 'Header names cannot be empty')
  .max(CHECK_OPTION_LIMITS.headerName, `Header names are at most ${CHECK_OPTION_LIMITS.headerName} characters`)
  .refine((name) => HEADER_NAME.test(name), 'Header names may contain only letters, digits and - _ . ! # $ % & \' * + ^ ` | ~');

/**
 * The new fields of POST and PUT /api/monitors, each checked on its own (400 `{detail}` naming it).
 * `null` clears a field in an update; left out keeps it. Rules between fields are in
 * `checkOptionsProblems`, run on the merged options.
 */
export const CheckOptionsInput = z.object({
  method: z.enum(HTTP_METHODS, { error: `Method must be one of ${HTTP_METHODS.join(', ')}` }).nullish(),
  headers: z
    .record(z.string(), text('Header values', CHECK_OPTION_LIMITS.headerValue), { error: 'Headers must be an object of names and text values' })
    .superRefine((headers, ctx) => {
      // Names checked here rather than as record keys, so the answer names the problem.
      for (const name of Object.keys(headers)) {
        const problem = HeaderName.safeParse(name);
        if (!problem.success) ctx.addIssue({ code: 'custom', message: problem.error.issues[0]!.message });
      }
    })
    .refine((headers) => Object.keys(headers).length <= CHECK_OPTION_LIMITS.headers, `At most ${CHECK_OPTION_LIMITS.headers} headers`)
    .nullish(),
  secret_headers: z.array(HeaderName, { error: 'secret_headers must be a list of header names' }).max(CHECK_OPTION_LIMITS.headers).nullish(),
  body: z.string({ error: 'Body must be text' }).max(CHECK_OPTION_LIMITS.body, `Body is too long (${CHECK_OPTION_LIMITS.body} characters at most)`).nullish(),
  body_content_type: nonEmpty('Body content type', CHECK_OPTION_LIMITS.contentType)
    .refine((value) => /^[\w.+-]+\/[\w.+-]+(\s*;.*)?$/.test(value), 'Body content type must look like application/json')
    .nullish(),
  basic_auth: z
    .object(
      {
        username: nonEmpty('Basic auth username', CHECK_OPTION_LIMITS.username).refine((name) => !name.includes(':'), 'Basic auth username cannot contain ":"'),
        password: text('Basic auth password', CHECK_OPTION_LIMITS.password).optional(),
      },
      { error: 'basic_auth must be an object with username and password' },
    )
    .nullish(),
  follow_redirects: z.boolean({ error: 'follow_redirects must be true or false' }).nullish(),
  expected_status_codes: z
    .string({ error: 'Expected status codes must be text like 200-299,301' })
    .trim()
    .superRefine((value, ctx) => {
      const parsed = parseStatusCodes(value);
      if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.reason });
    })
    .nullish(),
  keyword: nonEmpty('Keyword', CHECK_OPTION_LIMITS.keyword).nullish(),
  keyword_mode: z.enum(KEYWORD_MODES, { error: 'keyword_mode must be present or absent' }).nullish(),
  keyword_case_sensitive: z.boolean({ error: 'keyword_case_sensitive must be true or false' }).nullish(),
  json_path: nonEmpty('JSON path', CHECK_OPTION_LIMITS.jsonPath)
    .refine((path) => parseJsonPath(path) !== null, 'JSON path must name one value, like $.status or $.items[0].id')
    .nullish(),
  json_expected: text('Expected JSON value', CHECK_OPTION_LIMITS.expectedValue).nullish(),
  json_match: z.enum(JSON_MATCHES, { error: 'json_match must be equals, contains or exists' }).nullish(),
  header_name: HeaderName.nullish(),
  header_expected: text('Expected header value', CHECK_OPTION_LIMITS.expectedValue).nullish(),
  header_match: z.enum(HEADER_MATCHES, { error: 'header_match must be equals, contains or exists' }).nullish(),
  max_response_time_ms: z
    .number({ error: 'Maximum response time must be a number of milliseconds' })
    .int('Maximum response time must be a whole number of milliseconds')
    .min(1, 'Maximum response time must be at least 1 ms')
    .max(CHECK_OPTION_LIMITS.maxResponseTimeMs, `Maximum response time must be at most ${CHECK_OPTION_LIMITS.maxResponseTimeMs} ms`)
    .nullish(),
});
export type CheckOptionsInput = z.infer<typeof CheckOptionsInput>;
export const CHECK_OPTION_FIELDS = Object.keys(CheckOptionsInput.shape) as (keyof CheckOptionsInput)[];

/**
 * The options that are one plain value each: every option but the headers and basic auth (which
 * carry secrets). An update replaces them as given (check-option-merge.ts), and they are the CSV's
 * optional columns (bulk-upload.ts: secrets do not belong in spreadsheets).
 */
export const PLAIN_OPTION_FIELDS = [
  'method',
  'body',
  'body_content_type',
  'follow_redirects',
  'expected_status_codes',
  'keyword',
  'keyword_mode',
  'keyword_case_sensitive',
  'json_path',
  'json_expected',
  'json_match',
  'header_name',
  'header_expected',
  'header_match',
  'max_response_time_ms',
] as const satisfies readonly (keyof CheckOptions & keyof CheckOptionsInput)[];

/** Whether the options read the body: a check that has them reads (up to the cap) and keeps it. */
export const readsBody = (options: Pick<CheckOptions, 'keyword' | 'json_path'> | undefined): boolean =>
  Boolean(options?.keyword || options?.json_path);
