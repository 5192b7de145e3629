import { ENTITY, MONITOR_SK_PREFIX, userKey, userMonitorsPartition } from '../../shared/table/keys.js';
import { queryAll } from './query-all.js';
import * as table from './table-commands.js';
import { writeIfAllowed } from './table.js';

/**
 * A workspace's `monitor_count` (on its founder's profile, docs/teams.md "Storage"): the places its
 * monitors take under the plan's cap. Every create, delete and re-enable changes it in the same
 * transaction as the monitor; a bulk upload reserves its places first and writes the monitors
 * after (monitor-batch-repository.ts), so an upload whose function died in between leaves the count
 * above the real number and the user with fewer free places. The nightly recount
 * (services/admin/recount-counters.ts) sets such a count right here.
 */

/** When a bulk upload reserved places last (the profile attribute its reservation stamps). */
export const PLACES_RESERVED_AT = 'places_reserved_at';

/**
 * How long after a reservation its upload may still be writing: Lambda's longest run. A count is
 * not repaired within it, so places reserved for monitors still being written are never taken back.
 */
export const RESERVATION_SETTLES_MS = 15 * 60_000;

/**
 * Whether a monitor takes a place: every one but those a smaller plan disabled (docs/billing.md
 * "Downgrades"), which left the count and carry no `disabled_reason`. A monitor disabled with a
 * reason keeps its place: an operator's hold (docs/admin.md "Monitor holds": freeing it would let
 * an abusive monitor be replaced at once) and an account's deactivation
 * (admin-monitor-repository.ts; the reactivation does not take the place again).
 */
export const takesPlace = (monitor: { status: string; disabledReason: string | null }): boolean =>
  monitor.status !== 'disabled' || monitor.disabledReason !== null;

export type PlacesRepair = { kind: 'right' } | { kind: 'repaired'; from: number; to: number } | { kind: 'left'; reason: 'changed' | 'reserved' | 'gone' };

/**
 * Counts the workspace's places from its monitors (a consistent read of its partition) and sets
 * `monitor_count` to it, only while the count is what was read before the monitors and no upload
 * reserved places in the last `RESERVATION_SETTLES_MS`: any create, delete or reservation in
 * between changes the count, and the repair is left for the next night.
 */
export const repairMonitorPlaces = async (workspaceId: string, now: Date): Promise<PlacesRepair> => {
  const { Item: profile } = await table.get({
    Key: userKey(workspaceId),
    ProjectionExpression: `monitor_count, ${PLACES_RESERVED_AT}`,
    ConsistentRead: true,
  });
  if (!profile || typeof profile.monitor_count !== 'number') return { kind: 'left', reason: 'gone' };
  const stored = profile.monitor_count;
  const cutoff = new Date(now.getTime() - RESERVATION_SETTLES_MS).toISOString();
  const reservedAt = profile[PLACES_RESERVED_AT];
  if (typeof reservedAt === 'string' && reservedAt > cutoff) return { kind: 'left', reason: 'reserved' };

  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': userMonitorsPartition(workspaceId), ':prefix': MONITOR_SK_PREFIX },
    ProjectionExpression: 'entity, #status, disabled_reason',
    ExpressionAttributeNames: { '#status': 'status' },
    ConsistentRead: true,
  });
  const places = items.filter(
    (item) =>
      item.entity === ENTITY.monitor &&
      takesPlace({ status: String(item.status), disabledReason: typeof item.disabled_reason === 'string' ? item.disabled_reason : null }),
  ).length;
  if (places === stored) return { kind: 'right' };

  const written = await writeIfAllowed(
    table.update({
      Key: userKey(workspaceId),
      UpdateExpression: 'SET monitor_count = :places',
      ConditionExpression: `monitor_count = :stored AND (attribute_not_exists(#reservedAt) OR #reservedAt <= :cutoff)`,
      ExpressionAttributeNames: { '#reservedAt': PLACES_RESERVED_AT },
      ExpressionAttributeValues: { ':places': places, ':stored': stored, ':cutoff': cutoff },
    }),
  );
  return written ? { kind: 'repaired', from: stored, to: places } : { kind: 'left', reason: 'changed' };
};
