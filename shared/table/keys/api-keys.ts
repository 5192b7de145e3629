import type { ItemKey } from '../keys.js';
import { workspacePartition } from './workspaces.js';

/**
 * Keys of API keys (patterns 70-72; docs/api.md "Authentication"). The secret is never stored: a
 * request's key is found by the SHA-256 of its secret (70); the workspace's list (71) keeps the
 * name, visible prefix and last use; an `Idempotency-Key` (72) keeps the first answer of a POST.
 */

/** The lookup a request's key is resolved by: the SHA-256 (hex) of its secret (pattern 70). */
export const apiKeyLookupKey = (secretSha256: string): ItemKey => ({ PK: `API_KEY#${secretSha256}`, SK: 'API_KEY' });

/** One key of a workspace, as Settings -> API lists it (pattern 71; the list: begins_with API_KEY#). */
export const apiKeyItemKey = (workspaceId: string, keyId: string): ItemKey => ({
  PK: workspacePartition(workspaceId),
  SK: `API_KEY#${keyId}`,
});

export const API_KEY_ITEM_PREFIX = 'API_KEY#';

/**
 * The partition of a workspace's `Idempotency-Key` records (pattern 72): Powertools Idempotency
 * writes `SK = <prefix>#<hash of the workspace id and the header>` under it.
 */
export const IDEMPOTENCY_PARTITION = 'IDEMPOTENCY';

export const IDEMPOTENCY_KEY_PREFIX = 'api-request';
