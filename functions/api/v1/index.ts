import { areaHandler } from '../../http/area-handler.js';
import { enforceIpLimit } from '../../http/ip-limits.js';
import { v1GetApiKey } from './api-key.js';
import { v1ForceCheck } from './force-check.js';
import { v1GetChannel, v1ListChannels } from './channels.js';
import {
  v1CreateMaintenanceWindow,
  v1DeleteMaintenanceWindow,
  v1GetMaintenanceWindow,
  v1ListMaintenanceWindows,
  v1UpdateMaintenanceWindow,
} from './maintenance-windows.js';
import { v1AcknowledgeIncident, v1GetIncident, v1ListIncidents, v1PostIncidentUpdate } from './incidents.js';
import {
  v1CreateMonitor,
  v1DeleteMonitor,
  v1GetMonitor,
  v1GetMonitorUptime,
  v1ListMonitorChecks,
  v1ListMonitors,
  v1PauseMonitor,
  v1ResumeMonitor,
  v1UpdateMonitor,
} from './monitors.js';
import { v1OpenApiDocument } from './openapi-document.js';
import { v1GetStatusPage, v1ListStatusPages } from './status-pages.js';
import { withProblemResponses } from './problem-responses.js';

/** The public API's Lambda (docs/api.md): its errors are problem documents, mapped here for the whole area. */
export const handler = withProblemResponses(
  areaHandler('v1', {
    v1OpenApiDocument,
    v1ListMonitors,
    v1CreateMonitor,
    v1GetMonitor,
    v1UpdateMonitor,
    v1DeleteMonitor,
    v1PauseMonitor,
    v1ResumeMonitor,
    v1ListMonitorChecks,
    v1GetMonitorUptime,
    v1ListIncidents,
    v1GetIncident,
    v1AcknowledgeIncident,
    v1PostIncidentUpdate,
    v1ListMaintenanceWindows,
    v1CreateMaintenanceWindow,
    v1GetMaintenanceWindow,
    v1UpdateMaintenanceWindow,
    v1DeleteMaintenanceWindow,
    v1ListStatusPages,
    v1GetStatusPage,
    v1ListChannels,
    v1GetChannel,
    v1GetApiKey,
    v1ForceCheck,
  }, enforceIpLimit),
);
