import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { AppError, INTERNAL_ERROR_DETAIL } from '../../../shared/errors.js';
import { VerifyEmailQuery } from '../../../shared/auth/schemas.js';
import { apiHandler, publicApiHandler } from '../../../functions/http/api-handler.js';
import { MAX_BODY_BYTES } from '../../../functions/http/request-body.js';
import { created, ok } from '../../../functions/http/responses.js';
import { recordApplicationError } from '../../../functions/services/operations/record-application-error.js';
import { bodyOf, sampleEvent, withoutClaims } from './sample-events.js';
import { captureLogs } from './captured-logs.js';

// The handler chain reads the caller's profile (functions/http/caller.ts): an active, verified one here.
vi.mock('../../../functions/repositories/workspace-repository.js', () => import('./own-workspace-access.js'));
vi.mock('../../../functions/repositories/user-repository.js', async (importOriginal) => {
  const { profile } = await import('./profile-fixture.js');
  return {
    ...(await importOriginal<typeof import('../../../functions/repositories/user-repository.js')>()),
    getUserProfile: vi.fn(async (id: string) => profile({ id })),
  };
});
vi.mock('../../../functions/services/operations/record-application-error.js', () => ({ recordApplicationError: vi.fn() }));

const Input = z.object({ name: z.string({ error: 'Name is required' }).min(1, 'Name is required') });

const echo = apiHandler(Input, async ({ ctx, body }) => ok({ ctx, body }));

const withBody = (body: string | undefined, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  sampleEvent('create-monitor', { body, headers });

afterEach(() => vi.restoreAllMocks());

describe('apiHandler body parsing', () => {
  it('passes the parsed, validated body and the caller to the route function', async () => {
    const result = await echo(withBody('{"name":"Shop","extra":1}'));
    expect(result.statusCode).toBe(200);
    expect(bodyOf(result)).toEqual({
      ctx: {
        userId: '3f0c2b1e-7d4a-4c7e-9a51-2b8f6d0e9c41',
        isAdmin: false,
        // The token's own id (its session is found by it) and expiry (an operator's pass of the second step is kept by both).
        tokenId: expect.any(String),
        tokenExpiresAtEpoch: expect.any(Number),
        sessionId: 'session-1',
        profile: expect.objectContaining({ id: '3f0c2b1e-7d4a-4c7e-9a51-2b8f6d0e9c41', is_active: true }),
        // No X-Workspace-Id header: the caller's own workspace, as its owner.
        workspaceId: '3f0c2b1e-7d4a-4c7e-9a51-2b8f6d0e9c41',
        role: 'owner',
        account: expect.objectContaining({ id: '3f0c2b1e-7d4a-4c7e-9a51-2b8f6d0e9c41' }),
        clientIp: expect.any(String),
      },
      body: { name: 'Shop' },
    });
  });

  it('answers 400 with a detail and the field problem when the body is malformed JSON', async () => {
    const result = await echo(withBody('{"name": '));
    expect(result.statusCode).toBe(400);
    expect(bodyOf(result)).toEqual({
      detail: 'The request body is not valid JSON',
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'body', message: 'The request body is not valid JSON' }],
    });
  });

  it.each(['[1,2]', '"text"', '42', 'null'])('answers 400 when the body is JSON but not an object (%s)', async (raw) => {
    const result = await echo(withBody(raw));
    expect(result.statusCode).toBe(400);
    expect(bodyOf(result)).toMatchObject({ detail: 'The request body must be a JSON object', code: 'VALIDATION_FAILED' });
  });

  it('answers 400 naming each field when the body fails the schema', async () => {
    const result = await echo(withBody('{"name":""}'));
    expect(result.statusCode).toBe(400);
    expect(bodyOf(result)).toEqual({
      detail: 'Name is required',
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'name', message: 'Name is required' }],
    });
  });

  it('validates an absent body as an empty object, so the missing fields are named', async () => {
    const result = await echo(withBody(undefined));
    expect(result.statusCode).toBe(400);
    expect(bodyOf(result)).toMatchObject({ errors: [{ field: 'name', message: 'Name is required' }] });
  });

  it('answers 415 when a body comes with a non-JSON content type', async () => {
    const result = await echo(withBody('name=Shop', { 'content-type': 'application/x-www-form-urlencoded' }));
    expect(result.statusCode).toBe(415);
    expect(bodyOf(result)).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('accepts JSON content types with parameters or a +json suffix', async () => {
    for (const type of ['application/json; charset=utf-8', 'application/merge-patch+json', 'Application/JSON']) {
      const result = await echo(withBody('{"name":"Shop"}', { 'content-type': type }));
      expect(result.statusCode, type).toBe(200);
    }
  });

  it('answers 413 when the body is larger than 64 KiB', async () => {
    const result = await echo(withBody(JSON.stringify({ name: 'x'.repeat(MAX_BODY_BYTES) })));
    expect(result.statusCode).toBe(413);
    expect(bodyOf(result)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('decodes a base64-encoded body before parsing it', async () => {
    const event = { ...withBody(Buffer.from('{"name":"Shop"}').toString('base64')), isBase64Encoded: true };
    const result = await echo(event);
    expect(bodyOf(result)).toMatchObject({ body: { name: 'Shop' } });
  });
});

describe('apiHandler query parsing', () => {
  const verify = publicApiHandler({ query: VerifyEmailQuery }, async ({ query }) => ok(query));

  it('passes the parsed query to the route function', async () => {
    const result = await verify(sampleEvent('verify-email'));
    expect(bodyOf(result)).toEqual({ token: 'q9bKx0T3yQ7mZ2vH8cW1nR5sL4dF6gJ0aE3uI9oP2kM' });
  });

  it('answers 400 "Invalid or missing verification token" when the token is missing', async () => {
    const result = await verify(sampleEvent('verify-email', { queryStringParameters: undefined, rawQueryString: '' }));
    expect(result.statusCode).toBe(400);
    expect(bodyOf(result)).toMatchObject({ detail: 'Invalid or missing verification token', code: 'VALIDATION_FAILED' });
  });

  it('answers 400 "Invalid or missing verification token" when the token is empty', async () => {
    const result = await verify(sampleEvent('verify-email', { queryStringParameters: { token: '' } }));
    expect(bodyOf(result)).toMatchObject({ detail: 'Invalid or missing verification token' });
  });
});

describe('apiHandler error mapping', () => {
  it('maps an AppError to its status and {detail, code}', async () => {
    const handler = apiHandler(null, async () => {
      throw new AppError('EMAIL_TAKEN', 'An account with this email already exists');
    });
    const result = await handler(sampleEvent('get-me'));
    expect(result.statusCode).toBe(409);
    expect(bodyOf(result)).toEqual({ detail: 'An account with this email already exists', code: 'EMAIL_TAKEN' });
  });

  it('answers 500 with the generic detail and no stack when a plain Error is thrown, and logs the cause as one JSON line', async () => {
    const logs = captureLogs();
    const handler = apiHandler(null, async () => {
      throw new Error('connect ECONNREFUSED 127.0.0.1:8000');
    });
    const result = await handler(sampleEvent('get-me'));
    logs.restore();

    expect(result.statusCode).toBe(500);
    expect(bodyOf(result)).toEqual({ detail: INTERNAL_ERROR_DETAIL, code: 'INTERNAL' });
    expect(result.body).not.toContain('ECONNREFUSED');
    expect(result.body).not.toMatch(/at .*\.ts/);

    expect(logs.lines).toHaveLength(1);
    const logged = logs.entries()[0];
    expect(logged).toMatchObject({
      level: 'ERROR',
      routeKey: 'GET /api/auth/me',
      error: { name: 'Error', message: 'connect ECONNREFUSED 127.0.0.1:8000' },
    });
    // ...and the operators' error log gets it, with the caller and the route but no headers.
    expect(recordApplicationError).toHaveBeenCalledWith(
      expect.objectContaining({
        type: 'api_error',
        userId: '3f0c2b1e-7d4a-4c7e-9a51-2b8f6d0e9c41',
        context: expect.objectContaining({ route: 'GET /api/auth/me' }),
      }),
    );
    expect(JSON.stringify(vi.mocked(recordApplicationError).mock.calls)).not.toMatch(/authorization|Bearer/i);
  });

  it('records a 5xx of a billing route (a webhook or checkout that failed) as a payment error', async () => {
    vi.mocked(recordApplicationError).mockClear();
    const handler = publicApiHandler(null, async () => {
      throw new Error('provider unreachable');
    });
    const event = { ...sampleEvent('get-me'), routeKey: 'POST /api/payments/webhooks/stripe' };
    expect((await handler(event)).statusCode).toBe(500);
    expect(recordApplicationError).toHaveBeenCalledWith(expect.objectContaining({ type: 'payment_error' }));
  });

  it('records a 5xx caused by a mail that could not be sent as an email error, even on a billing route', async () => {
    vi.mocked(recordApplicationError).mockClear();
    Object.assign(process.env, { AWS_REGION: 'us-east-1', MAIL_FROM: 'alerts@upwatch.example' });
    const { ses } = await import('../../../functions/clients/ses.js');
    const { sendEmail } = await import('../../../functions/repositories/mail-repository.js');
    const rejected = Object.assign(new Error('Email address is not verified.'), { name: 'MessageRejected' });
    vi.spyOn(ses(), 'send').mockImplementation(async () => {
      throw rejected;
    });
    const handler = publicApiHandler(null, async () => {
      await sendEmail({ to: 'ada@example.com', subject: 'Reset your password', text: 'link', html: '<p>link</p>' });
      return ok({});
    });
    const event = { ...sampleEvent('get-me'), routeKey: 'POST /api/payments/webhooks/stripe' };
    expect((await handler(event)).statusCode).toBe(500);
    expect(recordApplicationError).toHaveBeenCalledWith(expect.objectContaining({ type: 'email_error', error: rejected }));
  });

  it('does not record 4xx answers', async () => {
    vi.mocked(recordApplicationError).mockClear();
    const handler = apiHandler(null, async () => {
      throw new AppError('NOT_FOUND', 'Monitor not found');
    });
    expect((await handler(sampleEvent('get-me'))).statusCode).toBe(404);
    expect(recordApplicationError).not.toHaveBeenCalled();
  });

  it('answers 401 on a signed-in route when the request carries no claims', async () => {
    const handler = apiHandler(null, async () => ok({}));
    const result = await handler(withoutClaims(sampleEvent('get-me')));
    expect(result.statusCode).toBe(401);
    expect(bodyOf(result)).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('responses', () => {
  it('are JSON and never cached', async () => {
    for (const result of [ok({ a: 1 }), created({ a: 1 })]) {
      expect(result.headers).toMatchObject({ 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    }
    expect(created({}).statusCode).toBe(201);
  });

  it('carry the same headers on errors', async () => {
    const result = await echo(withBody('{'));
    expect(result.headers).toMatchObject({ 'cache-control': 'no-store' });
  });
});
