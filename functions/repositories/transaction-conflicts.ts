import { cancellationReasons } from './dynamo-errors.js';

/**
 * Writes that meet a transaction on their item. DynamoDB refuses a single-item write to an item a
 * transaction is writing at that moment (`TransactionConflictException`), and cancels one of two
 * transactions that meet on an item (`TransactionConflict` among its reasons); the SDK retries
 * neither. A storm digest's item is where this happens: its joins are transactions
 * (channel-digest-repository.ts), and its tries write it alone (channel-delivery-repository.ts),
 * while late joins are still trying it. Both kinds of write try again after a short random pause.
 */

/** How many times a write that met a transaction is made at most. */
export const MAX_CONFLICT_TRIES = 8;

const FIRST_PAUSE_MS = 20;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The pause before try `tries` (1, 2, ...): doubling from 20 ms, jittered by half either way. */
const pauseBeforeTry = (tries: number): Promise<void> => sleep(FIRST_PAUSE_MS * 2 ** (tries - 1) * (0.5 + Math.random()));

/**
 * A refusal that trying again may cure: a single-item write refused by a transaction on its item, or
 * a transaction cancelled by another one and by nothing else (a failed condition is an answer, not a
 * conflict, even beside one).
 */
export const isTransactionConflict = (error: unknown): boolean => {
  if (error instanceof Error && error.name === 'TransactionConflictException') return true;
  const reasons = cancellationReasons(error);
  return reasons !== null && reasons.includes('TransactionConflict') && !reasons.includes('ConditionalCheckFailed');
};

/** A write (one item, or a transaction), made again while another transaction refuses it (MAX_CONFLICT_TRIES in all). */
export const retryingConflicts = async <T>(write: () => Promise<T>): Promise<T> => {
  for (let tries = 1; ; tries += 1) {
    try {
      return await write();
    } catch (error) {
      if (!isTransactionConflict(error) || tries >= MAX_CONFLICT_TRIES) throw error;
      await pauseBeforeTry(tries);
    }
  }
};
