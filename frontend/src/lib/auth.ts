/**
 * The one module that imports Amplify. Sign-in itself goes through our API (`POST /api/auth/login`,
 * which refuses unverified e-mail addresses and sends no Cognito call from the browser); the tokens
 * it returns are kept in localStorage, and Amplify reads them through a custom token provider that
 * refreshes an expired access token with `POST /api/auth/refresh`. The rest of the app asks for a
 * token one way only: `getAccessToken()`, i.e. Amplify's `fetchAuthSession()`.
 */
import { Amplify } from 'aws-amplify';
import { decodeJWT, fetchAuthSession, type JWT, type TokenProvider } from 'aws-amplify/auth';
import type { RuntimeConfig } from './config';

/** Spec: tokens live in local storage under a user key; the admin panel keeps its own. */
export const SESSION_KEYS = { user: 'upwatch.user.session', admin: 'upwatch.admin.session' } as const;
export type SessionKind = keyof typeof SESSION_KEYS;

export interface SessionTokens {
  access_token: string;
  refresh_token: string;
}

/** Refresh a little early, so a token does not lapse between this check and the API's. */
const EXPIRY_SKEW_SECONDS = 60;

let apiUrl = '';
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

const readSession = (kind: SessionKind): SessionTokens | null => {
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

const writeSession = (kind: SessionKind, tokens: SessionTokens): void => {
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

/** Logout, or a failed session check: the token is removed (spec §4). */
export const clearSession = (kind: SessionKind = 'user'): void => {
  const had = localStorage.getItem(SESSION_KEYS[kind]) !== null;
  localStorage.removeItem(SESSION_KEYS[kind]);
  if (had) notify();
};

const decode = (token: string): JWT | null => {
  try {
    return decodeJWT(token);
  } catch {
    return null;
  }
};

const isExpired = (token: JWT): boolean => {
  const exp = token.payload.exp;
  return typeof exp !== 'number' || exp - EXPIRY_SKEW_SECONDS <= Date.now() / 1000;
};

const refreshSession = async (kind: SessionKind, session: SessionTokens): Promise<SessionTokens | null> => {
  let response: Response;
  try {
    response = await fetch(`${apiUrl}/api/auth/refresh`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ refresh_token: session.refresh_token }),
    });
  } catch (cause) {
    // Amplify's contract: throw when the session could not be refreshed, null when there is none.
    throw new Error('Network error. Please try again.', { cause });
  }
  if (response.status >= 400 && response.status < 500) {
    // The refresh token was revoked or has expired: the session is over.
    clearSession(kind);
    return null;
  }
  if (!response.ok) throw new Error(`Session refresh failed (HTTP ${response.status})`);
  const body = (await response.json()) as { access_token?: unknown; refresh_token?: unknown };
  if (typeof body.access_token !== 'string') throw new Error('Session refresh returned no access token');
  const next: SessionTokens = {
    access_token: body.access_token,
    // Cognito's REFRESH_TOKEN_AUTH does not rotate the refresh token unless rotation is enabled.
    refresh_token: typeof body.refresh_token === 'string' ? body.refresh_token : session.refresh_token,
  };
  writeSession(kind, next);
  return next;
};

// Concurrent API calls share one refresh rather than racing several.
const refreshing = new Map<SessionKind, Promise<SessionTokens | null>>();

const refreshOnce = (kind: SessionKind, session: SessionTokens): Promise<SessionTokens | null> => {
  let pending = refreshing.get(kind);
  if (!pending) {
    pending = refreshSession(kind, session).finally(() => refreshing.delete(kind));
    refreshing.set(kind, pending);
  }
  return pending;
};

/** Amplify v6 token provider over our stored session. */
export const storedSessionTokenProvider = (kind: SessionKind): TokenProvider => ({
  async getTokens({ forceRefresh = false } = {}) {
    const session = readSession(kind);
    if (!session) return null;
    const current = decode(session.access_token);
    if (current && !forceRefresh && !isExpired(current)) return { accessToken: current };
    const refreshed = await refreshOnce(kind, session);
    const accessToken = refreshed ? decode(refreshed.access_token) : null;
    if (!accessToken) {
      clearSession(kind);
      return null;
    }
    return { accessToken };
  },
});

/** Called once at start, with the runtime configuration (local cognito endpoint or AWS). */
export const configureAuth = (config: RuntimeConfig): void => {
  apiUrl = config.apiUrl;
  Amplify.configure(
    {
      Auth: {
        Cognito: {
          userPoolId: config.userPoolId,
          userPoolClientId: config.userPoolClientId,
          ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
        },
      },
    },
    { Auth: { tokenProvider: storedSessionTokenProvider('user') } },
  );
};

/**
 * The admin session (operator spec §4, §6): its own key, separate from the user's. The admin login
 * answers an access token only (no refresh token), so there is no refresh: an operator signs in
 * again when the token expires (a Cognito access token lives one hour). That keeps an unattended
 * operator session short, which is what an admin credential wants. The e-mail typed at login is kept
 * beside the token for the sidebar's "Logged in as".
 */
export interface AdminSession {
  access_token: string;
  email: string;
}

/** The stored admin session, or null; an entry that is damaged or expired is removed. */
export const readAdminSession = (): AdminSession | null => {
  const raw = localStorage.getItem(SESSION_KEYS.admin);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<AdminSession>;
    const token = typeof value.access_token === 'string' ? decode(value.access_token) : null;
    if (token && !isExpired(token) && typeof value.access_token === 'string') {
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
  const { tokens } = await fetchAuthSession();
  return tokens?.accessToken.toString() ?? null;
};
