import { areaHandler } from '../../http/area-handler.js';
import { handler as acknowledgeIncident } from './acknowledge-incident.js';
import { handler as exportData } from './export-data.js';
import { handler as getDashboardStats } from './get-dashboard-stats.js';
import { handler as getIncident } from './get-incident.js';
import { handler as getMonitorAnalytics } from './get-monitor-analytics.js';
import { handler as getMonitorDetails } from './get-monitor-details.js';
import { handler as getMonitorSlaMonth } from './get-monitor-sla-month.js';
import { handler as getRetention } from './get-retention.js';
import { handler as getSlaReport } from './get-sla-report.js';
import { handler as getSlaTargets } from './get-sla-targets.js';
import { handler as listIncidents } from './list-incidents.js';
import { handler as listSlaMonths } from './list-sla-months.js';
import { handler as postIncidentUpdate } from './post-incident-update.js';
import { handler as setMonitorSlaTarget } from './set-monitor-sla-target.js';
import { handler as setSlaTarget } from './set-sla-target.js';

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
  getSlaTargets,
  setSlaTarget,
  setMonitorSlaTarget,
  getMonitorSlaMonth,
  listSlaMonths,
  getSlaReport,
});
