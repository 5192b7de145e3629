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
  id: string;
  isActive: boolean;
  tier: TierId;
  /** The places its workspace's monitors take, as its profile counts them (monitor-places-repository.ts). */
  monitorCount: number;
}

export interface CountedMonitor {
  /** The workspace it belongs to (its founder's user id). */
  workspaceId: string;
  status: string;
  disabledReason: string | null;
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
    { expression: 'entity, id, is_active, subscription_tier, monitor_count' },
    // The same reading of the profile as user-repository's toUserProfile: active unless set false.
    (item) => ({
      id: String(item.id),
      isActive: item.is_active !== false,
      tier: item.subscription_tier as TierId,
      monitorCount: Number(item.monitor_count ?? 0),
    }),
  );

export const countedMonitors = (): AsyncGenerator<CountedMonitor> =>
  itemsOf(
    { index: 'GSI1', partition: MONITOR_LIST_PARTITION },
    ENTITY.monitor,
    { expression: 'entity, user_id, #status, disabled_reason', names: { '#status': 'status' } },
    (item) => ({
      workspaceId: String(item.user_id),
      status: String(item.status),
      disabledReason: typeof item.disabled_reason === 'string' ? item.disabled_reason : null,
    }),
  );

export const countedIncidents = (): AsyncGenerator<CountedIncident> =>
  itemsOf(
    { index: 'GSI1', partition: INCIDENT_LIST_PARTITION },
    ENTITY.incident,
    { expression: 'entity, #status, expires_at', names: { '#status': 'status' } },
    (item) => ({ status: item.status as IncidentStatus, expiresAt: typeof item.expires_at === 'number' ? item.expires_at : null }),
  );
