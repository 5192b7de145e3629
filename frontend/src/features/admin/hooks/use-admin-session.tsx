/**
 * The operator's session (docs/product-rules.md "Operator sign-in and session"), apart from the user's: its own stored token, checked
 * with GET /api/admin/dashboard. A signed-in user who opens /admin has no admin session, so they see
 * the admin login; a token the check refuses (a user's token gets 403, an expired or foreign one 401)
 * is removed and the login shown.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useSWRConfig } from 'swr';
import { clearSession, onSessionChange, readAdminSession, storeAdminSession, type AdminSession } from '@/lib/auth';
import { adminLogin, type AdminLoginInput } from '../api/admin-login';
import { isAdminKey } from '../api/revalidate-admin';
import { useAdminDashboard } from '../api/get-dashboard';
import { isSessionRejection, needsTwoFactorSetup } from '../utils/errors';

export type AdminStatus = 'checking' | 'signed-in' | 'signed-out' | 'two-factor-setup';

interface AdminSessionValue {
  status: AdminStatus;
  /** The address the operator signed in with ("Logged in as"). */
  email: string;
  signIn: (input: AdminLoginInput) => Promise<void>;
  signOut: () => void;
  /** The set-up is confirmed: the same token now reaches the panel, checked again. */
  twoFactorReady: () => Promise<void>;
}

const AdminSessionContext = createContext<AdminSessionValue | null>(null);

export function AdminSessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<AdminSession | null>(readAdminSession);
  const { mutate } = useSWRConfig();
  const check = useAdminDashboard(session !== null);

  // A login or logout in another tab, or a 401 on any admin call (admin-client removes the token).
  useEffect(() => onSessionChange(() => setSession(readAdminSession())), []);

  useEffect(() => {
    if (session && isSessionRejection(check.error)) clearSession('admin');
  }, [session, check.error]);

  // Nothing one operator saw may be shown to the next one.
  const forgetAdminData = useCallback(() => mutate(isAdminKey, undefined, { revalidate: false }), [mutate]);

  const signIn = useCallback(
    async (input: AdminLoginInput) => {
      const { access_token, admin } = await adminLogin(input);
      await forgetAdminData();
      storeAdminSession({ access_token, email: admin?.email ?? input.email.trim() });
    },
    [forgetAdminData],
  );

  const signOut = useCallback(() => {
    clearSession('admin');
    void forgetAdminData();
  }, [forgetAdminData]);

  // The check decides only on a refusal: a network failure or a 5xx says nothing about the token, so
  // the panel opens and its dashboard shows the error with a way to try again.
  const status: AdminStatus = !session
    ? 'signed-out'
    : needsTwoFactorSetup(check.error)
      ? 'two-factor-setup'
      : check.data || (check.error && !isSessionRejection(check.error))
      ? 'signed-in'
      : 'checking';

  const twoFactorReady = useCallback(async () => {
    await check.mutate();
  }, [check]);

  const value = useMemo(
    () => ({ status, email: session?.email ?? '', signIn, signOut, twoFactorReady }),
    [status, session?.email, signIn, signOut, twoFactorReady],
  );
  return <AdminSessionContext.Provider value={value}>{children}</AdminSessionContext.Provider>;
}

export const useAdminSession = (): AdminSessionValue => {
  const value = useContext(AdminSessionContext);
  if (!value) throw new Error('useAdminSession must be used inside <AdminSessionProvider>');
  return value;
};
