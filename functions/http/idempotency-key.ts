import { AppError } from '../../shared/errors.js';
import { answerOnce, type StoredAnswer } from '../repositories/api-request-idempotency.js';
import type { CallerContext } from '../services/context.js';
import { requestHeader } from './request-header.js';
import type { ApiEvent, ApiResult } from './responses.js';

/**
 * The `Idempotency-Key` header of the public API (docs/api.md "Idempotency"): a POST made with an
 * API key and this header runs once per workspace and header value. The same request sent again
 * gets the first answer (marked `Idempotent-Replayed: true`); the same value with a different
 * request is a 422, and while the first request still runs a 409.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

const VALID_KEY = /^[\x21-\x7e]{1,255}$/;

const toStored = (result: ApiResult): StoredAnswer => ({
  statusCode: result.statusCode ?? 200,
  headers: Object.fromEntries(Object.entries(result.headers ?? {}).map(([name, value]) => [name, String(value)])),
  body: result.body ?? '',
});

/** Runs `run` as the header asks: once per key for a key-authenticated POST that sends one, else simply. */
export const runWithIdempotencyKey = async (event: ApiEvent, ctx: CallerContext, run: () => Promise<ApiResult>): Promise<ApiResult> => {
  const key = requestHeader(event, IDEMPOTENCY_HEADER);
  if (!ctx.apiKey || !event.routeKey.startsWith('POST ') || key === undefined) return run();
  if (!VALID_KEY.test(key)) {
    throw new AppError('VALIDATION_FAILED', 'Idempotency-Key must be 1 to 255 visible characters, such as a UUID.');
  }
  const outcome = await answerOnce(
    {
      workspace: ctx.workspaceId,
      key,
      request: { route: event.routeKey, path: event.rawPath ?? '', query: event.queryStringParameters ?? {}, body: event.body ?? '' },
    },
    async () => toStored(await run()),
  );
  if (outcome.kind === 'different_request') {
    throw new AppError(
      'IDEMPOTENCY_KEY_REUSED',
      'This Idempotency-Key was already used for a different request. Send a new key for a new request.',
    );
  }
  if (outcome.kind === 'in_progress') {
    throw new AppError('IDEMPOTENCY_KEY_IN_USE', 'A request with this Idempotency-Key is still being handled. Try again in a moment.');
  }
  const { answer, replayed } = outcome;
  return replayed ? { ...answer, headers: { ...answer.headers, 'Idempotent-Replayed': 'true' } } : answer;
};
