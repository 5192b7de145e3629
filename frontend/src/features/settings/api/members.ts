import useSWR, { useSWRConfig } from 'swr';
import type { InvitationList, MemberList } from '@shared/workspaces/members.js';
import { apiPath, callApi } from '@/lib/api-client';

/** The members screen's reads (docs/teams.md "Members and invitations"), in the workspace the header names. */
export const MEMBERS_PATH = apiPath('listMembers');
export const INVITATIONS_PATH = apiPath('listInvitations');

export const useMembers = () => useSWR<MemberList, Error>(MEMBERS_PATH, () => callApi('listMembers'));

/** Pending invitations: only admins and owners may list them, so others do not ask. */
export const useInvitations = (canManage: boolean) =>
  useSWR<InvitationList, Error>(canManage ? INVITATIONS_PATH : null, () => callApi('listInvitations'));

/** Runs a member change, then reloads the members and invitations. */
export const useMemberChange = () => {
  const { mutate } = useSWRConfig();
  return async <T,>(change: () => Promise<T>): Promise<T> => {
    const result = await change();
    await Promise.all([mutate(MEMBERS_PATH), mutate(INVITATIONS_PATH)]);
    return result;
  };
};
