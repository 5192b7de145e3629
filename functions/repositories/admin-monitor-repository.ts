import type { AdminMonitor, AdminMonitorStatus } from '../../shared/admin/schemas.js';
import { scheduleStartingSoon, shardOf } from '../../shared/checks/dispatch.js';
import {
  dueKey,
  ENTITY,
  MONITOR_LIST_PARTITION,
  MONITOR_SK_PREFIX,
  monitorKey,
  monitorStateKey,
  userMonitorsPartition,
} from '../../shared/table/keys.js';
import { adjustCounters } from './admin-counters-repository.js';
import { batchGetItems, itemKeyId } from './batch-get.js';
import { numberedPage, type NumberedPage } from './index-pages.js';
import { registerCheckIntervals } from './monitor-repository.js';
import { heldView } from './monitor-items.js';
import { queryAll, type TableItem } from './query-all.js';
import * as table from './table-commands.js';
import { writeIfAllowed } from './table.js';

/**
 * Monitors as operators see them: every monitor by creation (keys.ts 7, GSI1 MONITORS) joined
 * with its check state (8c), and the switch that takes a deactivated user's monitors out of the
 * check schedule and puts them back.
 */

/** A monitor item with its check state, before the owner is joined (toAdminMonitor adds the owner's fields). */
export type MonitorRow = Omit<AdminMonitor, 'user_name' | 'user_email' | 'user_tier'>;

/** Why a monitor is `disabled` when an operator's deactivation did it (reactivation undoes only these). */
export const DISABLED_BY_ACCOUNT = 'account_inactive';

const nullableNumber = (value: unknown): number | null => (typeof value === 'number' ? value : null);
const nullableString = (value: unknown): string | null => (typeof value === 'string' ? value : null);

export const toMonitorRow = (item: TableItem, state: TableItem | undefined): MonitorRow => ({
  id: String(item.id),
  user_id: String(item.user_id),
  name: String(item.name),
  url: String(item.url),
  status: String(item.status) as AdminMonitorStatus,
  is_up: typeof state?.is_up === 'boolean' ? state.is_up : null,
  check_interval: Number(item.check_interval),
  timeout: Number(item.timeout),
  response_time: nullableNumber(state?.response_time),
  last_checked: nullableString(state?.last_checked),
  created_at: String(item.created_at),
  ...heldView(item),
});

const monitorMatches = (item: TableItem, filter: { status?: string; search?: string }): boolean => {
  if (filter.status && item.status !== filter.status) return false;
  if (!filter.search) return true;
  const needle = filter.search.trim().toLowerCase();
  return String(item.name).toLowerCase().includes(needle) || String(item.url).toLowerCase().includes(needle);
};

/** A page of all monitors, newest first, each with its check state (one BatchGet for the page). */
export const listMonitorsPage = async (opts: {
  page: number;
  limit: number;
  status?: AdminMonitorStatus;
  search?: string;
  knownTotal?: number;
}): Promise<NumberedPage<MonitorRow>> => {
  const page = await numberedPage(
    { index: 'GSI1', partition: MONITOR_LIST_PARTITION },
    {
      page: opts.page,
      limit: opts.limit,
      knownTotal: opts.knownTotal,
      toItem: (item) => (item.entity === ENTITY.monitor ? item : null),
      matches: (item) => monitorMatches(item, opts),
    },
  );
  const states = await batchGetItems(page.items.map((item) => monitorStateKey(String(item.user_id), String(item.id))));
  return {
    total: page.total,
    items: page.items.map((item) => toMonitorRow(item, states.get(itemKeyId(monitorStateKey(String(item.user_id), String(item.id)))))),
  };
};

/** The monitor items of one user (not their state items), oldest first. */
const userMonitorItems = async (userId: string): Promise<TableItem[]> =>
  (
    await queryAll({
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': userMonitorsPartition(userId), ':prefix': MONITOR_SK_PREFIX },
      ConsistentRead: true,
    })
  ).filter((item) => item.entity === ENTITY.monitor);

/**
 * A deactivated account's monitors stop being checked: each `active` one becomes `disabled`
 * (reason `account_inactive`) and leaves the due index (GSI2), as a pause does. Each write is
 * conditional on the status it read, so a monitor changed meanwhile is left as it now is.
 * Returns how many were disabled.
 */
export const disableMonitorsOfInactiveUser = async (userId: string): Promise<number> => {
  let disabled = 0;
  for (const item of await userMonitorItems(userId)) {
    if (item.status !== 'active') continue;
    const made = await writeIfAllowed(
      table.update({
        Key: monitorKey(userId, String(item.id)),
        UpdateExpression: 'SET #status = :disabled, disabled_reason = :reason REMOVE GSI2PK, GSI2SK, phase',
        ConditionExpression: '#status = :active',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':disabled': 'disabled', ':active': 'active', ':reason': DISABLED_BY_ACCOUNT },
      }),
    );
    if (made) disabled += 1;
  }
  await adjustCounters({ monitors_active: -disabled, monitors_disabled: disabled });
  return disabled;
};

/**
 * Reactivation: exactly the monitors the deactivation disabled become `active` again, each with a
 * schedule starting within a couple of minutes (dispatch.ts), as a resumed monitor. Monitors the
 * user had paused, or that the plan disabled, stay as they are. Returns how many were restored.
 */
export const restoreMonitorsOfReactivatedUser = async (userId: string, now: Date): Promise<number> => {
  const toRestore = (await userMonitorItems(userId)).filter(
    (item) => item.status === 'disabled' && item.disabled_reason === DISABLED_BY_ACCOUNT,
  );
  await registerCheckIntervals([...new Set(toRestore.map((item) => Number(item.check_interval)))]);
  let restored = 0;
  for (const item of toRestore) {
    const monitorId = String(item.id);
    const schedule = scheduleStartingSoon(monitorId, Number(item.check_interval), now);
    const due = dueKey(shardOf(monitorId), schedule.intervalSeconds, schedule.phaseSeconds);
    const made = await writeIfAllowed(
      table.update({
        Key: monitorKey(userId, monitorId),
        UpdateExpression: 'SET #status = :active, GSI2PK = :duePk, GSI2SK = :dueSk, phase = :phase REMOVE disabled_reason',
        ConditionExpression: '#status = :disabled AND disabled_reason = :reason',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':active': 'active',
          ':disabled': 'disabled',
          ':reason': DISABLED_BY_ACCOUNT,
          ':duePk': due.GSI2PK,
          ':dueSk': due.GSI2SK,
          ':phase': schedule.phaseSeconds,
        },
      }),
    );
    if (made) restored += 1;
  }
  await adjustCounters({ monitors_active: restored, monitors_disabled: -restored });
  return restored;
};

/** All of a user's monitors with their state, newest first (the user detail). */
export const listUserMonitorRows = async (userId: string): Promise<MonitorRow[]> => {
  const Items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': userMonitorsPartition(userId), ':prefix': MONITOR_SK_PREFIX },
    ScanIndexForward: false,
  });
  const states = new Map(Items.filter((item) => item.entity === ENTITY.monitorState).map((item) => [String(item.monitor_id), item]));
  return Items.filter((item) => item.entity === ENTITY.monitor).map((item) => toMonitorRow(item, states.get(String(item.id))));
};
