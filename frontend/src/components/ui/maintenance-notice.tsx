import { maintenanceNoticeText } from '@shared/maintenance/stamp.js';
import type { MonitorMaintenance } from '@shared/monitors/schemas.js';
import { formatTimestamp } from '@/utils/time';

/**
 * "In maintenance until ...": shown on a monitor's card and page while a maintenance window runs on
 * it (docs/maintenance.md "What a window does"), so a muted outage or paused checks are explained.
 */
export function MaintenanceNotice({ maintenance, timeZone }: { maintenance: MonitorMaintenance; timeZone: string | null }) {
  return (
    <div className="relative z-10 mt-4 rounded-lg bg-sky-50 px-3 py-2.5 text-sm text-sky-900 ring-1 ring-sky-200" data-testid="maintenance-notice">
      <p>{maintenanceNoticeText(maintenance.mode, formatTimestamp(maintenance.until, timeZone))}</p>
    </div>
  );
}
