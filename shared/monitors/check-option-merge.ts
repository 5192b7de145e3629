import { PLAIN_OPTION_FIELDS, SECRET_MASK, type CheckOptions, type CheckOptionsInput, type StoredHeader } from './check-options.js';
import type { OptionProblem } from './check-option-rules.js';

/**
 * A create's or update's check options on top of the stored ones (docs/checks.md): a field left out
 * keeps its value, `null` clears it. Secrets are never sent back in clear, so an update that omits a
 * secret, or sends the mask the API answered (SECRET_MASK), keeps the stored one: a header whose
 * value is the mask keeps its sealed value, `basic_auth` without a password keeps the password.
 * New secret values come back in `newSecrets`, to be sealed by the server before storing (their
 * `sealed` is empty until then).
 */
export interface NewSecret {
  plain: string;
  /** Where the sealed value goes: a header (by index) or the basic-auth password. */
  target: { header: number } | 'basic_auth';
}

type Merged = { options: CheckOptions; newSecrets: NewSecret[] } | { problem: OptionProblem };


const mergeHeaders = (
  stored: readonly StoredHeader[],
  headers: Record<string, string>,
  secretNames: readonly string[],
  newSecrets: NewSecret[],
): StoredHeader[] | OptionProblem => {
  const secret = new Set(secretNames.map((name) => name.toLowerCase()));
  for (const name of secret) {
    if (!Object.keys(headers).some((header) => header.toLowerCase() === name)) {
      return { field: 'secret_headers', message: `secret_headers names ${name}, which is not in headers` };
    }
  }
  return Object.entries(headers).map(([name, value], index): StoredHeader => {
    const kept = stored.find((header) => header.name.toLowerCase() === name.toLowerCase() && header.sealed !== undefined);
    if (value === SECRET_MASK && kept) return { name, sealed: kept.sealed };
    if (!secret.has(name.toLowerCase())) return { name, value };
    newSecrets.push({ plain: value, target: { header: index } });
    return { name, sealed: '' };
  });
};

export const mergeCheckOptions = (stored: CheckOptions | undefined, input: Partial<CheckOptionsInput>): Merged => {
  const options: CheckOptions = { ...(stored ?? {}) };
  const writable = options as Record<string, unknown>;
  for (const field of PLAIN_OPTION_FIELDS) {
    const value = input[field];
    if (value === null) delete writable[field];
    else if (value !== undefined) writable[field] = value;
  }
  const newSecrets: NewSecret[] = [];

  if (input.headers === null) delete options.headers;
  else if (input.headers !== undefined) {
    const headers = mergeHeaders(stored?.headers ?? [], input.headers, input.secret_headers ?? [], newSecrets);
    if (!Array.isArray(headers)) return { problem: headers };
    if (headers.length) options.headers = headers;
    else delete options.headers;
  } else if (input.secret_headers?.length) {
    return { problem: { field: 'secret_headers', message: 'secret_headers needs the headers it names' } };
  }

  if (input.basic_auth === null) delete options.basic_auth;
  else if (input.basic_auth !== undefined) {
    const { username, password } = input.basic_auth;
    if (password === undefined || password === SECRET_MASK) {
      if (!stored?.basic_auth) return { problem: { field: 'basic_auth', message: 'Basic auth needs a password' } };
      options.basic_auth = { username, password_sealed: stored.basic_auth.password_sealed };
    } else {
      options.basic_auth = { username, password_sealed: '' };
      newSecrets.push({ plain: password, target: 'basic_auth' });
    }
  }

  // Defaults are not stored: a monitor the form saved without advanced options stays a plain check.
  if (options.method === 'GET') delete options.method;
  if (options.follow_redirects === true) delete options.follow_redirects;
  if (options.keyword_mode === 'present') delete options.keyword_mode;
  if (options.keyword_case_sensitive === false) delete options.keyword_case_sensitive;
  // Modes without what they qualify mean nothing; a form sends them anyway.
  if (options.keyword === undefined) {
    delete options.keyword_mode;
    delete options.keyword_case_sensitive;
  }
  if (options.json_path === undefined && options.json_expected === undefined) delete options.json_match;
  if (options.header_name === undefined && options.header_expected === undefined) delete options.header_match;
  return { options, newSecrets };
};

/** Puts sealed values where `newSecrets` says. */
export const withSealedSecrets = (options: CheckOptions, newSecrets: readonly NewSecret[], sealed: readonly string[]): CheckOptions => {
  const result: CheckOptions = { ...options, headers: options.headers?.map((header) => ({ ...header })) };
  if (!result.headers) delete result.headers;
  newSecrets.forEach((secret, i) => {
    if (secret.target === 'basic_auth') result.basic_auth = { ...result.basic_auth!, password_sealed: sealed[i]! };
    else result.headers![secret.target.header]!.sealed = sealed[i]!;
  });
  return result;
};
