import type { ItemKey } from '../keys.js';

/**
 * Keys of maintenance windows (pattern 58; docs/maintenance.md "The model"). A window lives in its
 * owner's partition, so erasing the account erases its windows with it.
 */
export const MAINTENANCE_PREFIX = 'MAINTENANCE#';

export const maintenanceWindowKey = (userId: string, windowId: string): ItemKey => ({
  PK: `USER#${userId}`,
  SK: `${MAINTENANCE_PREFIX}${windowId}`,
});
