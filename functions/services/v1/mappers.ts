/**
 * The one mapper per resource from the app's shapes to the public API's (docs/api.md "Resources"):
 * the SPA's shapes may change with its screens; these stay as the OpenAPI document says.
 */
import type { ChannelView } from '../../../shared/alerts/schemas.js';
import type { MaintenanceWindowView } from '../../../shared/maintenance/schemas.js';
import type { StatusPageView } from '../../../shared/status-pages/schemas.js';
import type { V1Channel, V1MaintenanceWindow, V1StatusPage, V1Check, V1Incident, V1Monitor, V1Uptime } from '../../../shared/api/v1/schemas.js';
import type { Incident } from '../../../shared/incidents/schemas.js';
import type { UptimeWindows } from '../../../shared/insights/monitor-details.js';
import type { ExportedCheck } from '../../../shared/insights/schemas.js';
import type { Monitor } from '../../../shared/monitors/schemas.js';

const milliseconds = (seconds: number | null): number | null => (seconds === null ? null : Math.round(seconds * 1000));

export const toV1Monitor = (monitor: Monitor): V1Monitor => ({
  id: monitor.id,
  name: monitor.name,
  type: monitor.monitor_type,
  url: monitor.url,
  status: monitor.status,
  state: monitor.is_up === null ? 'pending' : monitor.is_up ? 'up' : 'down',
  check_interval: monitor.check_interval,
  timeout: monitor.timeout,
  slow_threshold: monitor.slow_threshold,
  response_time_ms: milliseconds(monitor.response_time),
  last_checked_at: monitor.last_checked,
  created_at: monitor.created_at,
  channel_ids: monitor.channel_ids,
});

export const toV1Check = (check: ExportedCheck): V1Check => ({
  checked_at: check.checked_at,
  region: check.region,
  outcome: check.outcome,
  status_code: check.status_code,
  response_time_ms: milliseconds(check.response_time),
  error: check.message,
});

export const toV1Uptime = (monitorId: string, uptime: UptimeWindows): V1Uptime => ({ monitor_id: monitorId, ...uptime });

export const toV1Incident = (incident: Incident): V1Incident => ({
  id: incident.id,
  monitor_id: incident.monitor_id,
  monitor_name: incident.monitor_name,
  kind: incident.alert_type,
  status: incident.status,
  message: incident.message,
  started_at: incident.started_at,
  resolved_at: incident.resolved_at,
  acknowledged_at: incident.acknowledged_at ?? null,
});

/** A channel without its configuration: addresses and credentials stay in the app (docs/alerts.md). */
export const toV1Channel = (channel: ChannelView): V1Channel => ({
  id: channel.id,
  type: channel.type,
  name: channel.name,
  is_default: channel.is_default,
  status: channel.status,
  monitor_count: channel.monitor_count,
  created_at: channel.created_at,
  last_delivery_at: channel.last_delivery_at,
});

export const toV1MaintenanceWindow = (window: MaintenanceWindowView): V1MaintenanceWindow => ({
  id: window.id,
  title: window.title,
  description: window.description,
  timezone: window.timezone,
  starts_at: window.starts_at,
  ends_at: window.ends_at,
  rrule: window.rrule,
  monitor_ids: window.monitor_ids,
  status_page_id: window.status_page_id,
  mode: window.mode,
  next_occurrences: window.next_occurrences,
  created_at: window.created_at,
  updated_at: window.updated_at,
});

export const toV1StatusPage = (page: StatusPageView): V1StatusPage => ({
  id: page.id,
  name: page.name,
  slug: page.slug,
  url: page.url,
  description: page.description,
  created_at: page.created_at,
  updated_at: page.updated_at,
});
