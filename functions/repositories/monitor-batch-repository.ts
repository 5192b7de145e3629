import { confirmRoundsOf, getAccountAlertRules } from './alert-rules-repository.js';
import type { CheckSchedule } from '../../shared/checks/dispatch.js';
import type { CheckOptions } from '../../shared/monitors/check-options.js';
import type { MonitorTarget } from '../../shared/monitors/monitor-types.js';
import { heartbeatLookupPut } from './heartbeat-repository.js';
import type { Monitor } from '../../shared/monitors/schemas.js';
import { monitorKey, monitorStateKey, userKey } from '../../shared/table/keys.js';
import type { TierId } from '../../shared/tiers.js';
import { logger } from '../observability/logger.js';
import { adjustCounters } from './admin-counters-repository.js';
import { writeAll } from './batch-write.js';
import { PLACES_RESERVED_AT } from './monitor-places-repository.js';
import { newMonitorItem, registerCheckIntervals } from './monitor-repository.js';
import * as table from './table-commands.js';
import { writeIfAllowed } from './table.js';

/**
 * Many monitors of one user stored at once (the bulk upload), all or none.
 *
 * Why a reservation plus batch writes rather than transactions: a transaction holds at most 100
 * items, so a 500-row upload would take several transactions and still need undoing when a later
 * one fails; with the undo needed anyway, BatchWriteItem does the writes at half the write cost of
 * transactional ones. The cap cannot be passed: ONE conditional update of the profile counts all
 * the monitors in first (`monitor_count <= cap - n AND subscription_tier = tier`: the same rule as
 * the single create's transaction, for n at once), so parallel uploads and creates are serialized
 * on that counter, and the monitor puts need no condition (their ULID keys are new).
 * Then the puts, 25 per call (the BatchWriteItem maximum), UnprocessedItems retried with backoff.
 * If any write still fails, every monitor of the upload is deleted (deleting one never written is a
 * no-op) and the count given back, so nothing is half-written.
 * What this cannot cover: the function dying between the reservation and the end of the writes or
 * of the undo (a Lambda timeout; 500 monitors take well under a second). The monitors written by
 * then stay, and the counter stays at the full reservation, above the real number: the cap is
 * still never passed, the user merely has fewer free places until the nightly recount sets the
 * count right (monitor-places-repository.ts; the reservation's stamp keeps it away meanwhile).
 * Readers may see some of the new monitors a few milliseconds before the rest.
 */


/**
 * Counts `count` more monitors against the cap, if they fit and the plan is still `tierId`. An
 * operator's upload (`limits: null`) bypasses the plan (docs/admin.md) and only needs the profile.
 */
const reserveMonitorPlaces = async (
  userId: string,
  limits: { tierId: TierId; cap: number } | null,
  count: number,
): Promise<boolean> => {
  if (limits && count > limits.cap) return false;
  return writeIfAllowed(
    table.update({
      Key: userKey(userId),
      // The stamp keeps the nightly repair of the count away while the upload may still be writing
      // (monitor-places-repository.ts).
      UpdateExpression: `SET monitor_count = monitor_count + :count, ${PLACES_RESERVED_AT} = :now`,
      // An account being deleted takes no new monitor (delete-account.ts marks it first).
      ConditionExpression: limits
        ? 'monitor_count <= :last AND subscription_tier = :tier AND attribute_not_exists(deletion_started_at)'
        : 'attribute_exists(monitor_count) AND attribute_not_exists(deletion_started_at)',
      ExpressionAttributeValues: {
        ':count': count,
        ':now': new Date().toISOString(),
        ...(limits ? { ':last': limits.cap - count, ':tier': limits.tierId } : {}),
      },
    }),
  );
};

const releaseMonitorPlaces = async (userId: string, count: number): Promise<void> => {
  await table.update({
    Key: userKey(userId),
    UpdateExpression: 'SET monitor_count = monitor_count - :count',
    ConditionExpression: 'monitor_count >= :count',
    ExpressionAttributeValues: { ':count': count },
  });
};

/** Deletes the monitors (and any check state a first check gave them), then gives their places back. */
const undoInsert = async (userId: string, monitorIds: string[]): Promise<void> => {
  await writeAll(
    monitorIds.flatMap((monitorId) => [
      { DeleteRequest: { Key: { ...monitorKey(userId, monitorId) } } },
      { DeleteRequest: { Key: { ...monitorStateKey(userId, monitorId) } } },
    ]),
  );
  await releaseMonitorPlaces(userId, monitorIds.length);
};

/**
 * Stores new, active monitors of one user and counts them against `cap`, all or none (see the
 * header comment). 'cap_reached' when they do not all fit (also when the profile is gone or the
 * plan is no longer `tierId`); nothing is written then. Check intervals are registered once,
 * before any monitor is written.
 */
export const insertMonitorsWithinCap = async (opts: {
  userId: string;
  /** null: an operator's upload, which no plan limits (then 'cap_reached' means the profile is gone). */
  tierId: TierId | null;
  cap: number | null;
  monitors: readonly { monitor: Monitor; schedule: CheckSchedule; options?: CheckOptions | undefined; target?: MonitorTarget | undefined }[];
}): Promise<'created' | 'cap_reached'> => {
  const { userId, monitors } = opts;
  if (!monitors.length) return 'created';
  await registerCheckIntervals([...new Set(monitors.map(({ schedule }) => schedule.intervalSeconds))]);
  const limits = opts.tierId !== null && opts.cap !== null ? { tierId: opts.tierId, cap: opts.cap } : null;
  if (!(await reserveMonitorPlaces(userId, limits, monitors.length))) return 'cap_reached';

  // An upload's monitors follow the account's alert rules (docs/alerts.md "Alert rules").
  const confirmRounds = confirmRoundsOf(await getAccountAlertRules(userId));
  try {
    await writeAll(
      monitors.flatMap(({ monitor, schedule, options, target }) => [
        { PutRequest: { Item: newMonitorItem(userId, monitor, schedule, options, target, confirmRounds) } },
        // A heartbeat's push secret finds its monitor (keys.ts 39).
        ...(target?.type === 'heartbeat' ? [{ PutRequest: { Item: heartbeatLookupPut(target.token, userId, monitor.id).Item } }] : []),
      ]),
    );
  } catch (error) {
    const monitorIds = monitors.map(({ monitor }) => monitor.id);
    try {
      await undoInsert(userId, monitorIds);
    } catch (undoError) {
      logger.error('Bulk insert failed and could not be undone: the nightly recount repairs monitor_count', {
        userId,
        monitorIds,
        cause: error instanceof Error ? error.message : String(error),
        error: undoError,
      });
    }
    throw error;
  }
  await adjustCounters({ monitors_total: monitors.length, monitors_active: monitors.length });
  return 'created';
};
