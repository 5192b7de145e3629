import type { AccountManager } from '../../shared/support/account-manager.js';
import { accountManagerKey, ENTITY } from '../../shared/table/keys.js';
import type { TableItem } from './query-all.js';
import * as table from './table-commands.js';

/** A workspace's named account manager: one item in its partition (access pattern 88). */

const toAccountManager = (item: TableItem | undefined): AccountManager | null =>
  item && item.entity === ENTITY.accountManager
    ? { name: String(item.name), email: String(item.email), assigned_at: String(item.assigned_at) }
    : null;

export const getAccountManager = async (workspaceId: string): Promise<AccountManager | null> =>
  toAccountManager((await table.get({ Key: accountManagerKey(workspaceId), ConsistentRead: true })).Item);

/** Names the workspace's manager (replacing any before); answers the one it replaced, or null. */
export const putAccountManager = async (workspaceId: string, manager: AccountManager): Promise<AccountManager | null> => {
  const written = await table.put({
    Item: { ...accountManagerKey(workspaceId), entity: ENTITY.accountManager, workspace_id: workspaceId, ...manager },
    ReturnValues: 'ALL_OLD',
  });
  return toAccountManager(written.Attributes);
};

/** Removes the workspace's manager; answers the one removed, or null when there was none. */
export const deleteAccountManager = async (workspaceId: string): Promise<AccountManager | null> =>
  toAccountManager((await table.delete({ Key: accountManagerKey(workspaceId), ReturnValues: 'ALL_OLD' })).Attributes);
