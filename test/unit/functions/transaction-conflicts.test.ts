import { describe, expect, it, vi } from 'vitest';
import { MAX_CONFLICT_TRIES, retryingConflicts } from '../../../functions/repositories/transaction-conflicts.js';

/** A write that meets a storm digest's join on its item tries again (functions/repositories/transaction-conflicts.ts). */
const conflict = () => Object.assign(new Error('Transaction is ongoing for the item'), { name: 'TransactionConflictException' });

describe('a write that meets a transaction on its item', () => {
  it('is made again until the transaction is gone', async () => {
    const write = vi.fn().mockRejectedValueOnce(conflict()).mockRejectedValueOnce(conflict()).mockResolvedValue('written');
    expect(await retryingConflicts(write)).toBe('written');
    expect(write).toHaveBeenCalledTimes(3);
  });

  it('gives up after MAX_CONFLICT_TRIES tries, and never retries another refusal', async () => {
    const always = vi.fn().mockRejectedValue(conflict());
    await expect(retryingConflicts(always)).rejects.toThrow('Transaction is ongoing');
    expect(always).toHaveBeenCalledTimes(MAX_CONFLICT_TRIES);
    const refused = vi.fn().mockRejectedValue(Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' }));
    await expect(retryingConflicts(refused)).rejects.toThrow('conditional');
    expect(refused).toHaveBeenCalledTimes(1);
  });

  it('makes a transaction again that another cancelled, but not one whose condition failed beside it', async () => {
    const cancelled = (...codes: string[]) =>
      Object.assign(new Error('Transaction cancelled'), { name: 'TransactionCanceledException', CancellationReasons: codes.map((Code) => ({ Code })) });
    const write = vi.fn().mockRejectedValueOnce(cancelled('TransactionConflict', 'None')).mockResolvedValue('written');
    expect(await retryingConflicts(write)).toBe('written');
    expect(write).toHaveBeenCalledTimes(2);
    const answered = vi.fn().mockRejectedValue(cancelled('ConditionalCheckFailed', 'TransactionConflict'));
    await expect(retryingConflicts(answered)).rejects.toThrow('Transaction cancelled');
    expect(answered).toHaveBeenCalledTimes(1);
  });
});
