import useSWR, { useSWRConfig } from 'swr';
import type { SessionListResponse, SignedOutResponse } from '@shared/auth/sessions.js';
import { apiPath, callApi } from '@/lib/api-client';

export const SESSIONS_PATH = apiPath('listSessions');

/** GET /api/auth/sessions: where the account is signed in, this device marked. */
export const listSessions = (): Promise<SessionListResponse> => callApi('listSessions');

export const useSessions = () => useSWR<SessionListResponse, Error>(SESSIONS_PATH, listSessions);

/** DELETE /api/auth/sessions/{id}: that session's tokens stop working at once. */
export const signOutSession = (id: string): Promise<SignedOutResponse> => callApi('signOutSession', { params: { id } });

/** Signs one session out, then refreshes the list. */
export const useSignOutSession = () => {
  const { mutate } = useSWRConfig();
  return async (id: string): Promise<void> => {
    await signOutSession(id);
    await mutate(SESSIONS_PATH);
  };
};

/** POST /api/auth/sign-out-everywhere: every session ends, this one included. */
export const signOutEverywhere = (): Promise<SignedOutResponse> => callApi('signOutEverywhere');
