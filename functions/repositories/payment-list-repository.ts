import type { QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { PaymentStatus } from '../../shared/billing/payments.js';
import { ENTITY, PAYMENT_LIST_PARTITION, paymentIdsBefore, paymentStatusPartition } from '../../shared/table/keys.js';
import { getPaymentStats, toPayment, type StoredPayment } from './payment-repository.js';
import * as table from './table-commands.js';
import { type Unbound } from './table.js';

/**
 * The operator panel's list of every payment (docs/billing.md "Records", keys.ts 23, 24), a page at
 * a time; the payments themselves and the counters are written by payment-repository.ts.
 */

export interface PaymentPage {
  payments: StoredPayment[];
  /** How many payments match (from the counters). */
  total: number;
  pages: number;
  page: number;
  /** Opaque; pass back as `cursor` for the page after this one. Null on the last page. */
  next_cursor: string | null;
}

const encodeCursor = (key: Record<string, unknown> | undefined): string | null =>
  key ? Buffer.from(JSON.stringify(key)).toString('base64url') : null;

const decodeCursor = (cursor: string): Record<string, unknown> => {
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (key && typeof key === 'object' && !Array.isArray(key)) return key as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new Error('Invalid payment cursor');
};

/**
 * Every payment (or those in `status`), newest first, for the operator panel: pattern 23 (all) or
 * 24 (one status). Either `cursor` (from the previous page, the cheap way) or `page` (1-based; the
 * pages before it are skipped with key-only COUNT queries, which read index entries but return
 * none). `total` and `pages` come from the counter item, not from counting.
 */
export const listPayments = async (opts: {
  status?: PaymentStatus;
  limit: number;
  page?: number;
  cursor?: string;
}): Promise<PaymentPage> => {
  const limit = Math.max(1, Math.min(100, Math.floor(opts.limit)));
  const page = Math.max(1, Math.floor(opts.page ?? 1));
  const base: Omit<Unbound<QueryCommandInput>, 'ExclusiveStartKey'> = opts.status
    ? {
        IndexName: 'GSI2',
        KeyConditionExpression: 'GSI2PK = :pk',
        ExpressionAttributeValues: { ':pk': paymentStatusPartition(opts.status) },
        ScanIndexForward: false,
      }
    : {
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': PAYMENT_LIST_PARTITION },
        ScanIndexForward: false,
      };

  let startKey: Record<string, unknown> | undefined = opts.cursor ? decodeCursor(opts.cursor) : undefined;
  if (!opts.cursor && page > 1) {
    let toSkip = (page - 1) * limit;
    let exhausted = false;
    while (toSkip > 0 && !exhausted) {
      const skipped = await table.query({ ...base, Select: 'COUNT', Limit: Math.min(toSkip, 1000), ExclusiveStartKey: startKey });
      toSkip -= skipped.Count ?? 0;
      startKey = skipped.LastEvaluatedKey;
      exhausted = !startKey;
    }
    if (exhausted) {
      const stats = await getPaymentStats();
      const total = opts.status ? stats.by_status[opts.status] : stats.total;
      return { payments: [], total, pages: Math.ceil(total / limit), page, next_cursor: null };
    }
  }

  const payments: StoredPayment[] = [];
  let nextKey = startKey;
  do {
    const result = await table.query({ ...base, Limit: limit - payments.length, ExclusiveStartKey: nextKey });
    payments.push(...(result.Items ?? []).filter((item) => item.entity === ENTITY.payment).map(toPayment));
    nextKey = result.LastEvaluatedKey;
  } while (nextKey && payments.length < limit);

  const stats = await getPaymentStats();
  const total = opts.status ? stats.by_status[opts.status] : stats.total;
  return { payments, total, pages: Math.ceil(total / limit), page, next_cursor: encodeCursor(nextKey) };
};

/**
 * Pending payments created before `cutoff`, oldest first (keys.ts 24b): the checkouts the
 * abandoned-checkout sweep asks their provider about (docs/billing.md "Abandoned checkouts"). A
 * payment id is a ULID, so its first ten characters are its creation time.
 */
export const listPendingPaymentsBefore = async (cutoff: Date, limit = 100): Promise<StoredPayment[]> => {
  const { Items } = await table.query({
    IndexName: 'GSI2',
    KeyConditionExpression: 'GSI2PK = :pk AND GSI2SK < :cutoff',
    ExpressionAttributeValues: { ':pk': paymentStatusPartition('pending'), ':cutoff': paymentIdsBefore(cutoff) },
    ScanIndexForward: true,
    Limit: limit,
  });
  return (Items ?? []).filter((item) => item.entity === ENTITY.payment).map(toPayment);
};
