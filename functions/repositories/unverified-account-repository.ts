import { UNVERIFIED_ACCOUNTS_PARTITION, userKey } from '../../shared/table/keys.js';
import * as table from './table-commands.js';
import { writeIfAllowed } from './table.js';

/**
 * The sparse index of unverified accounts (keys.ts pattern 79): the registration writes it on the
 * profile, verification removes it, and the hourly sweep reads the accounts past their deadline
 * (docs/product-rules.md "Unverified accounts").
 */

/** Accounts whose deadline is at or before `now`, oldest first: their user ids. */
export const listUnverifiedAccountsDue = async (now: Date, limit: number): Promise<string[]> => {
  const { Items } = await table.query({
    IndexName: 'GSI2',
    KeyConditionExpression: 'GSI2PK = :pk AND GSI2SK <= :now',
    // The sort key is `<due ISO>#<sub>`: "~" sorts after "#", so every account due at `now` itself is in.
    ExpressionAttributeValues: { ':pk': UNVERIFIED_ACCOUNTS_PARTITION, ':now': `${now.toISOString()}~` },
    Limit: limit,
  });
  return (Items ?? []).map((item) => String(item.id));
};

/**
 * Claims an account for erasure because it was never verified: marks the erasure started only if
 * the address is still unverified and the account still waits in the index, in one conditional
 * write, so an address verified a moment before wins and is kept. False when it was not claimed.
 */
export const claimUnverifiedAccountForErasure = (userId: string, at: Date): Promise<boolean> =>
  writeIfAllowed(
    table.update({
      Key: userKey(userId),
      ConditionExpression: 'attribute_exists(PK) AND email_verified = :false AND GSI2PK = :pk',
      UpdateExpression: 'SET deletion_started_at = if_not_exists(deletion_started_at, :at)',
      ExpressionAttributeValues: { ':false': false, ':pk': UNVERIFIED_ACCOUNTS_PARTITION, ':at': at.toISOString() },
    }),
  );

/** Takes a profile out of the index (verified by other means, e.g. an operator): it is kept. */
export const leaveUnverifiedIndex = (userId: string): Promise<boolean> =>
  writeIfAllowed(
    table.update({
      Key: userKey(userId),
      ConditionExpression: 'attribute_exists(PK) AND GSI2PK = :pk',
      UpdateExpression: 'REMOVE GSI2PK, GSI2SK',
      ExpressionAttributeValues: { ':pk': UNVERIFIED_ACCOUNTS_PARTITION },
    }),
  );
