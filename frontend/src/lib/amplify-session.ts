/**
 * The one module that imports Amplify (lib/auth.ts loads it on the first token request): the
 * Amplify v6 token provider over the session lib/auth.ts keeps, refreshing an expired access token
 * with `POST /api/auth/refresh`.
 */
import { Amplify } from 'aws-amplify';
import { decodeJWT, fetchAuthSession, type JWT, type TokenProvider } from 'aws-amplify/auth';
import { clearSession, readSession, writeSession, type SessionKind, type SessionTokens } from './auth';
import type { RuntimeConfig } from './config';

/** Refresh a little early, so a token does not lapse between this check and the API's. */
const EXPIRY_SKEW_SECONDS = 60;

let configuredApiUrl = '';
const apiUrl = (): string => configuredApiUrl;

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
    response = await fetch(`${apiUrl()}/api/auth/refresh`, {
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

/** Configures Amplify with the runtime configuration (local cognito endpoint or AWS). */
export const configureAmplify = (config: RuntimeConfig): void => {
  configuredApiUrl = config.apiUrl;
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

/** The user's access token (refreshed when expired), or null when signed out. */
export const accessToken = async (): Promise<string | null> => {
  const { tokens } = await fetchAuthSession();
  return tokens?.accessToken.toString() ?? null;
};
