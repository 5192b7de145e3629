import type { CheckOptions } from '../../shared/monitors/check-options.js';
import type { HopRequest } from './http-hop.js';

/**
 * The request a monitor's options describe (docs/checks.md "Request options"), with its secrets
 * opened: called once per check, before the first attempt. `credentialHeaders` (lower-case) are the
 * ones a redirect to another origin must not carry: Authorization and every header marked secret.
 */
export type OpenSecret = (sealed: string) => Promise<string>;

export interface CheckRequest {
  request: HopRequest;
  credentialHeaders: string[];
}

/** A body's content type when the monitor names none: JSON when it reads as JSON, else plain text. */
export const defaultContentType = (body: string): string => {
  try {
    JSON.parse(body);
    return 'application/json';
  } catch {
    return 'text/plain; charset=utf-8';
  }
};

export const checkRequestOf = async (options: CheckOptions | undefined, open: OpenSecret): Promise<CheckRequest> => {
  const headers: Record<string, string> = {};
  const credentialHeaders = ['authorization'];
  for (const header of options?.headers ?? []) {
    if (header.sealed !== undefined) {
      headers[header.name] = await open(header.sealed);
      credentialHeaders.push(header.name.toLowerCase());
    } else {
      headers[header.name] = header.value ?? '';
    }
  }
  if (options?.basic_auth) {
    const password = await open(options.basic_auth.password_sealed);
    headers.Authorization = `Basic ${Buffer.from(`${options.basic_auth.username}:${password}`, 'utf8').toString('base64')}`;
  }
  const body = options?.body;
  return {
    request: {
      method: options?.method ?? 'GET',
      headers,
      ...(body !== undefined ? { body: { text: body, contentType: options?.body_content_type ?? defaultContentType(body) } } : {}),
    },
    credentialHeaders,
  };
};
