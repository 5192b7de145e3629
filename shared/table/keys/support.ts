import type { ItemKey } from '../keys.js';

/**
 * Keys of support (pattern 88; docs/product-rules.md "Account manager"): a workspace's named account
 * manager lives in the workspace's partition, so the account's erasure takes it with it.
 */

/** A workspace's account manager (pattern 88). */
export const accountManagerKey = (workspaceId: string): ItemKey => ({ PK: `USER#${workspaceId}`, SK: 'ACCOUNT_MANAGER' });
