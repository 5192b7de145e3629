import { userProfilePages, type UserProfile } from '../../repositories/user-repository.js';
import { itemKeyId } from '../../repositories/batch-get.js';
import { presentItemKeys, writeFoundingItemIfMissing } from '../../repositories/workspace-migration-repository.js';
import { foundingWorkspaceItems } from '../../repositories/workspace-items.js';

/**
 * Accounts migrated side by side: each writes its own three items, so they never contend, and a
 * first run over many accounts is bounded by round trips, not by the table (docs/teams.md "Migration").
 */
const ACCOUNTS_AT_ONCE = 10;

/** What one run of the workspace migration did (docs/teams.md "Migration"). */
export interface WorkspaceMigrationSummary {
  /** Profiles read (customers and operators). */
  accounts: number;
  /** Accounts that got at least one founding item in this run. */
  accountsMigrated: number;
  /** Founding items written (up to three per account). */
  itemsWritten: number;
  /** Accounts skipped because their erasure had begun. */
  accountsErasing: number;
}

/**
 * Gives one account the founding items of `items` that `present` (read a moment ago) does not
 * hold; how many it wrote, or 'erasing'. Each write still checks that its item is missing, so an
 * item written since the read is left alone.
 */
export const migrateAccount = async (profile: UserProfile, present: ReadonlySet<string>): Promise<number | 'erasing'> => {
  if (profile.deletion_started_at) return 'erasing';
  let written = 0;
  for (const item of foundingWorkspaceItems(profile)) {
    if (present.has(itemKeyId({ PK: item.PK, SK: item.SK }))) continue;
    const outcome = await writeFoundingItemIfMissing(profile.id, item);
    if (outcome === 'erasing') return 'erasing';
    if (outcome === 'written') written++;
  }
  return written;
};

/**
 * Founds the own workspace of every account made before workspaces existed (docs/teams.md
 * "Migration"): the workspace record, the owner's member item and their membership, each written
 * only where it is missing. Nothing else moves, because a workspace's id is its founder's user id.
 * Idempotent: a second run writes nothing, and an account left half-done gets the items it lacks.
 *
 * It walks the profiles through GSI1's USERS and OPERATORS partitions (keys.ts 3 and 3b), not a
 * Scan: every profile ever written carries one of those two keys (registration and admin
 * provisioning write USERS, marking an operator moves it to OPERATORS, nothing removes it), so the
 * walk is complete while reading only profiles, where a Scan reads every check result in the table.
 */
export const migrateWorkspaces = async (opts: { log?: (line: string) => void } = {}): Promise<WorkspaceMigrationSummary> => {
  const summary: WorkspaceMigrationSummary = { accounts: 0, accountsMigrated: 0, itemsWritten: 0, accountsErasing: 0 };
  for await (const page of userProfilePages()) {
    const present = await presentItemKeys(page.flatMap((profile) => foundingWorkspaceItems(profile).map((item) => ({ PK: item.PK, SK: item.SK }))));
    for (let start = 0; start < page.length; start += ACCOUNTS_AT_ONCE) {
      const batch = page.slice(start, start + ACCOUNTS_AT_ONCE);
      const outcomes = await Promise.all(batch.map((profile) => migrateAccount(profile, present)));
      batch.forEach((profile, index) => {
        const written = outcomes[index]!;
        summary.accounts++;
        if (written === 'erasing') {
          summary.accountsErasing++;
          return;
        }
        if (!written) return;
        summary.accountsMigrated++;
        summary.itemsWritten += written;
        opts.log?.(`${profile.id}: ${written} founding item${written === 1 ? '' : 's'} written`);
      });
    }
  }
  return summary;
};

/** The summary as one line for a person running the migration. */
export const describeMigration = (summary: WorkspaceMigrationSummary): string =>
  summary.itemsWritten
    ? `Workspaces migrated: ${summary.accountsMigrated} of ${summary.accounts} accounts got their own workspace (${summary.itemsWritten} items written)` +
      (summary.accountsErasing ? `; ${summary.accountsErasing} being erased were skipped.` : '.')
    : `Workspaces: nothing to migrate; all ${summary.accounts} accounts have their own workspace` +
      (summary.accountsErasing ? ` (${summary.accountsErasing} being erased were skipped).` : '.');
