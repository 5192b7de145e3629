import type { ItemKey } from '../keys.js';
import { monitorSlaTargetKey } from './sla.js';

/**
 * Keys of a monitor's own items in its owner's partition (the monitor, its state, day and
 * certificate items), the dispatcher's due index and schedule, the purge index and the heartbeat
 * lookup (patterns 5-8e, 31, 39). The access patterns are listed in ../keys.ts.
 */

export const MONITOR_SK_PREFIX = 'MONITOR#';

export const monitorKey = (userId: string, monitorId: string): ItemKey => ({
  PK: `USER#${userId}`,
  SK: `${MONITOR_SK_PREFIX}${monitorId}`,
});

export const userMonitorsPartition = (userId: string): string => `USER#${userId}`;

/** The monitor id in the sort key of a monitor item or its state item (patterns 5, 8c); null otherwise. */
export const monitorIdOfSortKey = (sortKey: string): string | null =>
  sortKey.startsWith(MONITOR_SK_PREFIX) ? sortKey.slice(MONITOR_SK_PREFIX.length).split('#')[0] || null : null;

export const monitorListKey = (monitorId: string) => ({ GSI1PK: 'MONITORS', GSI1SK: monitorId });

/** Phases are whole seconds, zero-padded so they sort as numbers (intervals stay under 10^6 s). */
export const duePhaseKey = (phaseSeconds: number): string => String(phaseSeconds).padStart(6, '0');

export const duePartition = (shard: number, intervalSeconds: number): string => `DUE#${shard}#${intervalSeconds}`;

export const dueKey = (shard: number, intervalSeconds: number, phaseSeconds: number) => ({
  GSI2PK: duePartition(shard, intervalSeconds),
  GSI2SK: duePhaseKey(phaseSeconds),
});

export const scheduleIntervalsKey = (): ItemKey => ({ PK: 'SCHEDULE', SK: 'INTERVALS' });

export const MONITOR_STATE_SK_SUFFIX = '#STATE';

export const monitorStateKey = (userId: string, monitorId: string): ItemKey => ({
  PK: `USER#${userId}`,
  SK: `${MONITOR_SK_PREFIX}${monitorId}${MONITOR_STATE_SK_SUFFIX}`,
});

/** The monitor item and its state item together (a Query with this prefix returns both). */
export const monitorItemsPrefix = (monitorId: string): string => `${MONITOR_SK_PREFIX}${monitorId}`;

export const DISABLED_MONITORS_PARTITION = 'DISABLED_MONITORS';

/** A disabled monitor's place in the purge index (pattern 31); `disabledAt` an ISO time. */
export const disabledMonitorKey = (disabledAt: string, monitorId: string) => ({
  GSI2PK: DISABLED_MONITORS_PARTITION,
  GSI2SK: `${disabledAt}#${monitorId}`,
});

export const MONITOR_LIST_PARTITION = 'MONITORS';

/**
 * A monitor's closed hours of the last day (pattern 8d), in its owner's partition but outside the
 * MONITOR# range (pattern 5): the list reads that range, and only the dashboard needs the hours.
 */
export const MONITOR_DAY_SK_PREFIX = 'DAY#';

export const monitorDayKey = (userId: string, monitorId: string): ItemKey => ({
  PK: `USER#${userId}`,
  SK: `${MONITOR_DAY_SK_PREFIX}${monitorId}`,
});

/**
 * Where a day item was kept before it left the MONITOR# range. The processor deletes one when it
 * rebuilds the monitor's day item under the new key (its next closed hour); until then the
 * dashboard still reads it (monitor-repository.ts).
 */
export const legacyMonitorDayKey = (userId: string, monitorId: string): ItemKey => ({
  PK: `USER#${userId}`,
  SK: `${MONITOR_SK_PREFIX}${monitorId}#DAY`,
});

/** An https monitor's certificate as its checks last saw it (pattern 8e; docs/checks.md "SSL certificates"). */
export const MONITOR_SSL_SK_SUFFIX = '#SSL';

export const monitorSslKey = (userId: string, monitorId: string): ItemKey => ({
  PK: `USER#${userId}`,
  SK: `${MONITOR_SK_PREFIX}${monitorId}${MONITOR_SSL_SK_SUFFIX}`,
});

/**
 * The items a monitor has in its owner's partition besides the monitor item itself (patterns
 * 8c-8e, 84): its check state, its day item under the current key and the one it had before, its
 * certificate and its own SLA target. Whatever deletes a monitor deletes these with it, from this one list.
 */
export const monitorCompanionKeys = (userId: string, monitorId: string): ItemKey[] => [
  monitorStateKey(userId, monitorId),
  monitorDayKey(userId, monitorId),
  legacyMonitorDayKey(userId, monitorId),
  monitorSslKey(userId, monitorId),
  monitorSlaTargetKey(userId, monitorId),
];

/** A heartbeat monitor's push secret -> the monitor (pattern 39); the key holds only the secret's hash. */
export const heartbeatLookupKey = (tokenHash: string): ItemKey => ({ PK: `HEARTBEAT#${tokenHash}`, SK: 'HEARTBEAT' });
