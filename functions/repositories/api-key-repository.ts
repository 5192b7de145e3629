import type { ApiKeyScope } from '../../shared/workspaces/api-keys.js';
import { API_KEY_ITEM_PREFIX, apiKeyItemKey, apiKeyLookupKey, ENTITY, workspacePartition, type ItemKey } from '../../shared/table/keys.js';
import { queryAll } from './query-all.js';
import * as table from './table-commands.js';
import { transactIfAllowed, writeIfAllowed } from './table.js';

/**
 * API keys in the table (patterns 70-71; docs/api.md "Authentication"). The secret is never
 * stored: the lookup item is keyed by its SHA-256 and the workspace's item keeps the first
 * characters to show. Creating writes both in one transaction; revoking marks the workspace's item
 * and deletes the lookup in one transaction, so the very next request with the key is refused.
 */

export interface StoredApiKey {
  id: string;
  workspace_id: string;
  name: string;
  /** The characters after `uw_` that are shown (`uw_abcd1234…`). */
  prefix: string;
  scope: ApiKeyScope;
  created_at: string;
  created_by: string;
  created_by_label: string;
  expires_at: string | null;
  last_used_at: string | null;
  last_used_ip: string | null;
  revoked_at: string | null;
  /** The SHA-256 of the secret, so revocation can delete the lookup item. */
  secret_sha256: string;
}

/** What a request's key resolves to (pattern 70). */
export interface ApiKeyLookup {
  id: string;
  workspace_id: string;
  name: string;
  prefix: string;
  scope: ApiKeyScope;
  created_by: string;
  expires_at: string | null;
}

const WEEK_SECONDS = 7 * 86_400;

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

const toStored = (item: Record<string, unknown>): StoredApiKey => ({
  id: String(item.key_id),
  workspace_id: String(item.workspace_id),
  name: String(item.name),
  prefix: String(item.prefix),
  scope: item.scope === 'write' ? 'write' : 'read',
  created_at: String(item.created_at),
  created_by: String(item.created_by),
  created_by_label: String(item.created_by_label ?? ''),
  expires_at: text(item.key_expires_at),
  last_used_at: text(item.last_used_at),
  last_used_ip: text(item.last_used_ip),
  revoked_at: text(item.revoked_at),
  secret_sha256: String(item.secret_sha256),
});

/**
 * Writes a new key's workspace item and its lookup in one transaction. The table's TTL attribute is
 * `expires_at` (table-definition.ts), so the key's own expiry is stored as `key_expires_at`; an
 * expiring key's lookup is removed by TTL a week after its expiry (for that week a request with it
 * hears "expired").
 */
export const putApiKey = async (key: StoredApiKey): Promise<void> => {
  const { expires_at: keyExpiresAt, id, ...rest } = key;
  const lookupTtl = keyExpiresAt ? { expires_at: Math.ceil(Date.parse(keyExpiresAt) / 1000) + WEEK_SECONDS } : {};
  await table.transact([
    {
      Put: {
        Item: { ...apiKeyItemKey(key.workspace_id, id), entity: ENTITY.apiKey, key_id: id, key_expires_at: keyExpiresAt, ...rest },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    {
      Put: {
        Item: {
          ...apiKeyLookupKey(key.secret_sha256),
          entity: ENTITY.apiKeyLookup,
          key_id: id,
          workspace_id: key.workspace_id,
          name: key.name,
          prefix: key.prefix,
          scope: key.scope,
          created_by: key.created_by,
          key_expires_at: keyExpiresAt,
          ...lookupTtl,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
  ]);
};

/** The key whose secret hashes to `secretSha256`, or null (never existed, or revoked). */
export const findApiKeyBySecretHash = async (secretSha256: string): Promise<ApiKeyLookup | null> => {
  const { Item } = await table.get({ Key: apiKeyLookupKey(secretSha256), ConsistentRead: true });
  if (!Item) return null;
  return {
    id: String(Item.key_id),
    workspace_id: String(Item.workspace_id),
    name: String(Item.name),
    prefix: String(Item.prefix),
    scope: Item.scope === 'write' ? 'write' : 'read',
    created_by: String(Item.created_by),
    expires_at: text(Item.key_expires_at),
  };
};

/** A workspace's keys, newest first (pattern 71). */
export const listApiKeys = async (workspaceId: string): Promise<StoredApiKey[]> => {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': workspacePartition(workspaceId), ':prefix': API_KEY_ITEM_PREFIX },
  });
  return items.map(toStored).sort((a, b) => b.created_at.localeCompare(a.created_at));
};

/** One key of the workspace, or null when the workspace has no key with that id. */
export const getApiKey = async (workspaceId: string, keyId: string): Promise<StoredApiKey | null> => {
  const { Item } = await table.get({ Key: apiKeyItemKey(workspaceId, keyId), ConsistentRead: true });
  return Item ? toStored(Item) : null;
};

/**
 * Marks the key revoked and deletes its lookup in one transaction; false when it was revoked
 * already (a second revoke changes nothing).
 */
export const revokeStoredApiKey = async (key: StoredApiKey, revokedAt: string): Promise<boolean> =>
  (await transactIfAllowed(
    [
      {
        Update: {
          Key: apiKeyItemKey(key.workspace_id, key.id),
          UpdateExpression: 'SET revoked_at = :at',
          ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(revoked_at) OR revoked_at = :null)',
          ExpressionAttributeValues: { ':at': revokedAt, ':null': null },
        },
      },
      { Delete: { Key: apiKeyLookupKey(key.secret_sha256) } },
    ],
    { 0: 'revoked already' },
  )) === null;

/**
 * Records a use of the key at most once a minute (docs/api.md "Authentication"): a conditional
 * update that does nothing while the last recorded use is under a minute old, so a busy key does
 * not write on every request. Answers whether it wrote.
 */
export const recordApiKeyUse = async (workspaceId: string, keyId: string, at: Date, ip: string): Promise<boolean> =>
  writeIfAllowed(
    table.update({
      Key: apiKeyItemKey(workspaceId, keyId),
      UpdateExpression: 'SET last_used_at = :at, last_used_ip = :ip',
      ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(last_used_at) OR last_used_at = :null OR last_used_at < :minuteAgo)',
      ExpressionAttributeValues: {
        ':at': at.toISOString(),
        ':ip': ip,
        ':null': null,
        ':minuteAgo': new Date(at.getTime() - 60_000).toISOString(),
      },
    }),
  );

/**
 * The lookup items of a workspace's keys (pattern 70): they sit outside the workspace's partition,
 * keyed by the secret's hash, so erasing the account that founded it finds them through the list.
 */
export const listApiKeyLookupsOfWorkspace = async (workspaceId: string): Promise<ItemKey[]> =>
  (await listApiKeys(workspaceId)).map((key) => apiKeyLookupKey(key.secret_sha256));
