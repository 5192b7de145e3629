import { ENTITY, twoFactorKey } from '../../shared/table/keys.js';
import * as table from './table-commands.js';
import { writeIfAllowed } from './table.js';

/**
 * Two-factor settings in the table (patterns 73-74; docs/security.md "Two-factor sign-in"). The
 * secret is stored sealed (functions/secrets/envelope.ts); recovery codes as SHA-256 hashes in a
 * string set. Every use is a conditional write, so two requests racing with the same code or
 * recovery code cannot both succeed: a step is taken only above the last one used, a recovery
 * code only while its hash is still in the set.
 */

export interface StoredTwoFactor {
  /** On, or a set-up waiting for its first code. */
  status: 'pending' | 'on';
  sealed_secret: string;
  /** Set-up only: the pending secret is thrown away after this (ISO). */
  pending_until: string | null;
  enabled_at: string | null;
  recovery_hashes: string[];
  /** The last TOTP step accepted, or null. */
  last_step: number | null;
}

const toStored = (item: Record<string, unknown>): StoredTwoFactor => ({
  status: item.status === 'on' ? 'on' : 'pending',
  sealed_secret: String(item.sealed_secret),
  pending_until: typeof item.pending_until === 'string' ? item.pending_until : null,
  enabled_at: typeof item.enabled_at === 'string' ? item.enabled_at : null,
  recovery_hashes: item.recovery_hashes instanceof Set ? [...(item.recovery_hashes as Set<string>)] : [],
  last_step: typeof item.last_step === 'number' ? item.last_step : null,
});

/** The person's settings, read strongly consistent (a code used a moment ago must count). */
export const getTwoFactor = async (userId: string): Promise<StoredTwoFactor | null> => {
  const { Item } = await table.get({ Key: twoFactorKey(userId), ConsistentRead: true });
  return Item ? toStored(Item) : null;
};

/** A new set-up waiting for its first code; refused (false) while two-factor sign-in is on. */
export const savePendingTwoFactor = (userId: string, sealedSecret: string, pendingUntil: string): Promise<boolean> =>
  writeIfAllowed(
    table.put({
      Item: { ...twoFactorKey(userId), entity: ENTITY.twoFactor, status: 'pending', sealed_secret: sealedSecret, pending_until: pendingUntil },
      ConditionExpression: 'attribute_not_exists(PK) OR #status = :pending',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':pending': 'pending' },
    }),
  );

/**
 * Turns the pending set-up on with its recovery codes and the step of its first code; false when
 * the set-up is no longer the one that was read (started again, or already on).
 */
export const enableTwoFactor = (userId: string, sealedSecret: string, recoveryHashes: string[], step: number, at: string): Promise<boolean> =>
  writeIfAllowed(
    table.update({
      Key: twoFactorKey(userId),
      UpdateExpression: 'SET #status = :on, enabled_at = :at, recovery_hashes = :hashes, last_step = :step REMOVE pending_until',
      ConditionExpression: '#status = :pending AND sealed_secret = :sealed',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':on': 'on', ':at': at, ':hashes': new Set(recoveryHashes), ':step': step, ':pending': 'pending', ':sealed': sealedSecret },
    }),
  );

/** Takes a TOTP step: true only if it is later than every step used before (a replay is false). */
export const takeTotpStep = (userId: string, step: number): Promise<boolean> =>
  writeIfAllowed(
    table.update({
      Key: twoFactorKey(userId),
      UpdateExpression: 'SET last_step = :step',
      ConditionExpression: '#status = :on AND (attribute_not_exists(last_step) OR last_step < :step)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':step': step, ':on': 'on' },
    }),
  );

/** Uses a recovery code: true only if its hash was still unused (it is deleted in the same write). */
export const takeRecoveryCode = (userId: string, hash: string): Promise<boolean> =>
  writeIfAllowed(
    table.update({
      Key: twoFactorKey(userId),
      UpdateExpression: 'DELETE recovery_hashes :one',
      ConditionExpression: '#status = :on AND contains(recovery_hashes, :hash)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':one': new Set([hash]), ':hash': hash, ':on': 'on' },
    }),
  );

/** A new set of recovery codes in place of what is left of the old one. */
export const replaceRecoveryCodes = (userId: string, recoveryHashes: string[]): Promise<boolean> =>
  writeIfAllowed(
    table.update({
      Key: twoFactorKey(userId),
      UpdateExpression: 'SET recovery_hashes = :hashes',
      ConditionExpression: '#status = :on',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':hashes': new Set(recoveryHashes), ':on': 'on' },
    }),
  );

/** Turns two-factor sign-in off: the secret and the codes are gone. */
export const deleteTwoFactor = async (userId: string): Promise<void> => {
  await table.delete({ Key: twoFactorKey(userId) });
};
