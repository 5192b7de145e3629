import { z } from 'zod';
import { plainName } from '../validation.js';
import { TIERS, type TierId } from '../tiers.js';
import type { WorkspaceRole } from './roles.js';

/**
 * API keys (docs/api.md "Authentication"): a workspace's keys for the public API under `/api/v1/`,
 * sent as `Authorization: Bearer uw_...`. The rules shared by the server and the Settings -> API
 * screen live here.
 */

export const API_KEY_SCOPES = ['read', 'write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** The role a key's scope stands for (docs/api.md "Authentication"): never owner, so a key cannot pay or transfer. */
export const SCOPE_ROLE: Record<ApiKeyScope, WorkspaceRole> = { read: 'viewer', write: 'admin' };

export const SCOPE_LABELS: Record<ApiKeyScope, string> = { read: 'Read only', write: 'Read and write' };

/** Every secret starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_KEY_SECRET_PREFIX = 'uw_';

/** How many characters after `uw_` are kept and shown, so a person can tell their keys apart. */
export const API_KEY_VISIBLE_CHARS = 8;

/** A secret's shape: `uw_` and 43 base64url characters (32 random bytes). */
export const API_KEY_SECRET_PATTERN = /^uw_[A-Za-z0-9_-]{43}$/;

/** How a key is shown once its secret is gone: `uw_abcd1234…`. */
export const maskedKey = (prefix: string): string => `${API_KEY_SECRET_PREFIX}${prefix}…`;

/** The plans that include API access (docs/product-rules.md "Tiers and caps": Business sells "API access"). */
export const API_KEY_TIERS: readonly TierId[] = ['business', 'enterprise'];

export const tierHasApiKeys = (tier: TierId): boolean => API_KEY_TIERS.includes(tier);

/** The 403 detail for a workspace whose plan has no API access; it names the plan. */
export const apiKeysNeedPlanDetail = (tier: TierId): string =>
  `API keys are part of the Business and Enterprise plans; this workspace is on the ${TIERS[tier].name} plan.`;

/** Requests one key may make per minute (docs/api.md "Rate limits"). */
export const API_KEY_REQUESTS_PER_MINUTE = 120;

/** Keys one workspace may create per hour (docs/api.md "Authentication"). */
export const API_KEY_CREATIONS_PER_HOUR = 10;

/** The longest name a key may have. */
export const API_KEY_NAME_MAX = 60;

/** `POST /api/api-keys`: a name, a scope, and optionally when the key stops working. */
// Strict: a misspelt field (`expires` for `expires_at`) must not quietly make a key that never expires.
export const CreateApiKeyInput = z.strictObject({
  name: plainName(
    z
      .string({ error: 'Give the key a name' })
      .trim()
      .min(1, { error: 'Give the key a name' })
      .max(API_KEY_NAME_MAX, { error: `A key's name is at most ${API_KEY_NAME_MAX} characters` }),
  ),
  scope: z.enum(API_KEY_SCOPES, { error: 'scope must be "read" or "write"' }),
  expires_at: z
    .iso.datetime({ offset: true, error: 'expires_at must be a date and time, like 2027-01-31T00:00:00Z' })
    .nullish()
    .transform((value) => (value ? new Date(value).toISOString() : null)),
});
export type CreateApiKeyInput = z.output<typeof CreateApiKeyInput>;
export type CreateApiKeyBody = z.input<typeof CreateApiKeyInput>;

/** One key as the list shows it; the secret is never in it. */
export interface ApiKeyView {
  id: string;
  name: string;
  /** `uw_abcd1234…` */
  prefix: string;
  scope: ApiKeyScope;
  created_at: string;
  /** Who created it: a member's name or e-mail, as the audit log shows them. */
  created_by: string;
  expires_at: string | null;
  last_used_at: string | null;
  last_used_ip: string | null;
  revoked_at: string | null;
}

export interface ApiKeyList {
  keys: ApiKeyView[];
  /** Whether the workspace's plan includes API keys; false on Free and Pro (the screen shows an upgrade note). */
  plan_allows_keys: boolean;
}

/** What creating a key answers: the key, and its secret this one time. */
export interface CreatedApiKey extends ApiKeyView {
  key: string;
}

export interface RevokedApiKey {
  id: string;
  revoked_at: string;
}

/** `GET /api/v1/api-key`: the key making the request, and the workspace it acts in. */
export interface CallingApiKey {
  id: string;
  name: string;
  prefix: string;
  scope: ApiKeyScope;
  expires_at: string | null;
  workspace_id: string;
}
