import { areaHandler } from '../../http/area-handler.js';
import { handler as acknowledgeIncident } from './acknowledge-incident.js';
import { handler as exportData } from './export-data.js';
import { handler as getDashboardStats } from './get-dashboard-stats.js';
import { handler as getIncident } from './get-incident.js';
import { handler as getMonitorAnalytics } from './get-monitor-analytics.js';
import { handler as getMonitorDetails } from './get-monitor-details.js';
import { handler as getRetention } from './get-retention.js';
import { handler as listIncidents } from './list-incidents.js';
import { handler as postIncidentUpdate } from './post-incident-update.js';

export const handler = areaHandler('insights', {
  getDashboardStats,
  listIncidents,
  exportData,
  getRetention,
  getMonitorDetails,
  getMonitorAnalytics,
  getIncident,
  acknowledgeIncident,
  postIncidentUpdate,
});
