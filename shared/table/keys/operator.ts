import type { ItemKey } from '../keys.js';

/**
 * Keys of the operator side: the counters item, application errors and the audit log
 * (patterns 32-37). The access patterns are listed in ../keys.ts.
 */

/** The operator counters (pattern 32), kept with atomic ADDs (admin-counters-repository.ts). */
export const adminCountersKey = (): ItemKey => ({ PK: 'STATS', SK: 'ADMIN_COUNTERS' });

/** The latest estimate of the table's size by kind of item (pattern 82; table-census.ts). */
export const tableCensusKey = (): ItemKey => ({ PK: 'STATS', SK: 'TABLE_CENSUS' });

export const applicationErrorKey = (errorId: string): ItemKey => ({ PK: `APP_ERROR#${errorId}`, SK: 'APP_ERROR' });

export const APPLICATION_ERRORS_PARTITION = 'APP_ERRORS';

/** Both index keys of an application error: all by time (34) and by type (35). */
export const applicationErrorListKeys = (errorId: string, errorType: string) => ({
  GSI1PK: APPLICATION_ERRORS_PARTITION,
  GSI1SK: errorId,
  GSI2PK: applicationErrorTypePartition(errorType),
  GSI2SK: errorId,
});

export const applicationErrorTypePartition = (errorType: string): string => `${APPLICATION_ERRORS_PARTITION}#${errorType}`;

export const auditPartition = (userId: string): string => `AUDIT#${userId}`;

export const AUDIT_LOG_PARTITION = 'AUDIT_LOG';

/** An audit entry about `targetUserId` (36), listed globally by time (37). `global` for actions on no one user. */
export const auditEntryKeys = (targetUserId: string, entryId: string) => ({
  PK: auditPartition(targetUserId),
  SK: entryId,
  GSI1PK: AUDIT_LOG_PARTITION,
  GSI1SK: entryId,
});
