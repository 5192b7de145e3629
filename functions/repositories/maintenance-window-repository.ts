import type { MaintenanceMode, MaintenanceWindow } from '../../shared/maintenance/windows.js';
import { ENTITY, MAINTENANCE_PREFIX, maintenanceWindowKey, userKey } from '../../shared/table/keys.js';
import { queryAll } from './query-all.js';
import * as table from './table-commands.js';
import { resultIfAllowed, transactIfAllowed } from './table.js';

/**
 * A user's maintenance windows (keys.ts 58; docs/maintenance.md "The model"), one item each in
 * their partition, stored in the shape of `MaintenanceWindow`. How many a user has is
 * `maintenance_window_count` on the profile, kept under the cap by the create's transaction (the
 * same way as `channel_count`). The window's effects read them here too (`listWindows`).
 */
const toWindow = (item: Record<string, unknown>): MaintenanceWindow => ({
  id: String(item.id),
  user_id: String(item.user_id),
  title: String(item.title),
  description: typeof item.description === 'string' ? item.description : null,
  timezone: String(item.timezone),
  starts_at: String(item.starts_at),
  ends_at: String(item.ends_at),
  rrule: typeof item.rrule === 'string' ? item.rrule : null,
  monitor_ids: Array.isArray(item.monitor_ids) ? item.monitor_ids.map(String) : [],
  status_page_id: typeof item.status_page_id === 'string' ? item.status_page_id : null,
  mode: (item.mode as MaintenanceMode | undefined) ?? 'mute_alerts',
  created_at: String(item.created_at),
  updated_at: String(item.updated_at),
});

const toItem = (window: MaintenanceWindow): Record<string, unknown> => ({
  ...maintenanceWindowKey(window.user_id, window.id),
  entity: ENTITY.maintenanceWindow,
  ...window,
});

/** Every window of a user, oldest first (ULID order). */
export const listWindows = async (userId: string): Promise<MaintenanceWindow[]> => {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': userKey(userId).PK, ':prefix': MAINTENANCE_PREFIX },
    ConsistentRead: true,
  });
  return items.map(toWindow);
};

/** One window of a user, or null (another user's id names nothing here). */
export const getWindow = async (userId: string, windowId: string): Promise<MaintenanceWindow | null> => {
  const { Item } = await table.get({ Key: maintenanceWindowKey(userId, windowId), ConsistentRead: true });
  return Item ? toWindow(Item) : null;
};

/**
 * Adds a window while the user has fewer than `cap` (the profile's `maintenance_window_count`):
 * 'limit_reached' otherwise, 'account_gone' when the account is being erased.
 */
export const createWindow = async (window: MaintenanceWindow, cap: number): Promise<'created' | 'limit_reached' | 'account_gone'> => {
  const refused = await transactIfAllowed(
    [
      {
        Update: {
          Key: userKey(window.user_id),
          UpdateExpression: 'SET maintenance_window_count = if_not_exists(maintenance_window_count, :zero) + :one',
          ConditionExpression:
            'attribute_exists(PK) AND attribute_not_exists(deletion_started_at) AND (attribute_not_exists(maintenance_window_count) OR maintenance_window_count < :cap)',
          ExpressionAttributeValues: { ':zero': 0, ':one': 1, ':cap': cap },
        },
      },
      { Put: { Item: toItem(window), ConditionExpression: 'attribute_not_exists(PK)' } },
    ],
    { 0: 'refused' as const },
  );
  if (refused === null) return 'created';
  const { Item } = await table.get({ Key: userKey(window.user_id), ProjectionExpression: 'deletion_started_at' });
  return !Item || Item.deletion_started_at ? 'account_gone' : 'limit_reached';
};

/** Replaces an existing window whole (an edit sends every field); false when it is not there. */
export const replaceWindow = async (window: MaintenanceWindow): Promise<boolean> =>
  (await resultIfAllowed(table.put({ Item: toItem(window), ConditionExpression: 'attribute_exists(PK)' }))) !== null;

/**
 * Sets a window's monitors when they are still `expected` (the list another writer may have just
 * changed); false when the window is gone or its list moved on.
 */
export const replaceWindowMonitors = async (
  userId: string,
  windowId: string,
  expected: string[],
  monitorIds: string[],
  now: Date,
): Promise<boolean> =>
  (await resultIfAllowed(
    table.update({
      Key: maintenanceWindowKey(userId, windowId),
      UpdateExpression: 'SET monitor_ids = :ids, updated_at = :now',
      ConditionExpression: 'attribute_exists(PK) AND monitor_ids = :expected',
      ExpressionAttributeValues: { ':ids': monitorIds, ':expected': expected, ':now': now.toISOString() },
    }),
  )) !== null;

/** Deletes a window and counts it off the profile; false when it was not there. */
export const deleteWindow = async (userId: string, windowId: string): Promise<boolean> => {
  const refused = await transactIfAllowed(
    [
      { Delete: { Key: maintenanceWindowKey(userId, windowId), ConditionExpression: 'attribute_exists(PK)' } },
      {
        Update: {
          Key: userKey(userId),
          UpdateExpression: 'SET maintenance_window_count = maintenance_window_count - :one',
          ConditionExpression: 'maintenance_window_count > :zero',
          ExpressionAttributeValues: { ':one': 1, ':zero': 0 },
        },
      },
    ],
    { 0: 'gone' as const },
  );
  return refused === null;
};
