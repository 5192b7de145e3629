import { maskedKey, type ApiKeyView } from '../../../shared/workspaces/api-keys.js';
import type { StoredApiKey } from '../../repositories/api-key-repository.js';

/** A stored key as the API shows it: the prefix masked (`uw_abcd1234…`), the secret's hash never. */
export const apiKeyView = (key: StoredApiKey): ApiKeyView => ({
  id: key.id,
  name: key.name,
  prefix: maskedKey(key.prefix),
  scope: key.scope,
  created_at: key.created_at,
  created_by: key.created_by_label,
  expires_at: key.expires_at,
  last_used_at: key.last_used_at,
  last_used_ip: key.last_used_ip,
  revoked_at: key.revoked_at,
});
