import { beforeEach, describe, expect, it, vi } from 'vitest';
import { putApplicationError } from '../../../functions/repositories/application-error-repository.js';
import { recordApplicationError } from '../../../functions/services/operations/record-application-error.js';
import { REDACTED, scrubContext, scrubText } from '../../../functions/services/operations/scrub-context.js';
import { captureLogs } from './captured-logs.js';

vi.mock('../../../functions/repositories/application-error-repository.js', () => ({ putApplicationError: vi.fn() }));

const JWT = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJlLXBhcnQ';

beforeEach(() => vi.resetAllMocks());

describe('scrubContext', () => {
  it('replaces credentials and tokens by key, whatever their case or separators', () => {
    const scrubbed = scrubContext({
      Authorization: 'Bearer abc',
      headers: { cookie: 'sid=1', 'X-Api-Key': 'k', accept: 'json' },
      password: 'hunter22',
      new_password: 'x',
      refresh_token: 'r',
      stripeSignature: 's',
      client_secret: 'c',
      email: 'ada@example.com',
      monitor_id: 'm1',
    });
    expect(scrubbed).toEqual({
      Authorization: REDACTED,
      headers: { cookie: REDACTED, 'X-Api-Key': REDACTED, accept: 'json' },
      password: REDACTED,
      new_password: REDACTED,
      refresh_token: REDACTED,
      stripeSignature: REDACTED,
      client_secret: REDACTED,
      email: 'ada@example.com',
      monitor_id: 'm1',
    });
  });

  it('removes bearer tokens, JWTs and secret query parameters from strings', () => {
    const text = scrubText(`GET /x?token=abc123&page=2 with Bearer ${JWT} and raw ${JWT}`);
    expect(text).not.toContain('abc123');
    expect(text).not.toContain(JWT);
    expect(text).toContain('page=2');
  });

  it('bounds depth and size', () => {
    const deep = { a: { b: { c: { d: { e: { f: { g: 1 } } } } } } };
    expect(JSON.stringify(scrubContext(deep))).toContain('[too deep]');
    expect(JSON.stringify(scrubContext({ big: 'x'.repeat(100_000) })).length).toBeLessThan(9000);
  });
});

describe('recordApplicationError', () => {
  it('stores the type, message, scrubbed context, stack and ids, open', async () => {
    const error = new Error(`failed with Bearer ${JWT}`);
    await recordApplicationError({ type: 'api_error', error, context: { password: 'p', route: 'GET /x' }, userId: 'u1', monitorId: 'm1' });
    const stored = vi.mocked(putApplicationError).mock.calls[0]?.[0];
    expect(stored).toMatchObject({
      error_type: 'api_error',
      resolved: false,
      context: { password: REDACTED, route: 'GET /x' },
      user_id: 'u1',
      monitor_id: 'm1',
    });
    expect(stored?.error_message).toContain('Error: failed with Bearer');
    expect(stored?.error_message).not.toContain(JWT);
    expect(stored?.stack_trace).toContain('application-errors.test.ts');
    expect(stored?.id).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
  });

  it('never throws: a failed write is logged and swallowed', async () => {
    const logs = captureLogs();
    vi.mocked(putApplicationError).mockRejectedValue(new Error('table unreachable'));
    await expect(recordApplicationError({ type: 'database_error', message: 'x' })).resolves.toBeUndefined();
    logs.restore();
    expect(logs.entries()).toHaveLength(1);
    expect(logs.entries()[0]).toMatchObject({ level: 'ERROR', message: 'Could not record an application error' });
  });
});
