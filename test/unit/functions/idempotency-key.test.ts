import { beforeEach, describe, expect, it, vi } from 'vitest';
import { runWithIdempotencyKey } from '../../../functions/http/idempotency-key.js';
import { ok, type ApiEvent } from '../../../functions/http/responses.js';
import { answerOnce } from '../../../functions/repositories/api-request-idempotency.js';
import type { CallerContext } from '../../../functions/services/context.js';
import { isAppError } from '../../../shared/errors.js';
import { profile } from './profile-fixture.js';

vi.mock('../../../functions/repositories/api-request-idempotency.js', () => ({ answerOnce: vi.fn() }));

/**
 * The Idempotency-Key header of the public API (docs/api.md "Idempotency"): only a key's POST
 * carrying it goes through the store; a malformed value is a 400, a reused one a 422, one still
 * running a 409, and a replay is marked.
 */
const ctx = (withKey = true): CallerContext => ({
  userId: 'u1',
  isAdmin: false,
  profile: profile({ id: 'u1' }),
  account: profile({ id: 'u1' }),
  workspaceId: 'ws1',
  role: 'admin',
  clientIp: '203.0.113.9',
  ...(withKey ? { apiKey: { id: 'k1', name: 'CI', prefix: 'abcd1234', scope: 'write' as const, expires_at: null } } : {}),
});

const event = (routeKey: string, headers: Record<string, string> = {}): ApiEvent =>
  ({ routeKey, rawPath: '/api/v1/monitors/force-check', headers, body: '', queryStringParameters: { limit: '5' } }) as unknown as ApiEvent;

const codeOf = async (promise: Promise<unknown>): Promise<string> => {
  try {
    await promise;
  } catch (error) {
    if (isAppError(error)) return `${error.status} ${error.code}`;
    throw error;
  }
  return 'no error';
};

beforeEach(() => vi.mocked(answerOnce).mockReset());

describe('Idempotency-Key', () => {
  it('runs the request directly without the header, for a GET, or for a signed-in person', async () => {
    const run = vi.fn(async () => ok({ done: true }));
    await runWithIdempotencyKey(event('POST /api/v1/monitors/force-check'), ctx(), run);
    await runWithIdempotencyKey(event('GET /api/v1/api-key', { 'idempotency-key': 'a' }), ctx(), run);
    await runWithIdempotencyKey(event('POST /api/monitors/force-check', { 'idempotency-key': 'a' }), ctx(false), run);
    expect(run).toHaveBeenCalledTimes(3);
    expect(answerOnce).not.toHaveBeenCalled();
  });

  it('keys the record by workspace and header, and hashes route, path, query and body', async () => {
    vi.mocked(answerOnce).mockResolvedValue({ kind: 'answered', answer: { statusCode: 200, headers: {}, body: '{}' }, replayed: false });
    await runWithIdempotencyKey(event('POST /api/v1/monitors/force-check', { 'idempotency-key': 'req-1' }), ctx(), async () => ok({}));
    expect(vi.mocked(answerOnce).mock.calls[0]![0]).toEqual({
      workspace: 'ws1',
      key: 'req-1',
      request: { route: 'POST /api/v1/monitors/force-check', path: '/api/v1/monitors/force-check', query: { limit: '5' }, body: '' },
    });
  });

  it('marks a replayed answer', async () => {
    vi.mocked(answerOnce).mockResolvedValue({ kind: 'answered', answer: { statusCode: 200, headers: { a: 'b' }, body: '{"x":1}' }, replayed: true });
    const result = await runWithIdempotencyKey(event('POST /x', { 'idempotency-key': 'req-1' }), ctx(), async () => ok({}));
    expect(result).toEqual({ statusCode: 200, headers: { a: 'b', 'Idempotent-Replayed': 'true' }, body: '{"x":1}' });
  });

  it('refuses a malformed header (400), a key reused for another request (422) and one still running (409)', async () => {
    const run = async () => ok({});
    expect(await codeOf(runWithIdempotencyKey(event('POST /x', { 'idempotency-key': 'has space' }), ctx(), run))).toBe('400 VALIDATION_FAILED');
    expect(await codeOf(runWithIdempotencyKey(event('POST /x', { 'idempotency-key': 'x'.repeat(256) }), ctx(), run))).toBe('400 VALIDATION_FAILED');
    vi.mocked(answerOnce).mockResolvedValueOnce({ kind: 'different_request' });
    expect(await codeOf(runWithIdempotencyKey(event('POST /x', { 'idempotency-key': 'k' }), ctx(), run))).toBe('422 IDEMPOTENCY_KEY_REUSED');
    vi.mocked(answerOnce).mockResolvedValueOnce({ kind: 'in_progress' });
    expect(await codeOf(runWithIdempotencyKey(event('POST /x', { 'idempotency-key': 'k' }), ctx(), run))).toBe('409 IDEMPOTENCY_KEY_IN_USE');
  });
});
