import { MAINTENANCE_LIMITS, type MaintenanceWindowView } from '../../../shared/maintenance/schemas.js';
import { nextOccurrences, type MaintenanceWindow } from '../../../shared/maintenance/windows.js';

/**
 * A window as the owner's screens read it: everything but the owner's id, with its next
 * occurrences as UTC instants, the running one first (docs/maintenance.md "The API").
 */
export const windowView = (window: MaintenanceWindow, now: Date): MaintenanceWindowView => {
  const { user_id: _owner, ...fields } = window;
  return {
    ...fields,
    next_occurrences: nextOccurrences(window, now, MAINTENANCE_LIMITS.nextOccurrences).map(({ starts_at, ends_at }) => ({ starts_at, ends_at })),
  };
};
