import { areaHandler } from '../../http/area-handler.js';
import { enforceIpLimit } from '../../http/ip-limits.js';
import { handler as bulkUploadMonitors } from './bulk-upload.js';
import { handler as createBadgeLinks } from './create-badge-links.js';
import { handler as createMonitor } from './create-monitor.js';
import { handler as deleteMonitor } from './delete-monitor.js';
import { handler as forceCheck } from './force-check.js';
import { handler as getBadgeLinks } from './get-badge-links.js';
import { heartbeatFail, heartbeatPing } from './heartbeat.js';
import { handler as listMonitors } from './list-monitors.js';
import { handler as regenerateHeartbeatUrl } from './regenerate-heartbeat-url.js';
import { handler as updateMonitor } from './update-monitor.js';

export const handler = areaHandler(
  'monitors',
  {
    createMonitor,
    listMonitors,
    forceCheck,
    // The public API's check-now (an API key's request): the same query and answer.
    updateMonitor,
    deleteMonitor,
    bulkUploadMonitors,
    heartbeatPing,
    heartbeatPingGet: heartbeatPing,
    heartbeatFail,
    heartbeatFailGet: heartbeatFail,
    regenerateHeartbeatUrl,
    getBadgeLinks,
    createBadgeLinks,
  },
  enforceIpLimit,
);
