import { createHash } from 'node:crypto';
import { PAYMENT_SK_PREFIX, userMonitorsPartition } from '../../shared/table/keys.js';
import { queryAll } from './query-all.js';
import * as table from './table-commands.js';

/**
 * The payment records of an erased account (docs/billing.md "Account deletion"): they stay for the
 * revenue history and the provider's books, marked with a pseudonym instead of an owner, and with
 * no personal field left on them.
 */

/**
 * The stable pseudonymous id of an erased account's payments: the same for every payment of the
 * account and on every read, and it names no one ("erased-" and 16 hex digits of a SHA-256).
 */
export const erasedOwnerPseudonym = (userId: string): string => `erased-${createHash('sha256').update(`payment-owner:${userId}`).digest('hex').slice(0, 16)}`;

/**
 * Fields a payment record must never keep once its owner is erased. Payments are written without
 * them (payment-repository.ts keeps no name or address); removing them is the guard should a
 * provider's payer details ever be stored there.
 */
const PERSONAL_FIELDS = ['customer_email', 'customer_name', 'email', 'name', 'payer_email', 'payer_name', 'vpa'] as const;

/** Marks every payment record of the user with its pseudonym and strips personal fields; the amounts, statuses and counters stay. */
export const pseudonymizePaymentsOfUser = async (userId: string): Promise<number> => {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ProjectionExpression: 'PK, SK',
    ExpressionAttributeValues: { ':pk': userMonitorsPartition(userId), ':prefix': PAYMENT_SK_PREFIX },
    ConsistentRead: true,
  });
  const pseudonym = erasedOwnerPseudonym(userId);
  for (const item of items) {
    await table.update({
      Key: { PK: item.PK, SK: item.SK },
      UpdateExpression: `SET owner_pseudonym = :pseudonym REMOVE ${PERSONAL_FIELDS.map((_field, i) => `#p${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(PERSONAL_FIELDS.map((field, i) => [`#p${i}`, field])),
      ExpressionAttributeValues: { ':pseudonym': pseudonym },
    });
  }
  return items.length;
};
