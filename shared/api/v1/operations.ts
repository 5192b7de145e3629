/**
 * The public API's operation table (docs/api.md "One source"): for every `/api/v1` row of the route
 * table, what it takes and answers as zod schemas, with its summary and an example answer. The
 * OpenAPI document (openapi-document.ts) and the SPA's typed contract (../contract.ts, `V1RouteContracts`)
 * are both derived from it, so the two cannot disagree; a unit test checks every v1 row has an entry.
 */
import { z } from 'zod';
import type { AreaRouteName } from '../routes.js';
import {
  V1ChannelList,
  V1Channel,
  V1CheckList,
  V1IncidentUpdateInput,
  V1MaintenanceWindow,
  V1MaintenanceWindowInput,
  V1MaintenanceWindowList,
  V1StatusPage,
  V1StatusPageList,
  V1CreateMonitorInput,
  V1Incident,
  V1IncidentPage,
  V1ListQuery,
  V1Monitor,
  V1MonitorPage,
  V1UpdateMonitorInput,
  V1Uptime,
  V1ApiKey,
  V1ForceCheckResult,
} from './schemas.js';
import { ForceCheckQuery } from '../../monitors/schemas.js';

export type V1RouteName = AreaRouteName<'v1'>;

/** How an operation answers when it succeeds: 204 answers nothing. */
export type V1Success =
  | { readonly status: 200 | 201; readonly description: string; readonly schema: z.ZodType; readonly example: unknown }
  | { readonly status: 204; readonly description: string };

export interface V1Operation {
  readonly summary: string;
  readonly tag: 'Monitors' | 'Incidents' | 'Maintenance windows' | 'Status pages' | 'Channels' | 'Document';
  readonly body?: z.ZodType;
  readonly query?: z.ZodType;
  readonly success: V1Success;
}

const monitorExample = {
  id: '01HZ3N9RTQ9B6Q8Z5M5XG7QFBC',
  name: 'Shop',
  type: 'http',
  url: 'https://shop.example',
  status: 'active',
  state: 'up',
  check_interval: 300,
  timeout: 30,
  slow_threshold: 5,
  response_time_ms: 182,
  last_checked_at: '2026-11-28T02:30:00.000Z',
  created_at: '2026-11-01T09:00:00.000Z',
  channel_ids: null,
} satisfies z.output<typeof V1Monitor>;

const incidentExample = {
  id: '01HZ3P2J0K1V9C4W7D2S8E6F5A',
  monitor_id: monitorExample.id,
  monitor_name: 'Shop',
  kind: 'down',
  status: 'open',
  message: 'Shop is down: connection timed out',
  started_at: '2026-11-28T02:25:00.000Z',
  resolved_at: null,
  acknowledged_at: null,
} satisfies z.output<typeof V1Incident>;

const channelExample = {
  id: '01HZ3Q7M2X8K4N6P0R5T9V1W3Y',
  type: 'slack',
  name: 'Ops on Slack',
  is_default: true,
  status: 'active',
  monitor_count: 3,
  created_at: '2026-11-01T09:05:00.000Z',
  last_delivery_at: '2026-11-28T02:25:04.000Z',
} satisfies z.output<typeof V1Channel>;

const windowExample = {
  id: '01HZ3R1B5C7D9F2G4H6J8K0M2N',
  title: 'Database upgrade',
  description: null,
  timezone: 'Europe/Berlin',
  starts_at: '2026-12-06T02:00',
  ends_at: '2026-12-06T03:00',
  rrule: null,
  monitor_ids: [monitorExample.id],
  status_page_id: null,
  mode: 'mute_alerts',
  next_occurrences: [{ starts_at: '2026-12-06T01:00:00.000Z', ends_at: '2026-12-06T02:00:00.000Z' }],
  created_at: '2026-11-28T02:40:00.000Z',
  updated_at: '2026-11-28T02:40:00.000Z',
} satisfies z.output<typeof V1MaintenanceWindow>;

const pageExample = {
  id: '01HZ3S4E6G8J0L2N4Q6S8U0W2Y',
  name: 'Acme status',
  slug: 'acme',
  url: 'https://upwatch.example/status/acme',
  description: null,
  created_at: '2026-11-02T10:00:00.000Z',
  updated_at: '2026-11-20T16:30:00.000Z',
} satisfies z.output<typeof V1StatusPage>;

/** The OpenAPI document itself: any JSON object (it describes itself by its `openapi` field). */
export const V1OpenApiJson = z.record(z.string(), z.unknown()).meta({ id: 'OpenApiDocument' });

export const V1_OPERATIONS = {
  v1OpenApiDocument: {
    summary: 'This API as an OpenAPI 3.1 document',
    tag: 'Document',
    success: { status: 200, description: 'The document', schema: V1OpenApiJson, example: { openapi: '3.1.0' } },
  },
  v1ListMonitors: {
    summary: 'List monitors, newest first',
    tag: 'Monitors',
    query: V1ListQuery,
    success: { status: 200, description: 'A page of monitors', schema: V1MonitorPage, example: { data: [monitorExample], next_cursor: null } },
  },
  v1CreateMonitor: {
    summary: 'Create a monitor',
    tag: 'Monitors',
    body: V1CreateMonitorInput,
    success: { status: 201, description: 'The new monitor', schema: V1Monitor, example: monitorExample },
  },
  v1GetMonitor: {
    summary: 'Get a monitor',
    tag: 'Monitors',
    success: { status: 200, description: 'The monitor', schema: V1Monitor, example: monitorExample },
  },
  v1UpdateMonitor: {
    summary: 'Change a monitor; fields left out keep their values',
    tag: 'Monitors',
    body: V1UpdateMonitorInput,
    success: { status: 200, description: 'The monitor as changed', schema: V1Monitor, example: monitorExample },
  },
  v1DeleteMonitor: {
    summary: 'Delete a monitor with its history',
    tag: 'Monitors',
    success: { status: 204, description: 'Deleted' },
  },
  v1PauseMonitor: {
    summary: 'Pause a monitor: no checks, no alerts',
    tag: 'Monitors',
    success: { status: 200, description: 'The paused monitor', schema: V1Monitor, example: { ...monitorExample, status: 'paused' } },
  },
  v1ResumeMonitor: {
    summary: 'Resume a paused monitor',
    tag: 'Monitors',
    success: { status: 200, description: 'The resumed monitor', schema: V1Monitor, example: monitorExample },
  },
  v1ListMonitorChecks: {
    summary: "A monitor's most recent check results, newest first",
    tag: 'Monitors',
    success: {
      status: 200,
      description: 'The recent checks',
      schema: V1CheckList,
      example: { data: [{ checked_at: '2026-11-28T02:30:00.000Z', region: 'eu-west-1', outcome: 'up', status_code: 200, response_time_ms: 182, error: null }] },
    },
  },
  v1GetMonitorUptime: {
    summary: "A monitor's uptime over the last day, week and 30 days",
    tag: 'Monitors',
    success: { status: 200, description: 'Uptime percentages', schema: V1Uptime, example: { monitor_id: monitorExample.id, last_24h: 100, last_7d: 99.95, last_30d: 99.9 } },
  },
  v1ListIncidents: {
    summary: 'List incidents, newest first',
    tag: 'Incidents',
    query: V1ListQuery,
    success: { status: 200, description: 'A page of incidents', schema: V1IncidentPage, example: { data: [incidentExample], next_cursor: null } },
  },
  v1GetIncident: {
    summary: 'Get an incident',
    tag: 'Incidents',
    success: { status: 200, description: 'The incident', schema: V1Incident, example: incidentExample },
  },
  v1AcknowledgeIncident: {
    summary: 'Acknowledge an open incident: someone is on it',
    tag: 'Incidents',
    success: {
      status: 200,
      description: 'The acknowledged incident',
      schema: V1Incident,
      example: { ...incidentExample, acknowledged_at: '2026-11-28T02:27:00.000Z' },
    },
  },
  v1PostIncidentUpdate: {
    summary: 'Post an update on an incident for your users (status pages, subscribers)',
    tag: 'Incidents',
    body: V1IncidentUpdateInput,
    success: { status: 200, description: 'The incident with the update', schema: V1Incident, example: incidentExample },
  },
  v1ListMaintenanceWindows: {
    summary: 'List maintenance windows',
    tag: 'Maintenance windows',
    success: { status: 200, description: 'The maintenance windows', schema: V1MaintenanceWindowList, example: { data: [windowExample] } },
  },
  v1CreateMaintenanceWindow: {
    summary: 'Plan a maintenance window',
    tag: 'Maintenance windows',
    body: V1MaintenanceWindowInput,
    success: { status: 201, description: 'The new window', schema: V1MaintenanceWindow, example: windowExample },
  },
  v1GetMaintenanceWindow: {
    summary: 'Get a maintenance window with its next runs',
    tag: 'Maintenance windows',
    success: { status: 200, description: 'The window', schema: V1MaintenanceWindow, example: windowExample },
  },
  v1UpdateMaintenanceWindow: {
    summary: 'Replace a maintenance window',
    tag: 'Maintenance windows',
    body: V1MaintenanceWindowInput,
    success: { status: 200, description: 'The window as changed', schema: V1MaintenanceWindow, example: windowExample },
  },
  v1DeleteMaintenanceWindow: {
    summary: 'Delete a maintenance window',
    tag: 'Maintenance windows',
    success: { status: 204, description: 'Deleted' },
  },
  v1ListStatusPages: {
    summary: 'List status pages',
    tag: 'Status pages',
    success: { status: 200, description: 'The status pages', schema: V1StatusPageList, example: { data: [pageExample] } },
  },
  v1GetStatusPage: {
    summary: 'Get a status page',
    tag: 'Status pages',
    success: { status: 200, description: 'The status page', schema: V1StatusPage, example: pageExample },
  },
  v1ListChannels: {
    summary: 'List alert channels',
    tag: 'Channels',
    success: { status: 200, description: 'The alert channels', schema: V1ChannelList, example: { data: [channelExample] } },
  },
  v1GetChannel: {
    summary: 'Get an alert channel',
    tag: 'Channels',
    success: { status: 200, description: 'The channel', schema: V1Channel, example: channelExample },
  },
  v1GetApiKey: {
    summary: 'The API key making this request',
    tag: 'Document',
    success: {
      status: 200,
      description: 'The key and its workspace',
      schema: V1ApiKey,
      example: { id: '01HZ3T0A2C4E6G8J0L2N4Q6S8U', name: 'CI deploys', prefix: 'uw_Ab12Cd34', scope: 'write', expires_at: null, workspace_id: '3f0c2b1e-7d4a-4c7e-9a51-2b8f6d0e9c41' },
    },
  },
  v1ForceCheck: {
    summary: 'Check the workspace\'s active monitors now (at most `limit`, default 50)',
    tag: 'Monitors',
    query: ForceCheckQuery,
    success: { status: 200, description: 'How the checks ended', schema: V1ForceCheckResult, example: { total: 3, successful: 3, failed: 0, up: 2, down: 1 } },
  },
} as const satisfies Record<V1RouteName, V1Operation>;

type Operations = typeof V1_OPERATIONS;
type BodyOfOp<O> = O extends { body: infer B extends z.ZodType } ? z.input<B> : undefined;
type QueryOfOp<O> = O extends { query: infer Q extends z.ZodType } ? z.input<Q> : never;
type ResponseOfOp<O> = O extends { success: { schema: infer S extends z.ZodType } } ? z.output<S> : undefined;

/**
 * The v1 routes' contracts, derived from the table above (request bodies and queries as a caller
 * sends them, responses as the server answers), for the SPA's typed client (../contract.ts).
 */
export type V1RouteContracts = {
  [N in V1RouteName]: { body: BodyOfOp<Operations[N]>; query: QueryOfOp<Operations[N]>; response: ResponseOfOp<Operations[N]> };
};
