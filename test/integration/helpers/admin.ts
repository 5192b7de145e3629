import { inject } from 'vitest';
import type { ApplicationErrorList } from '../../../shared/admin/schemas.js';
import { api, baseUrl, signedInUser } from './api.js';
import { operatorToken } from './two-factor.js';

/**
 * The operator API for the admin test files (docs/admin.md): the admin signs in once per file
 * (`signInAdmin` in `beforeAll`), with the second step operators must pass (helpers/two-factor.ts),
 * then `as` calls the API with that token.
 */
let adminToken = '';

export const signInAdmin = async (): Promise<void> => {
  adminToken = await operatorToken(inject('adminCredentials'));
};

export const as = <T = Record<string, unknown>>(path: string, opts: { method?: string; body?: unknown } = {}) => api<T>(path, { ...opts, token: adminToken });

/** A verified, signed-in user with their id. */
export const userWithId = async (label: string) => {
  const user = await signedInUser(label);
  const me = await api<{ id: string }>('/api/auth/me', { token: user.token });
  return { ...user, id: me.body.id };
};

export const createMonitor = (token: string, name: string) =>
  api('/api/monitors', { method: 'POST', token, body: { name, url: `https://${name.toLowerCase().replace(/\W/g, '')}.example.com`, check_interval: 300, timeout: 30 } });

/** An operator's bulk upload: the CSV in the multipart field `file`. */
export const uploadCsv = async (path: string, csv: string) => {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'monitors.csv');
  const response = await fetch(`${baseUrl()}${path}`, { method: 'POST', headers: { authorization: `Bearer ${adminToken}` }, body: form });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

export const errorsOfUser = async (userId: string, type: string) =>
  (await as<ApplicationErrorList>(`/api/admin/application-errors?error_type=${type}&limit=100`)).body.errors.filter(
    (error) => error.user_id === userId,
  );
