import { mergeCheckOptions } from '@shared/monitors/check-option-merge.js';
import { checkOptionsProblem } from '@shared/monitors/check-option-rules.js';
import { SECRET_MASK, type CheckOptionsInput, type CheckOptionsView, type HttpMethod } from '@shared/monitors/check-options.js';

/**
 * The Advanced part of the monitor form (docs/checks.md): what the user typed, as text, and the
 * API fields it becomes. Headers are one `Name: value` per line; the secret ones are named in their
 * own field and come back masked (SECRET_MASK), which the server reads as "keep".
 */
export interface AdvancedValues {
  method: HttpMethod;
  headers: string;
  secret_headers: string;
  body: string;
  body_content_type: string;
  basic_auth_username: string;
  basic_auth_password: string;
  follow_redirects: boolean;
  expected_status_codes: string;
  keyword: string;
  keyword_mode: 'present' | 'absent';
  keyword_case_sensitive: boolean;
  json_path: string;
  json_match: 'equals' | 'contains' | 'exists';
  json_expected: string;
  header_name: string;
  header_match: 'equals' | 'contains' | 'exists';
  header_expected: string;
  max_response_time_ms: string;
}

export const advancedValuesOf = (view: CheckOptionsView | null): AdvancedValues => ({
  method: view?.method ?? 'GET',
  headers: Object.entries(view?.headers ?? {})
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n'),
  secret_headers: (view?.secret_headers ?? []).join(', '),
  body: view?.body ?? '',
  body_content_type: view?.body_content_type ?? '',
  basic_auth_username: view?.basic_auth?.username ?? '',
  basic_auth_password: '',
  follow_redirects: view?.follow_redirects ?? true,
  expected_status_codes: view?.expected_status_codes ?? '',
  keyword: view?.keyword ?? '',
  keyword_mode: view?.keyword_mode ?? 'present',
  keyword_case_sensitive: view?.keyword_case_sensitive ?? false,
  json_path: view?.json_path ?? '',
  json_match: view?.json_match ?? 'equals',
  json_expected: view?.json_expected ?? '',
  header_name: view?.header_name ?? '',
  header_match: view?.header_match ?? 'contains',
  header_expected: view?.header_expected ?? '',
  max_response_time_ms: view?.max_response_time_ms === null || view?.max_response_time_ms === undefined ? '' : String(view.max_response_time_ms),
});

/** Whether the monitor uses anything of the Advanced part (the form then opens it). */
export const usesAdvanced = (values: AdvancedValues): boolean => {
  const plain = advancedValuesOf(null);
  return (Object.keys(plain) as (keyof AdvancedValues)[]).some((key) => key !== 'keyword_mode' && key !== 'json_match' && key !== 'header_match' && values[key] !== plain[key]);
};

const HEADER_LINE = /^([^:]+):(.*)$/;

/** `Name: value` lines as an object; a line without a colon is kept whole as a name (the server then names the problem). */
export const parseHeaderLines = (text: string): Record<string, string> =>
  Object.fromEntries(
    text
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .map((line) => {
        const match = HEADER_LINE.exec(line);
        return match ? [match[1]!.trim(), match[2]!.trim()] : [line, ''];
      }),
  );

const orNull = (text: string): string | null => (text.trim() === '' ? null : text.trim());

/**
 * The API fields of the Advanced part. Every field is sent (null clears it), so an edit says what
 * the monitor should be; an empty password with a stored one keeps it (basic_auth without password).
 */
export const advancedInput = (values: AdvancedValues, hadPassword: boolean): Partial<CheckOptionsInput> => {
  const headers = parseHeaderLines(values.headers);
  const secretHeaders = values.secret_headers
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const maxResponse = values.max_response_time_ms.trim();
  const username = values.basic_auth_username.trim();
  const password = values.basic_auth_password;
  return {
    method: values.method,
    headers: Object.keys(headers).length ? headers : null,
    secret_headers: Object.keys(headers).length ? secretHeaders : null,
    body: values.body === '' ? null : values.body,
    body_content_type: orNull(values.body_content_type),
    basic_auth: username ? { username, ...(password === '' && hadPassword ? {} : { password }) } : null,
    follow_redirects: values.follow_redirects,
    expected_status_codes: orNull(values.expected_status_codes),
    keyword: orNull(values.keyword),
    keyword_mode: values.keyword_mode,
    keyword_case_sensitive: values.keyword_case_sensitive,
    json_path: orNull(values.json_path),
    json_match: orNull(values.json_path) ? values.json_match : null,
    json_expected: orNull(values.json_path) && values.json_match !== 'exists' ? values.json_expected : null,
    header_name: orNull(values.header_name),
    header_match: orNull(values.header_name) ? values.header_match : null,
    header_expected: orNull(values.header_name) && values.header_match !== 'exists' ? values.header_expected : null,
    max_response_time_ms: maxResponse === '' ? null : Number(maxResponse),
  };
};

/**
 * The first problem between the fields, as the server would name it (check-option-rules.ts), so
 * the form shows it under its field before saving. Secrets are not known here: a masked value is
 * taken as kept.
 */
export const advancedProblem = (input: Partial<CheckOptionsInput>, timeoutSeconds: number): { field: string; message: string } | null => {
  const withoutMasks = {
    ...input,
    headers: input.headers ? Object.fromEntries(Object.entries(input.headers).map(([name, value]) => [name, value === SECRET_MASK ? 'kept' : value])) : input.headers,
  };
  const merged = mergeCheckOptions(undefined, { ...withoutMasks, basic_auth: input.basic_auth ? { username: input.basic_auth.username, password: 'kept' } : input.basic_auth });
  if ('problem' in merged) return merged.problem;
  return checkOptionsProblem(merged.options, timeoutSeconds);
};
