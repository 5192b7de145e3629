/**
 * The user's session. Sign-in itself goes through our API (`POST /api/auth/login`, which refuses
 * unverified e-mail addresses and sends no Cognito call from the browser); the tokens it returns are
 * kept in localStorage, and Amplify reads them through a custom token provider (amplify-session.ts,
 * the one module that imports Amplify) that refreshes an expired access token with
 * `POST /api/auth/refresh`. The rest of the app asks for a token one way only: `getAccessToken()`,
 * i.e. Amplify's `fetchAuthSession()`. Amplify is loaded on the first token request, not with the
 * page (docs/performance-web.md): a visitor of the public pages never downloads it.
 */
import type { RuntimeConfig } from './config';

/** docs/product-rules.md "Auth flows and token lifetimes": tokens live in local storage under a user key; the admin panel keeps its own. */
export const SESSION_KEYS = { user: 'upwatch.user.session', admin: 'upwatch.admin.session' } as const;
export type SessionKind = keyof typeof SESSION_KEYS;

export interface SessionTokens {
  access_token: string;
  refresh_token: string;
}

let runtimeConfig: RuntimeConfig | null = null;
const listeners = new Set<() => void>();

const notify = (): void => listeners.forEach((listener) => listener());

/** Called when a session is stored or removed (also from another tab). Returns the unsubscribe. */
export const onSessionChange = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || Object.values<string>(SESSION_KEYS).includes(event.key)) notify();
  });
}

export const readSession = (kind: SessionKind): SessionTokens | null => {
  // The build's prerenderer (app/prerender.tsx) renders the public pages without a browser: no storage, no session.
  if (typeof localStorage === 'undefined') return null;
  const raw = localStorage.getItem(SESSION_KEYS[kind]);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<SessionTokens>;
    if (typeof value.access_token === 'string' && typeof value.refresh_token === 'string') {
      return { access_token: value.access_token, refresh_token: value.refresh_token };
    }
  } catch {
    // fall through: a damaged entry is no session
  }
  localStorage.removeItem(SESSION_KEYS[kind]);
  return null;
};

export const writeSession = (kind: SessionKind, tokens: SessionTokens): void => {
  localStorage.setItem(
    SESSION_KEYS[kind],
    JSON.stringify({ access_token: tokens.access_token, refresh_token: tokens.refresh_token }),
  );
};

export const hasSession = (kind: SessionKind = 'user'): boolean => readSession(kind) !== null;

/** Keeps the tokens a login returned. */
export const storeSession = (tokens: SessionTokens, kind: SessionKind = 'user'): void => {
  writeSession(kind, tokens);
  notify();
};

/** Logout, or a failed session check: the token is removed (docs/product-rules.md "Auth flows and token lifetimes"). */
export const clearSession = (kind: SessionKind = 'user'): void => {
  const had = localStorage.getItem(SESSION_KEYS[kind]) !== null;
  localStorage.removeItem(SESSION_KEYS[kind]);
  if (had) notify();
};

/** Called once at start, with the runtime configuration (local cognito endpoint or AWS). */
export const configureAuth = (config: RuntimeConfig): void => {
  runtimeConfig = config;
};

let amplify: Promise<typeof import('./amplify-session')> | null = null;

/** Loads and configures Amplify once; started early by `preloadAuth` when a session exists. */
const loadAmplify = (): Promise<typeof import('./amplify-session')> => {
  if (!amplify) {
    const config = runtimeConfig;
    if (!config) throw new Error('configureAuth must run before the first token request');
    amplify = import('./amplify-session').then((module) => {
      module.configureAmplify(config);
      return module;
    });
  }
  return amplify;
};

/** Starts loading Amplify now when there is a session to use it for (app start, in parallel). */
export const preloadAuth = (): void => {
  if (hasSession()) void loadAmplify();
};

/**
 * The admin session (docs/product-rules.md "Auth flows and token lifetimes"): its own key, separate from the user's. The admin login
 * answers an access token only (no refresh token), so there is no refresh: an operator signs in
 * again when the token expires (a Cognito access token lives one hour). That keeps an unattended
 * operator session short, which is what an admin credential wants. The e-mail typed at login is kept
 * beside the token for the sidebar's "Logged in as".
 */
export interface AdminSession {
  access_token: string;
  email: string;
}

/**
 * When a JWT expires (ms), read from its payload without Amplify, which stays off the first load
 * (docs/performance-web.md); null when it cannot be read. Not a verification: the API verifies.
 */
const expiryOf = (token: string): number | null => {
  const payload = token.split('.')[1];
  if (!payload) return null;
  const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
  return typeof json.exp === 'number' ? json.exp * 1000 : null;
};

/** The stored admin session, or null; an entry that is damaged or expired is removed. */
export const readAdminSession = (): AdminSession | null => {
  const raw = localStorage.getItem(SESSION_KEYS.admin);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<AdminSession>;
    const expiresAt = typeof value.access_token === 'string' ? expiryOf(value.access_token) : null;
    if (expiresAt !== null && expiresAt > Date.now() && typeof value.access_token === 'string') {
      return { access_token: value.access_token, email: typeof value.email === 'string' ? value.email : '' };
    }
  } catch {
    // fall through: a damaged entry is no session
  }
  // Removed without telling the listeners: whoever reads it is told there is no session right here.
  localStorage.removeItem(SESSION_KEYS.admin);
  return null;
};

export const storeAdminSession = (session: AdminSession): void => {
  localStorage.setItem(SESSION_KEYS.admin, JSON.stringify({ access_token: session.access_token, email: session.email }));
  notify();
};

/** The user's access token (refreshed when expired), or null when signed out. */
export const getAccessToken = async (): Promise<string | null> => {
  if (!hasSession()) return null;
  return (await loadAmplify()).accessToken();
};
