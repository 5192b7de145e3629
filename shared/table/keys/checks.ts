import type { ItemKey } from '../keys.js';

/**
 * Keys of what checks leave behind: results, decided rounds and rollups in the monitor's
 * partition, pending packs, incidents and the alert outbox (patterns 9-14b, 38). The access patterns are listed in ../keys.ts.
 */

export const CHECK_SK_PREFIX = 'CHECK#';

export const monitorPartition = (monitorId: string): string => `MONITOR#${monitorId}`;

export const checkKey = (monitorId: string, round: string, region: string): ItemKey => ({
  PK: monitorPartition(monitorId),
  SK: `${CHECK_SK_PREFIX}${round}#${region}`,
});

export const roundChecksPrefix = (round: string): string => `${CHECK_SK_PREFIX}${round}#`;

export const ROLLUP_SK_PREFIX = 'ROLLUP#';

export const rollupKey = (monitorId: string, hour: string): ItemKey => ({
  PK: monitorPartition(monitorId),
  SK: `${ROLLUP_SK_PREFIX}${hour}`,
});

export const INCIDENT_SK_PREFIX = 'INCIDENT#';

export const incidentKey = (userId: string, incidentId: string): ItemKey => ({
  PK: `USER#${userId}`,
  SK: `${INCIDENT_SK_PREFIX}${incidentId}`,
});

/** A user's incidents (pattern 12): query this partition with SK begins_with INCIDENT_SK_PREFIX. */
export const userIncidentsPartition = (userId: string): string => `USER#${userId}`;

export const incidentListKey = (incidentId: string) => ({ GSI1PK: 'INCIDENTS', GSI1SK: incidentId });

export const outboxKey = (transitionId: string): ItemKey => ({ PK: `OUTBOX#${transitionId}`, SK: 'OUTBOX' });

export const OUTBOX_PENDING_PARTITION = 'OUTBOX_PENDING';

/** The sweeper's index keys of an outbox entry still to be mailed (pattern 14b); `dueAt` an ISO time. */
export const outboxPendingKey = (dueAt: string) => ({ GSI1PK: OUTBOX_PENDING_PARTITION, GSI1SK: dueAt });

export const INCIDENT_LIST_PARTITION = 'INCIDENTS';

/** A few decided rounds of a monitor (pattern 9b), keyed by the newest round they hold. */
export const ROUNDS_SK_PREFIX = 'ROUNDS#';

export const roundHistoryKey = (monitorId: string, newestRound: string): ItemKey => ({
  PK: monitorPartition(monitorId),
  SK: `${ROUNDS_SK_PREFIX}${newestRound}`,
});

/** One region's pending answers to a pack of rounds (pattern 38). */
export const packPartition = (packId: string): string => `PACK#${packId}`;

export const pendingPackKey = (packId: string, region: string): ItemKey => ({
  PK: packPartition(packId),
  SK: `REGION#${region}`,
});
