import { createHash } from 'node:crypto';
import type { Reply, Request } from '../http-kit.js';
import { StripeApiError } from './stripe-errors.js';

/**
 * Stripe's idempotent requests: a POST repeated with the same `Idempotency-Key` (stripe-node sends
 * one with every POST, and the product its own for checkout) gets the first answer again, marked
 * `idempotent-replayed: true`, instead of creating a second object; the same key with other
 * parameters is a 400 `idempotency_error`. Keys are kept 24 hours, in memory.
 */
const KEEP_MS = 24 * 60 * 60 * 1000;

export const createIdempotencyCache = () => {
  const seen = new Map<string, { fingerprint: string; reply: Reply; at: number }>();
  return {
    async run(request: Request, handle: () => Promise<Reply>): Promise<Reply> {
      const key = request.headers['idempotency-key'];
      if (request.method !== 'POST' || typeof key !== 'string' || key === '') return handle();
      const now = Date.now();
      for (const [old, entry] of seen) if (now - entry.at > KEEP_MS) seen.delete(old);
      const fingerprint = createHash('sha256').update(`${request.path}\n${request.body.toString('utf8')}`).digest('hex');
      const cacheKey = `${request.headers.authorization ?? ''} ${key}`;
      const earlier = seen.get(cacheKey);
      if (earlier) {
        if (earlier.fingerprint !== fingerprint) {
          throw new StripeApiError(400, 'idempotency_error', `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`, 'idempotency_key_in_use');
        }
        return { ...earlier.reply, headers: { ...earlier.reply.headers, 'idempotent-replayed': 'true' } };
      }
      const reply = await handle();
      // Stripe does not keep answers to requests that failed before doing anything (5xx).
      if (reply.status < 500) seen.set(cacheKey, { fingerprint, reply, at: now });
      return reply;
    },
  };
};
