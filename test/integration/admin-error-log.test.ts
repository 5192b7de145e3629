import { randomUUID } from 'node:crypto';
import type { SQSEvent } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiGatewayEvent as sampleEvent } from '../../events/sample-event.js';
import { apiHandler } from '../../functions/http/api-handler.js';
import type { ApplicationError, ApplicationErrorList } from '../../shared/admin/schemas.js';
import { ALERTS_MAX_RECEIVE_COUNT } from '../../shared/queues.js';
import { as, errorsOfUser, signInAdmin, userWithId } from './helpers/admin.js';
import { api, claimsOf, testClientIp } from './helpers/api.js';
import { madeUpDownAlert, putOutboxEntry } from './helpers/pipeline.js';

/**
 * The application error log against the local cloud (docs/admin.md "Application error log"): an
 * injected 500 and a failed mail recorded without secrets, resolved once and never reopened, the
 * log's filters and pages, and refused payment webhooks capped per gateway and hour.
 */

beforeAll(signInAdmin);

describe('the application error log', () => {
  it('records an injected 500 without secrets, lists it, resolves it once and never reopens it', async () => {
    const user = await userWithId('crash');
    const crashing = apiHandler(null, async () => {
      throw new Error(`injected failure for ${user.id}`);
    });
    const event = sampleEvent('get-me');
    // The user's own signed-in token's claims: the caller check admits a token its session holds.
    Object.assign(event.requestContext.authorizer.jwt.claims, claimsOf(user.token));
    event.headers = { ...event.headers, authorization: 'Bearer secret-token-value' };
    expect((await crashing(event)).statusCode).toBe(500);

    const [recorded] = await errorsOfUser(user.id, 'api_error');
    expect(recorded).toMatchObject({ error_type: 'api_error', resolved: false, error_message: `Error: injected failure for ${user.id}` });
    expect(recorded!.stack_trace).toContain('admin-error-log.test.ts');
    expect(JSON.stringify(recorded)).not.toContain('secret-token-value');

    const open = await as<ApplicationErrorList>('/api/admin/application-errors?resolved=false&limit=100');
    expect(open.body.errors.map((error) => error.id)).toContain(recorded!.id);
    const resolved = await as<{ error: ApplicationError }>(`/api/admin/application-errors/${recorded!.id}/resolve`, { method: 'PUT' });
    expect(resolved.body.error).toMatchObject({ id: recorded!.id, resolved: true, resolved_at: expect.any(String) });
    const again = await as(`/api/admin/application-errors/${recorded!.id}/resolve`, { method: 'PUT' });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('This error is already resolved');
    const done = await as<ApplicationErrorList>('/api/admin/application-errors?resolved=true&error_type=api_error&limit=100');
    expect(done.body.errors.find((error) => error.id === recorded!.id)?.resolved).toBe(true);
    expect((await as('/api/admin/application-errors/01HZZZZZZZZZZZZZZZZZZZZZZZ/resolve', { method: 'PUT' })).status).toBe(404);
    expect((await as('/api/admin/application-errors?resolved=maybe')).status).toBe(400);

    // Paging through the log: pages of one, newest first, none twice.
    expect((await crashing(event)).statusCode).toBe(500);
    const first = (await as<ApplicationErrorList>('/api/admin/application-errors?limit=1')).body;
    const second = (await as<ApplicationErrorList>('/api/admin/application-errors?limit=1&page=2')).body;
    expect(first.total).toBeGreaterThanOrEqual(2);
    expect(first.pages).toBe(first.total);
    expect(second.errors[0]!.id < first.errors[0]!.id).toBe(true);
  });

  it('records an alert mail that failed for good as an email_error', async () => {
    const user = await userWithId('no-mail');
    const { handler } = await import('../../functions/queues/send-alert-mails.js');
    const { ses } = await import('../../functions/clients/ses.js');
    let failNext = true;
    ses().middlewareStack.add(
      (next) => async (args) => {
        if (failNext) {
          failNext = false;
          throw Object.assign(new Error('Mail from domain not verified'), { name: 'MessageRejected', $fault: 'client' });
        }
        return next(args);
      },
      { step: 'initialize', name: 'failOneSend' },
    );
    const alert = madeUpDownAlert();
    await putOutboxEntry({ userId: user.id, monitorName: 'Mailless', monitorUrl: 'https://mailless.example.com/', alert });
    const event: SQSEvent = {
      Records: [
        {
          messageId: randomUUID(),
          receiptHandle: 'not-a-real-receipt',
          body: JSON.stringify({ kind: 'alert', userId: user.id, monitorName: 'Mailless', monitorUrl: 'https://mailless.example.com/', alert }),
          attributes: { ApproximateReceiveCount: String(ALERTS_MAX_RECEIVE_COUNT), SentTimestamp: '0', SenderId: 't', ApproximateFirstReceiveTimestamp: '0' },
          messageAttributes: {},
          md5OfBody: '',
          eventSource: 'aws:sqs',
          eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:upwatch-alerts',
          awsRegion: 'us-east-1',
        },
      ],
    };
    expect((await handler(event)).batchItemFailures).toHaveLength(1);
    const [recorded] = await errorsOfUser(user.id, 'email_error');
    expect(recorded).toMatchObject({ error_type: 'email_error', monitor_id: alert.monitorId, context: { transition_id: alert.transitionId } });
    expect(recorded!.error_message).toContain('Mailless');
    expect((await as(`/api/admin/application-errors/${recorded!.id}/resolve`, { method: 'PUT' })).status).toBe(200);
  });
});

describe('refused payment webhooks in the error log', () => {
  it('records a refused webhook as a payment_error, at most 5 per gateway and hour', async () => {
    const { handleWebhook, REFUSED_WEBHOOK_ENTRIES } = await import('../../functions/services/billing/apply-webhook.js');
    const startedAt = new Date().toISOString();
    // A window of its own (an hour long ago), so the cap counts only this test's posts.
    const now = new Date(Date.UTC(2001, 0, 1, Math.floor(Math.random() * 24)));
    const forged = Buffer.from(JSON.stringify({ entity: 'event', event: 'subscription.charged', payload: {} }));
    for (let i = 0; i < REFUSED_WEBHOOK_ENTRIES.limit + 2; i++) {
      await expect(handleWebhook('razorpay', forged, { 'x-razorpay-signature': 'forged' }, now)).rejects.toMatchObject({
        status: 400,
        detail: expect.stringMatching(/^Invalid webhook/),
      });
    }
    const recorded = (await as<ApplicationErrorList>('/api/admin/application-errors?error_type=payment_error&limit=100')).body.errors.filter(
      (error) => error.context.gateway === 'razorpay' && error.timestamp >= startedAt,
    );
    expect(recorded).toHaveLength(REFUSED_WEBHOOK_ENTRIES.limit);
    expect(recorded[0]).toMatchObject({ error_type: 'payment_error', resolved: false, user_id: null, context: { gateway: 'razorpay', reason: expect.any(String) } });
    expect(recorded[0]!.error_message).toMatch(/^A razorpay webhook was refused/);
    expect(JSON.stringify(recorded)).not.toContain('forged');
  });
});

describe('sign-in lockouts in the error log', () => {
  it('records a locked-out address once per window, without the password', async () => {
    const user = await userWithId('guessed');
    const attempt = () => api('/api/auth/login', { method: 'POST', body: { email: user.email, password: 'not-the-password-1' } });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await attempt()).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    const lockouts = (await as<ApplicationErrorList>('/api/admin/application-errors?error_type=auth_error&limit=100')).body.errors.filter(
      (error) => error.context.email === user.email,
    );
    expect(lockouts).toEqual([
      expect.objectContaining({
        error_type: 'auth_error',
        resolved: false,
        context: { email: user.email, client_ip: testClientIp(), reason: 'too_many_password_attempts' },
      }),
    ]);
    expect(lockouts[0]!.error_message).toBe(`Sign-in locked: 5 wrong passwords for ${user.email} from ${testClientIp()} in 15 minutes`);
    expect(JSON.stringify(lockouts)).not.toContain('not-the-password-1');
  });
});
