import type { ItemKey } from '../keys.js';

/**
 * Keys of a maintenance window's boundary item (patterns 55, 55b; docs/maintenance.md "What a window
 * does"): what the boundary job last did for one window (the occurrence it stamped on which
 * monitors) and, in a sparse GSI1 partition, when it must look at the window next (the running
 * occurrence's end or the next one's start). In the owner's partition, so erasing an account
 * erases it; a window's own item is maint-core's (keys/maintenance.ts).
 */
export const MAINTENANCE_BOUNDARY_SK_PREFIX = 'MAINTENANCE_BOUNDARY#';

export const MAINTENANCE_BOUNDARIES_PARTITION = 'MAINTENANCE_BOUNDARIES';

export const maintenanceBoundaryKey = (userId: string, windowId: string): ItemKey => ({
  PK: `USER#${userId}`,
  SK: `${MAINTENANCE_BOUNDARY_SK_PREFIX}${windowId}`,
});

/** Its place in the boundary index: the ISO time it is next due, then whose and which window (unique). */
export const maintenanceBoundaryDueKey = (dueAt: string, userId: string, windowId: string) => ({
  GSI1PK: MAINTENANCE_BOUNDARIES_PARTITION,
  GSI1SK: `${dueAt}#${userId}#${windowId}`,
});
