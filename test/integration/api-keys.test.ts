import { createHash, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { apiKeyItemKey, apiKeyLookupKey, rateLimitKey, userKey, WORKSPACE_AUDIT_PREFIX, workspacePartition } from '../../shared/table/keys.js';
import { queryAll } from '../../functions/repositories/query-all.js';
import type { ApiKeyList, CallingApiKey, CreatedApiKey } from '../../shared/workspaces/api-keys.js';
import { userWithId } from './helpers/admin.js';
import { api, PASSWORD } from './helpers/api.js';
import { getTableItem, patchTableItem } from './helpers/pipeline.js';

/**
 * API keys against the local cloud (docs/api.md "Authentication", "Rate limits", "Idempotency"):
 * created in Settings -> API on Business, used as `Authorization: Bearer uw_...` on the key routes,
 * refused when unknown, revoked, expired, read-only on a write or on a plan without API access, and
 * counted per key with RateLimit headers; a POST's Idempotency-Key replays its first answer.
 */
beforeAll(() => {
  Object.assign(process.env, inject('cloudEnv'));
});

const businessUser = async (label: string) => {
  const user = await userWithId(label);
  await patchTableItem(userKey(user.id), { subscription_tier: 'business' });
  return user;
};

const createKey = (token: string, body: Record<string, unknown>) => api<CreatedApiKey>('/api/api-keys', { method: 'POST', token, body });

const withKey = <T = Record<string, unknown>>(key: string, path: string, opts: { method?: string; headers?: Record<string, string>; body?: unknown } = {}) =>
  api<T>(path, { ...opts, token: key });

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

describe('API keys', () => {
  it('creates a key shown once, stored hashed, used with Bearer, listed with its last use and audited', async () => {
    const owner = await businessUser('keys-owner');
    const made = await createKey(owner.token, { name: 'CI deploys', scope: 'read' });
    expect(made.status).toBe(201);
    expect(made.body.key).toMatch(/^uw_[A-Za-z0-9_-]{43}$/);
    expect(made.body).toMatchObject({ name: 'CI deploys', scope: 'read', prefix: `${made.body.key.slice(0, 11)}…`, expires_at: null, last_used_at: null });

    // Only the SHA-256 of the secret is stored; the list never shows the secret.
    const lookup = await getTableItem(apiKeyLookupKey(sha256(made.body.key)));
    expect(lookup).toMatchObject({ workspace_id: owner.id, key_id: made.body.id, scope: 'read' });
    expect(JSON.stringify(await getTableItem(apiKeyItemKey(owner.id, made.body.id)))).not.toContain(made.body.key);

    const me = await withKey<CallingApiKey>(made.body.key, '/api/v1/api-key');
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ id: made.body.id, name: 'CI deploys', prefix: made.body.prefix, scope: 'read', expires_at: null, workspace_id: owner.id });

    const listed = await api<ApiKeyList>('/api/api-keys', { token: owner.token });
    expect(listed.status).toBe(200);
    expect(listed.body.plan_allows_keys).toBe(true);
    expect(listed.body.keys).toHaveLength(1);
    expect(listed.body.keys[0]).toMatchObject({ id: made.body.id, prefix: made.body.prefix, created_by: 'Test keys-owner', revoked_at: null });
    expect(listed.body.keys[0]!.last_used_at).not.toBeNull();
    expect(listed.body.keys[0]!.last_used_ip).toMatch(/^10\./);
    expect(JSON.stringify(listed.body)).not.toContain(made.body.key);

    // The last use is written at most once a minute: a second request leaves it as it was.
    const firstUse = listed.body.keys[0]!.last_used_at;
    await withKey(made.body.key, '/api/v1/api-key');
    const again = await api<ApiKeyList>('/api/api-keys', { token: owner.token });
    expect(again.body.keys[0]!.last_used_at).toBe(firstUse);
  });

  it('refuses a read key on a write (403 naming the scope) and lets a write key in as the workspace', async () => {
    const owner = await businessUser('keys-scope');
    const read = await createKey(owner.token, { name: 'dashboard', scope: 'read' });
    const write = await createKey(owner.token, { name: 'deployer', scope: 'write' });
    const refused = await withKey(read.body.key, '/api/v1/monitors/force-check', { method: 'POST' });
    expect(refused.status).toBe(403);
    // Every /api/v1 refusal is a problem document that keeps `detail` and `code` (docs/api.md "Errors").
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(refused.body).toMatchObject({
      status: 403,
      code: 'API_KEY_SCOPE_TOO_LOW',
      detail: 'This API key is read only; this call changes something and needs a key with the write scope.',
    });
    const checked = await withKey(write.body.key, '/api/v1/monitors/force-check', { method: 'POST' });
    expect(checked.status).toBe(200);
    // A Cognito token is not a key, and a key is not a Cognito token.
    expect((await api('/api/v1/api-key', { token: owner.token })).status).toBe(401);
    expect((await api('/api/monitors', { token: write.body.key })).status).toBe(401);
  });

  it('refuses unknown, revoked and expired keys with 401 and a clear detail', async () => {
    const owner = await businessUser('keys-revoke');
    const none = await api('/api/v1/api-key');
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ code: 'API_KEY_NOT_VALID', detail: expect.stringContaining('Authorization: Bearer uw_') });
    const unknown = await withKey(`uw_${'A'.repeat(43)}`, '/api/v1/api-key');
    expect(unknown.status).toBe(401);
    expect(unknown.body).toMatchObject({ code: 'API_KEY_NOT_VALID', detail: 'This API key is not valid: it was revoked, or it never existed.' });

    const made = await createKey(owner.token, { name: 'old laptop', scope: 'write' });
    expect((await withKey(made.body.key, '/api/v1/api-key')).status).toBe(200);
    const revoked = await api<{ id: string; revoked_at: string }>(`/api/api-keys/${made.body.id}`, { method: 'DELETE', token: owner.token });
    expect(revoked.status).toBe(200);
    expect(revoked.body.id).toBe(made.body.id);
    const after = await withKey(made.body.key, '/api/v1/api-key');
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ code: 'API_KEY_NOT_VALID' });
    const listed = await api<ApiKeyList>('/api/api-keys', { token: owner.token });
    expect(listed.body.keys[0]!.revoked_at).toBe(revoked.body.revoked_at);

    const expiring = await createKey(owner.token, { name: 'temp', scope: 'read', expires_at: new Date(Date.now() + 86_400_000).toISOString() });
    expect(expiring.status).toBe(201);
    await patchTableItem(apiKeyLookupKey(sha256(expiring.body.key)), { key_expires_at: '2026-01-02T00:00:00.000Z' });
    const expired = await withKey(expiring.body.key, '/api/v1/api-key');
    expect(expired.status).toBe(401);
    expect(expired.body).toMatchObject({ code: 'API_KEY_NOT_VALID', detail: 'This API key expired on 2026-01-02. Create a new one in Settings -> API.' });

    const past = await createKey(owner.token, { name: 'past', scope: 'read', expires_at: '2020-01-01T00:00:00Z' });
    expect(past.status).toBe(400);
    // A misspelt expiry is refused, not ignored: it must not make a key that never expires.
    const misspelt = await api<{ detail: string }>('/api/api-keys', { method: 'POST', token: owner.token, body: { name: 'typo', scope: 'read', expires: '2027-01-01T00:00:00Z' } });
    expect(misspelt.status).toBe(400);
    expect(misspelt.body.detail).toMatch(/expires/);
  });

  it('keeps keys to the workspace: another workspace’s key id is 404, and the audit log names who did what', async () => {
    const owner = await businessUser('keys-tenant');
    const other = await businessUser('keys-other');
    const made = await createKey(owner.token, { name: 'mine', scope: 'read' });
    const theirs = await api(`/api/api-keys/${made.body.id}`, { method: 'DELETE', token: other.token });
    expect(theirs.status).toBe(404);
    expect((await api<ApiKeyList>('/api/api-keys', { token: other.token })).body.keys).toEqual([]);
    expect((await withKey(made.body.key, '/api/v1/api-key')).status).toBe(200);
    expect((await api(`/api/api-keys/${made.body.id}`, { method: 'DELETE', token: owner.token })).status).toBe(200);
    const audit = await queryAll({
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': workspacePartition(owner.id), ':prefix': WORKSPACE_AUDIT_PREFIX },
    });
    expect(audit.map((entry) => [entry.action, entry.target_id, entry.actor_id]).sort()).toEqual([
      ['api_key.created', made.body.id, owner.id],
      ['api_key.revoked', made.body.id, owner.id],
    ]);
  });

  it('allows keys on Business and up only: creation on Free is 403 naming the plan, and a key stops when the plan drops', async () => {
    const free = await userWithId('keys-free');
    const refused = await createKey(free.token, { name: 'nope', scope: 'read' });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      code: 'PLAN_HAS_NO_API_ACCESS',
      detail: 'API keys are part of the Business and Enterprise plans; this workspace is on the Free plan.',
    });
    expect((await api<ApiKeyList>('/api/api-keys', { token: free.token })).body.plan_allows_keys).toBe(false);

    const owner = await businessUser('keys-drop');
    const made = await createKey(owner.token, { name: 'cron', scope: 'read' });
    await patchTableItem(userKey(owner.id), { subscription_tier: 'pro' });
    const dropped = await withKey(made.body.key, '/api/v1/api-key');
    expect(dropped.status).toBe(403);
    expect(dropped.body).toMatchObject({
      status: 403,
      code: 'PLAN_HAS_NO_API_ACCESS',
      detail: 'API keys are part of the Business and Enterprise plans; this workspace is on the Pro plan.',
    });
    await patchTableItem(userKey(owner.id), { subscription_tier: 'business' });
    expect((await withKey(made.body.key, '/api/v1/api-key')).status).toBe(200);
  });

  it('answers RateLimit headers on every key request and 429 with Retry-After past the per-minute limit', async () => {
    const owner = await businessUser('keys-limit');
    const made = await createKey(owner.token, { name: 'busy', scope: 'read' });
    const first = await withKey(made.body.key, '/api/v1/api-key');
    expect(first.headers.get('ratelimit-limit')).toBe('120');
    expect(Number(first.headers.get('ratelimit-remaining'))).toBeLessThan(120);
    expect(Number(first.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
    // Fill this minute's counter to one below the limit (a window about to end is waited out first).
    if (Date.now() % 60_000 > 55_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - (Date.now() % 60_000) + 100));
    const windowStart = new Date(Math.floor(Date.now() / 60_000) * 60_000).toISOString();
    await patchTableItem(rateLimitKey('api_key_requests', made.body.id, windowStart), { hits: 119 });
    const last = await withKey(made.body.key, '/api/v1/api-key');
    expect(last.status).toBe(200);
    expect(last.headers.get('ratelimit-remaining')).toBe('0');
    const limited = await withKey(made.body.key, '/api/v1/api-key');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('ratelimit-remaining')).toBe('0');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.body).toMatchObject({ code: 'RATE_LIMITED', detail: expect.stringContaining('120 requests this minute') });
  });

  it('replays a POST sent again with the same Idempotency-Key and refuses the key on a different request', async () => {
    const owner = await businessUser('keys-idem');
    const made = await createKey(owner.token, { name: 'retrying client', scope: 'write' });
    const headers = { 'idempotency-key': randomUUID() };
    const first = await withKey(made.body.key, '/api/v1/monitors/force-check?limit=5', { method: 'POST', headers });
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const second = await withKey(made.body.key, '/api/v1/monitors/force-check?limit=5', { method: 'POST', headers });
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.headers.get('ratelimit-limit')).toBe('120');
    const different = await withKey(made.body.key, '/api/v1/monitors/force-check?limit=7', { method: 'POST', headers });
    expect(different.status).toBe(422);
    expect(different.body).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    // The same header value in another workspace is another request.
    const elsewhere = await businessUser('keys-idem-other');
    const theirs = await createKey(elsewhere.token, { name: 'theirs', scope: 'write' });
    const other = await withKey(theirs.body.key, '/api/v1/monitors/force-check?limit=7', { method: 'POST', headers });
    expect(other.status).toBe(200);
    expect(other.headers.get('idempotent-replayed')).toBeNull();
  });

  it('takes the keys with the account that founded the workspace: erasure deletes their lookups', async () => {
    const owner = await businessUser('keys-erase');
    const made = await createKey(owner.token, { name: 'leaving', scope: 'read' });
    expect(await getTableItem(apiKeyLookupKey(sha256(made.body.key)))).toBeDefined();
    const deleted = await api('/api/auth/delete-account', { method: 'DELETE', token: owner.token, body: { password: PASSWORD } });
    expect(deleted.status).toBe(200);
    expect(await getTableItem(apiKeyLookupKey(sha256(made.body.key)))).toBeUndefined();
    expect((await withKey(made.body.key, '/api/v1/api-key')).status).toBe(401);
  });

  it('limits key creation to 10 an hour per workspace', async () => {
    const owner = await businessUser('keys-many');
    for (let i = 0; i < 10; i += 1) expect((await createKey(owner.token, { name: `key ${i}`, scope: 'read' })).status).toBe(201);
    const eleventh = await createKey(owner.token, { name: 'one too many', scope: 'read' });
    expect(eleventh.status).toBe(429);
    expect(eleventh.body).toMatchObject({ code: 'RATE_LIMITED', detail: expect.stringContaining('10 API keys in the last hour') });
  });
});
