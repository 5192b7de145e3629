import { userKey, type ItemKey } from '../../shared/table/keys.js';
import { batchGetItems } from './batch-get.js';
import { transactIfAllowed } from './table.js';
import type { TableItem } from './query-all.js';

/**
 * Which of `keys` hold an item (their `itemKeyId`s): one BatchGetItem per 100 keys, keys only, so a
 * run with nothing to do reads a page of accounts' founding items at once instead of trying a
 * write for each (docs/teams.md "Migration").
 */
export const presentItemKeys = async (keys: readonly ItemKey[]): Promise<Set<string>> =>
  new Set((await batchGetItems(keys, [])).keys());

/** What writing one founding item came to (docs/teams.md "Migration"). */
export type FoundingItemOutcome = 'written' | 'present' | 'erasing';

/**
 * Writes one of an account's founding workspace items (patterns 63-65, built by
 * `foundingWorkspaceItems`) unless it is there already: 'present' leaves the stored item as it is,
 * so a second run, or an account that registered with today's code, changes nothing. The write is a
 * transaction with a check that the profile exists and its erasure has not begun ('erasing'), so an
 * account erased while the migration runs never gets items back in the partition being emptied.
 */
export const writeFoundingItemIfMissing = async (userId: string, item: TableItem): Promise<FoundingItemOutcome> => {
  const refused = await transactIfAllowed(
    [
      {
        ConditionCheck: {
          Key: userKey(userId),
          ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(deletion_started_at)',
        },
      },
      { Put: { Item: item, ConditionExpression: 'attribute_not_exists(PK)' } },
    ],
    { 0: 'erasing', 1: 'present' } as const,
  );
  return refused ?? 'written';
};
