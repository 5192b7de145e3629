import { AppError } from '../../shared/errors.js';
import { API_KEY_REQUESTS_PER_MINUTE } from '../../shared/workspaces/api-keys.js';
import { countRateLimitUse } from '../repositories/rate-limit-repository.js';
import { fixedWindow } from '../services/rate-limit.js';
import type { ApiEvent, ApiResult } from './responses.js';

/**
 * The per-key rate limit of the public API (docs/api.md "Rate limits"): at most
 * API_KEY_REQUESTS_PER_MINUTE requests per key in each clock minute, counted by one conditional
 * update (rate-limit-repository.ts). Every answer to a key's request says where it stands, in the
 * `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` headers; a request over the limit is
 * a 429 with `Retry-After`.
 */

const WINDOW_SECONDS = 60;
const SCOPE = 'api_key_requests';

export interface KeyRateState {
  limit: number;
  remaining: number;
  /** Seconds until the window ends and the count starts again. */
  resetSeconds: number;
}

/** The state of the request's key, set when the key was counted, read when the answer leaves. */
const stateOfRequest = new WeakMap<ApiEvent, KeyRateState>();

/** Counts the request against its key, remembers the state for the answer's headers, and throws 429 when the minute is full. */
export const countKeyRequest = async (event: ApiEvent, keyId: string, now: Date): Promise<void> => {
  const window = fixedWindow(now, WINDOW_SECONDS);
  const limit = API_KEY_REQUESTS_PER_MINUTE;
  const used = await countRateLimitUse({ scope: SCOPE, subject: keyId, windowStart: window.start, windowEnd: window.end, limit });
  const resetSeconds = Math.max(1, Math.ceil((window.end.getTime() - now.getTime()) / 1000));
  stateOfRequest.set(event, { limit, remaining: used === null ? 0 : Math.max(0, limit - used), resetSeconds });
  if (used === null) {
    throw new AppError(
      'RATE_LIMITED',
      `This API key has made ${limit} requests this minute, its limit; try again in ${resetSeconds} seconds.`,
    );
  }
};

/** The answer with the key's rate-limit headers (and `Retry-After` on a 429), or unchanged for a request no key made. */
export const withKeyRateHeaders = (event: ApiEvent, result: ApiResult): ApiResult => {
  const state = stateOfRequest.get(event);
  if (!state) return result;
  return {
    ...result,
    headers: {
      ...result.headers,
      'RateLimit-Limit': String(state.limit),
      'RateLimit-Remaining': String(state.remaining),
      'RateLimit-Reset': String(state.resetSeconds),
      ...(result.statusCode === 429 ? { 'Retry-After': String(state.resetSeconds) } : {}),
    },
  };
};
