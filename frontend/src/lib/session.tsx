/**
 * The signed-in user, for every part of the app: the session check (`GET /api/auth/me`), sign-in
 * and sign-out. Tokens themselves live in `lib/auth`; this is the React side of them.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import useSWR, { preload, useSWRConfig } from 'swr';
import type { LoginInput, LoginResponse, User } from '@shared/auth/schemas.js';
import { ApiError, apiPath, callApi } from './api-client';
import { clearSession, hasSession, onSessionChange, readSession, storeSession } from './auth';
import { setDisplayTimeZone } from '../utils/display-timezone';
import { resetWorkspaceSelection } from './workspace-selection';

export const ME_KEY = apiPath('getMe');
/** docs/product-rules.md "Auth flows and token lifetimes": the user data is refreshed every 30 seconds while in the app. */
export const USER_REFRESH_MS = 30_000;

export const getMe = (): Promise<User> => callApi('getMe');

/** Starts the session check before the first render (app/preload.ts); the provider picks up its answer. */
export const preloadMe = (): void => {
  void preload(ME_KEY, getMe).catch(() => undefined);
};

/** How long sign-out waits for the server's logout before forgetting the session anyway. */
const LOGOUT_WAIT_MS = 3000;

export type SessionStatus = 'loading' | 'signed-in' | 'signed-out' | 'unreachable';

interface AuthContextValue {
  status: SessionStatus;
  user: User | null;
  signIn: (input: LoginInput) => Promise<User>;
  /** Ends the session on the server (logout), then forgets it here, whatever the answer. */
  signOut: () => Promise<void>;
  retry: () => void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

// A 4xx from the session check means the token is no good: remove it (docs/product-rules.md "Auth flows and token lifetimes"). A network failure or
// a 5xx says nothing about the token, so the user stays signed in and the check is retried.
const isRejection = (error: unknown): boolean => error instanceof ApiError && error.status >= 400 && error.status < 500;

export function AuthProvider({ children }: { children: ReactNode }) {
  const [signedIn, setSignedIn] = useState(hasSession);
  const { mutate: mutateCache } = useSWRConfig();
  const { data: user, error, mutate } = useSWR<User>(signedIn ? ME_KEY : null, getMe, {
    shouldRetryOnError: (err) => !isRejection(err),
  });

  // docs/product-rules.md "Auth flows and token lifetimes": a timezone in the user data is applied as the display timezone. Set while rendering,
  // not in an effect, so the pages below (rendered in this same pass) already show times in it.
  setDisplayTimeZone(signedIn ? user?.timezone : null);

  useEffect(
    () =>
      onSessionChange(() => {
        const now = hasSession();
        setSignedIn(now);
        // Nothing of the previous user may linger in the cache, nor their workspace in the calls, for the next one.
        if (!now) {
          resetWorkspaceSelection();
          void mutateCache(() => true, undefined, { revalidate: false });
        }
      }),
    [mutateCache],
  );

  useEffect(() => {
    if (signedIn && isRejection(error)) clearSession();
  }, [signedIn, error]);

  const signIn = useCallback(
    async (input: LoginInput): Promise<User> => {
      const response: LoginResponse = await callApi('login', { body: input });
      await mutateCache(ME_KEY, response.user, { revalidate: false });
      storeSession({ access_token: response.access_token, refresh_token: response.refresh_token });
      return response.user;
    },
    [mutateCache],
  );

  const signOut = useCallback(async () => {
    if (hasSession()) {
      // The server ends the session and revokes its refresh token (docs/security.md "Tokens and
      // sessions"); a slow or failed answer never keeps the person signed in here.
      const refreshToken = readSession('user')?.refresh_token;
      const logout = callApi('logout', { body: refreshToken ? { refresh_token: refreshToken } : {} }).catch(() => undefined);
      await Promise.race([logout, new Promise((resolve) => setTimeout(resolve, LOGOUT_WAIT_MS))]);
    }
    clearSession();
  }, []);
  const retry = useCallback(() => void mutate(), [mutate]);

  const status: SessionStatus = !signedIn
    ? 'signed-out'
    : user
      ? 'signed-in'
      : error && !isRejection(error)
        ? 'unreachable'
        : 'loading';

  const value = useMemo(
    () => ({ status, user: signedIn ? (user ?? null) : null, signIn, signOut, retry }),
    [status, signedIn, user, signIn, signOut, retry],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export const useAuth = (): AuthContextValue => {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
};

/** Mounted by the app shell: keeps the user data fresh while the user is inside /app. */
export const useUserRefresh = (): void => {
  const { status } = useAuth();
  useSWR<User>(status === 'signed-in' ? ME_KEY : null, getMe, { refreshInterval: USER_REFRESH_MS });
};
