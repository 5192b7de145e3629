import type { AccountManager, AccountManagerInput } from '@shared/support/account-manager.js';
import { callApi } from '@/lib/api-client';

/** PUT /api/admin/users/{id}/account-manager: names (or replaces) the manager of the workspace the user founded; audited. */
export const setAccountManager = async (userId: string, input: AccountManagerInput): Promise<AccountManager> =>
  (await callApi('adminSetAccountManager', { params: { id: userId }, body: input })).account_manager;

/** DELETE /api/admin/users/{id}/account-manager: removes it; audited. */
export const removeAccountManager = async (userId: string): Promise<void> => {
  await callApi('adminRemoveAccountManager', { params: { id: userId } });
};
