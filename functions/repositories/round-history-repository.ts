import { newestRoundOf } from '../../shared/checks/round-history.js';
import { ENTITY, roundHistoryKey } from '../../shared/table/keys.js';
import { writeAll } from './batch-write.js';
import * as table from './table-commands.js';

/**
 * A monitor's decided rounds beyond the few its state item keeps (round-history.ts, keys.ts 9b):
 * written by the result processor ahead of the rounds' state writes.
 */

/** A few decided rounds moved out of the state item (round-history.ts), as their own history item (keys.ts 9b). */
export interface RoundHistory {
  monitorId: string;
  /** Encoded rounds, as `appendRecentRound` flushed them. */
  rounds: string;
  expiresAt: number;
}

const roundHistoryItem = ({ monitorId, rounds, expiresAt }: RoundHistory, newest: string) => ({
  ...roundHistoryKey(monitorId, newest),
  entity: ENTITY.roundHistory,
  monitor_id: monitorId,
  rounds,
  expires_at: expiresAt,
});

export const putRoundHistory = async (history: RoundHistory): Promise<void> => {
  const newest = newestRoundOf(history.rounds);
  if (!newest) return;
  await table.put({ Item: roundHistoryItem(history, newest) });
};

/**
 * Several monitors' history items in as few calls as BatchWriteItem allows: the result processor
 * stores a whole pack's ahead of its rounds' state writes (process-results.ts), instead of one
 * PutItem inside each round's commit. An item is keyed by its own newest round, so writing it
 * again, or writing it for a round that then loses its compare-and-swap, is harmless (commitRound).
 */
export const putRoundHistories = async (histories: readonly RoundHistory[]): Promise<void> => {
  const requests = histories.flatMap((history) => {
    const newest = newestRoundOf(history.rounds);
    return newest ? [{ PutRequest: { Item: roundHistoryItem(history, newest) } }] : [];
  });
  await writeAll(requests);
};
