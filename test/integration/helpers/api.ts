import { createHash, randomUUID } from 'node:crypto';
import { expect, inject } from 'vitest';

/** Thin HTTP helpers for talking to the local cloud's gateway the way curl would. */
export interface ApiResponse<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

export const baseUrl = (): string => inject('baseUrl');

const FILE_CLIENT = randomUUID();

/**
 * The client IP a test's requests come from (the local cloud in tests trusts X-Forwarded-For): one
 * per test, so the per-IP limits (docs/security.md) count each test as its own client.
 */
export const testClientIp = (): string => {
  const digest = createHash('sha256').update(`${FILE_CLIENT} ${expect.getState().currentTestName ?? ''}`).digest();
  return `10.${digest[0]}.${digest[1]}.${digest[2]}`;
};

export const api = async <T = Record<string, unknown>>(
  path: string,
  opts: { method?: string; body?: unknown; rawBody?: string; token?: string; headers?: Record<string, string> } = {},
): Promise<ApiResponse<T>> => {
  const headers: Record<string, string> = { 'x-forwarded-for': testClientIp(), ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: string | undefined = opts.rawBody;
  if (opts.body !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = JSON.stringify(opts.body);
  }
  const response = await fetch(`${baseUrl()}${path}`, { method: opts.method ?? 'GET', headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text so the assertion shows what came back
  }
  return { status: response.status, body: parsed as T, headers: response.headers };
};

export const uniqueEmail = (label = 'user'): string => `${label}-${randomUUID().slice(0, 8)}@example.com`;

export interface StoredEmail {
  messageId: string;
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
  at: number;
}

/** Every e-mail the local SES has received for `address` so far, oldest first (no waiting). */
export const mailsTo = async (address: string): Promise<StoredEmail[]> => {
  const store = (await (await fetch(inject('sesStoreUrl'))).json()) as { emails: StoredEmail[] };
  return store.emails.filter((mail) => mail.destination.to.some((to) => to.includes(address)));
};

/** The newest e-mail the local SES received for `address`, waiting briefly for it to arrive. */
export const latestMailTo = async (address: string): Promise<StoredEmail> => {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const store = (await (await fetch(inject('sesStoreUrl'))).json()) as { emails: StoredEmail[] };
    const mails = store.emails.filter((mail) => mail.destination.to.some((to) => to.includes(address)));
    const newest = mails.at(-1);
    if (newest) return newest;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no e-mail to ${address} arrived at the local SES`);
};

export const verificationTokenFrom = (mail: StoredEmail): string => {
  const found = /\/verify-email\?token=([A-Za-z0-9_%-]+)/.exec(mail.body.text ?? mail.body.html ?? '');
  if (!found?.[1]) throw new Error(`no verification link in: ${mail.body.text}`);
  return decodeURIComponent(found[1]);
};

export const PASSWORD = 'correct-horse-battery';

/**
 * The claims of an access token our sign-in handed out (`sub`, `jti`, ...), for a test that calls a
 * handler directly: the caller check admits a token only when its session holds its `jti`
 * (docs/security.md "Tokens and sessions").
 */
export const claimsOf = (accessToken: string): Record<string, string | number | boolean | string[]> =>
  JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, string | number | boolean | string[]>;

/** Registers, verifies through the e-mailed link, logs in: a ready user with a token. */
export const signedInUser = async (label = 'user') => {
  const email = uniqueEmail(label);
  const registered = await api('/api/auth/register', { method: 'POST', body: { name: `Test ${label}`, email, password: PASSWORD } });
  if (registered.status !== 201) throw new Error(`register failed: ${JSON.stringify(registered.body)}`);
  const token = verificationTokenFrom(await latestMailTo(email));
  const verified = await api(`/api/auth/verify-email?token=${encodeURIComponent(token)}`, { method: 'POST' });
  if (verified.status !== 200) throw new Error(`verify failed: ${JSON.stringify(verified.body)}`);
  const login = await api<{ access_token: string }>('/api/auth/login', { method: 'POST', body: { email, password: PASSWORD } });
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  return { email, token: login.body.access_token };
};
