import type { IncidentStatus } from '../../shared/checks/monitor-state.js';
import { ENTITY, INCIDENT_LIST_PARTITION, MONITOR_LIST_PARTITION, USER_LIST_PARTITION } from '../../shared/table/keys.js';
import type { TierId } from '../../shared/tiers.js';
import { itemsNewestFirst, type IndexPartition, type ItemProjection } from './index-pages.js';
import type { TableItem } from './query-all.js';

/**
 * What the nightly recount of the operator counters reads (docs/admin.md "Counters"): every user,
 * monitor and incident, walked through the operators' list partitions (keys.ts 3, 7, 13) with only
 * the attributes a counter depends on. Never a Scan; streamed, so a million incidents never sit in
 * memory at once.
 */

export interface CountedUser {
  isActive: boolean;
  tier: TierId;
}

export interface CountedMonitor {
  status: string;
}

export interface CountedIncident {
  status: IncidentStatus;
  /** The TTL in epoch seconds (an ended incident), null while open. */
  expiresAt: number | null;
}

async function* itemsOf<T>(
  where: IndexPartition,
  entity: string,
  projection: ItemProjection,
  toFacts: (item: TableItem) => T,
): AsyncGenerator<T> {
  for await (const item of itemsNewestFirst(where, { projection })) {
    if (item.entity === entity) yield toFacts(item);
  }
}

/** Customers only: operator accounts sit in their own partition (pattern 3b) and are not counted. */
export const countedUsers = (): AsyncGenerator<CountedUser> =>
  itemsOf(
    { index: 'GSI1', partition: USER_LIST_PARTITION },
    ENTITY.user,
    { expression: 'entity, is_active, subscription_tier' },
    // The same reading of the profile as user-repository's toUserProfile: active unless set false.
    (item) => ({ isActive: item.is_active !== false, tier: item.subscription_tier as TierId }),
  );

export const countedMonitors = (): AsyncGenerator<CountedMonitor> =>
  itemsOf(
    { index: 'GSI1', partition: MONITOR_LIST_PARTITION },
    ENTITY.monitor,
    { expression: 'entity, #status', names: { '#status': 'status' } },
    (item) => ({ status: String(item.status) }),
  );

export const countedIncidents = (): AsyncGenerator<CountedIncident> =>
  itemsOf(
    { index: 'GSI1', partition: INCIDENT_LIST_PARTITION },
    ENTITY.incident,
    { expression: 'entity, #status, expires_at', names: { '#status': 'status' } },
    (item) => ({ status: item.status as IncidentStatus, expiresAt: typeof item.expires_at === 'number' ? item.expires_at : null }),
  );
