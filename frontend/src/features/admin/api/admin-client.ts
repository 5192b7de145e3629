/**
 * Every admin call goes through here: it carries the admin session's token (never the user's), and
 * a 401 removes that session, so the panel falls back to the admin login (operator spec §4, §6).
 */
import { ApiError, request, type RequestOptions } from '@/lib/api-client';
import { clearSession } from '@/lib/auth';

/** The admin API's paths (operator spec §7, all under /api/admin/; docs/admin.md). */
export const ADMIN_PATHS = {
  login: '/api/admin/login',
  dashboard: '/api/admin/dashboard',
  users: '/api/admin/users',
  user: (id: string) => `/api/admin/users/${encodeURIComponent(id)}`,
  upgradeUser: (id: string) => `/api/admin/users/${encodeURIComponent(id)}/upgrade`,
  userBulkMonitors: (id: string) => `/api/admin/users/${encodeURIComponent(id)}/bulk-monitors`,
  globalBulkMonitors: '/api/admin/bulk-monitors-global',
  monitors: '/api/admin/monitors',
  incidents: '/api/admin/incidents',
  payments: '/api/admin/payments',
  applicationErrors: '/api/admin/application-errors',
  resolveError: (id: string) => `/api/admin/application-errors/${encodeURIComponent(id)}/resolve`,
  contactMessages: '/api/admin/contact-messages',
} as const;

/** Spec §9: every admin list has pages of 20. */
export { ADMIN_PAGE_SIZE } from '@shared/admin/schemas.js';

/** An SWR key of the admin panel: a path string, or an array whose first item is one. */
export const isAdminKey = (key: unknown): boolean => {
  const head = Array.isArray(key) ? key[0] : key;
  return typeof head === 'string' && head.startsWith('/api/admin/');
};

const send = async <T>(method: string, path: string, options: Omit<RequestOptions, 'auth'> = {}): Promise<T> => {
  try {
    return await request<T>(method, path, { ...options, auth: 'admin' });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) clearSession('admin');
    throw error;
  }
};

type Options = Omit<RequestOptions, 'auth' | 'body'>;

export const adminApi = {
  get: <T>(path: string, options?: Options) => send<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: Options) => send<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: Options) => send<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, options?: Options) => send<T>('DELETE', path, options),
};
