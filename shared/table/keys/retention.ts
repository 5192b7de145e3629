import type { ItemKey } from '../keys.js';

/**
 * Keys of retention's own item (pattern 81; docs/product-rules.md "Retention"): a workspace
 * downgraded to Free whose old incidents are to be archived when the grace ends. It lives in the
 * workspace's partition (erased with it) and carries GSI1 keys under one partition, by due time,
 * so the period-end job finds the due ones with one Query.
 */
export const INCIDENT_ARCHIVE_DUE_PARTITION = 'INCIDENT_ARCHIVE_DUE';

export const incidentArchiveDueKey = (workspaceId: string): ItemKey => ({ PK: `USER#${workspaceId}`, SK: 'INCIDENT_ARCHIVE_DUE' });

/** The GSI1 keys of the due item: sorted by when the grace ends. */
export const incidentArchiveDueListKey = (dueAt: string, workspaceId: string) => ({
  GSI1PK: INCIDENT_ARCHIVE_DUE_PARTITION,
  GSI1SK: `${dueAt}#${workspaceId}`,
});
