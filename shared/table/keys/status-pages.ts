import type { ItemKey } from '../keys.js';

/**
 * Keys of status pages and what they read (patterns 50-52; docs/status-pages.md "Pages and
 * components"). The access patterns are listed in ../keys.ts. A page lives in its owner's
 * partition, so erasing the account erases it; its slug lookup lives outside, so a slug is unique
 * across all accounts and the public page finds its owner with one read.
 */

export const STATUS_PAGE_SK_PREFIX = 'STATUS_PAGE#';

/** One page of a user, its components inline (pattern 50; the user's all: begins_with STATUS_PAGE#). */
export const statusPageKey = (userId: string, pageId: string): ItemKey => ({
  PK: `USER#${userId}`,
  SK: `${STATUS_PAGE_SK_PREFIX}${pageId}`,
});

/** A slug -> the page that holds it (pattern 51): written in the same transaction as the page. */
export const statusSlugKey = (slug: string): ItemKey => ({ PK: `STATUS_SLUG#${slug}`, SK: 'STATUS_SLUG' });

export const DAY_ROLLUP_SK_PREFIX = 'DAY_ROLLUP#';

/**
 * One UTC day of a monitor's checks (pattern 52), `day` as `YYYY-MM-DD`: the sum of the day's
 * closed hourly rollups (pattern 11), so the 90 daily bars are one Query per component.
 */
export const dayRollupKey = (monitorId: string, day: string): ItemKey => ({
  PK: `MONITOR#${monitorId}`,
  SK: `${DAY_ROLLUP_SK_PREFIX}${day}`,
});
