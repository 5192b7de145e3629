/**
 * The public API's resource shapes (docs/api.md "Resources"): stable, documented views of what the
 * services return, independent of the SPA's shapes. Each schema is the single source of the
 * OpenAPI document's component (its `id`) and of the TypeScript type a client gets (`z.output`).
 */
import { z } from 'zod';
import { CreateMonitorInput, UpdateMonitorInput } from '../../monitors/schemas.js';
import { MONITOR_TYPES } from '../../monitors/monitor-types.js';
import { CHANNEL_STATUSES } from '../../alerts/schemas.js';
import { CHANNEL_TYPES } from '../../alerts/channels/index.js';
import { IncidentUpdateInput } from '../../incidents/updates.js';
import { MaintenanceWindowInput } from '../../maintenance/schemas.js';
import { MAINTENANCE_MODES } from '../../maintenance/windows.js';

/** Page size bounds of every list (docs/api.md "Pagination"). */
export const V1_PAGE_SIZE = { default: 20, max: 100 } as const;

/** `?limit=&cursor=` of a list: the cursor is the opaque `next_cursor` of the page before. */
export const V1ListQuery = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(V1_PAGE_SIZE.max, `limit must be at most ${V1_PAGE_SIZE.max}`)
    .default(V1_PAGE_SIZE.default)
    .meta({ description: `How many items to answer (1-${V1_PAGE_SIZE.max}, default ${V1_PAGE_SIZE.default}).`, example: 20 }),
  cursor: z
    .string()
    .max(200, 'cursor is too long')
    .optional()
    .meta({ description: 'The `next_cursor` of the previous page; leave it out for the first page.', example: 'MDFIWjNOOVJUUTlCNlE4WjVNNVhHN1FGQkM' }),
});
export type V1ListQuery = z.output<typeof V1ListQuery>;

/** A page of a list: `next_cursor` is null on the last page. */
export const v1Page = <T extends z.ZodType>(item: T, id: string) =>
  z
    .object({
      data: z.array(item),
      next_cursor: z.string().nullable().meta({ description: 'Pass as `cursor` to read the next page; null on the last one.' }),
    })
    .meta({ id });

const Timestamp = z.string().meta({ format: 'date-time', example: '2026-11-28T02:30:00.000Z' });

export const V1Monitor = z
  .object({
    id: z.string().meta({ example: '01HZ3N9RTQ9B6Q8Z5M5XG7QFBC' }),
    name: z.string().meta({ example: 'Shop' }),
    type: z.enum(MONITOR_TYPES),
    url: z.string().meta({ description: 'What is checked: the address, host or port of the monitor.', example: 'https://shop.example' }),
    status: z.enum(['active', 'paused', 'disabled']).meta({ description: 'disabled: beyond the plan after a downgrade, not checked.' }),
    state: z.enum(['up', 'down', 'pending']).meta({ description: 'What the last check found; pending before the first one.' }),
    check_interval: z.number().int().meta({ description: 'Seconds between checks.', example: 300 }),
    timeout: z.number().int().meta({ description: 'Seconds a check may take.', example: 30 }),
    slow_threshold: z.number().meta({ description: 'Seconds: a slower answer counts as degraded.', example: 5 }),
    response_time_ms: z.number().int().nullable().meta({ example: 182 }),
    last_checked_at: Timestamp.nullable(),
    created_at: Timestamp,
    channel_ids: z.array(z.string()).nullable().meta({ description: 'Alert channels it sends to; null: the workspace defaults.' }),
  })
  .meta({ id: 'Monitor' });
export type V1Monitor = z.output<typeof V1Monitor>;

export const V1MonitorPage = v1Page(V1Monitor, 'MonitorPage');
export type V1MonitorPage = z.output<typeof V1MonitorPage>;

/** POST /api/v1/monitors takes what the app's monitor form sends (docs/api.md "Monitors"). */
export const V1CreateMonitorInput = CreateMonitorInput.meta({
  id: 'CreateMonitor',
  example: { name: 'Shop', url: 'https://shop.example', check_interval: 300 },
});
/** PUT /api/v1/monitors/{id}: fields left out keep their values. */
export const V1UpdateMonitorInput = UpdateMonitorInput.meta({ id: 'UpdateMonitor', example: { name: 'Shop (EU)', check_interval: 600 } });

export const V1Check = z
  .object({
    checked_at: Timestamp,
    region: z.string().meta({ example: 'eu-west-1' }),
    outcome: z.string().meta({ description: 'up, down or slow, as the check judged the answer.', example: 'up' }),
    status_code: z.number().int().nullable().meta({ example: 200 }),
    response_time_ms: z.number().int().nullable().meta({ example: 182 }),
    error: z.string().nullable().meta({ description: 'A short technical note on a failure, else null.' }),
  })
  .meta({ id: 'Check' });
export type V1Check = z.output<typeof V1Check>;

export const V1CheckList = z.object({ data: z.array(V1Check) }).meta({ id: 'CheckList' });
export type V1CheckList = z.output<typeof V1CheckList>;

const Percent = z.number().nullable().meta({ description: 'Percent with two decimals; null without data.', example: 99.95 });
export const V1Uptime = z
  .object({ monitor_id: z.string(), last_24h: Percent, last_7d: Percent, last_30d: Percent })
  .meta({ id: 'Uptime' });
export type V1Uptime = z.output<typeof V1Uptime>;

export const V1Incident = z
  .object({
    id: z.string().meta({ example: '01HZ3P2J0K1V9C4W7D2S8E6F5A' }),
    monitor_id: z.string(),
    monitor_name: z.string().meta({ example: 'Shop' }),
    kind: z.enum(['down', 'up', 'slow']).meta({ description: 'down: an outage; up: a recovery; slow: answers too slow.' }),
    status: z.enum(['open', 'resolved']),
    message: z.string().meta({ example: 'Shop is down: connection timed out' }),
    started_at: Timestamp,
    resolved_at: Timestamp.nullable(),
    acknowledged_at: Timestamp.nullable(),
  })
  .meta({ id: 'Incident' });
export type V1Incident = z.output<typeof V1Incident>;

export const V1IncidentPage = v1Page(V1Incident, 'IncidentPage');
export type V1IncidentPage = z.output<typeof V1IncidentPage>;

/** POST /api/v1/incidents/{id}/updates: what the app's incident page posts (docs/status-pages.md "Incident updates"). */
export const V1IncidentUpdateInput = IncidentUpdateInput.meta({
  id: 'IncidentUpdateInput',
  example: { status: 'identified', message: 'The database is overloaded; we are adding capacity.' },
});

export const V1Channel = z
  .object({
    id: z.string(),
    type: z.enum(CHANNEL_TYPES as [string, ...string[]]).meta({ example: 'slack' }),
    name: z.string().meta({ example: 'Ops on Slack' }),
    is_default: z.boolean().meta({ description: 'Monitors without their own channels send here.' }),
    status: z.enum(CHANNEL_STATUSES),
    monitor_count: z.number().int().meta({ description: 'How many monitors send to it.', example: 3 }),
    created_at: Timestamp,
    last_delivery_at: Timestamp.nullable(),
  })
  .meta({ id: 'Channel' });
export type V1Channel = z.output<typeof V1Channel>;

export const V1ChannelList = z.object({ data: z.array(V1Channel) }).meta({ id: 'ChannelList' });
export type V1ChannelList = z.output<typeof V1ChannelList>;

/** POST and PUT /api/v1/maintenance-windows: the app's window form (docs/maintenance.md "The API"). */
export const V1MaintenanceWindowInput = MaintenanceWindowInput.meta({
  id: 'MaintenanceWindowInput',
  example: { title: 'Database upgrade', timezone: 'Europe/Berlin', starts_at: '2026-12-06T02:00', ends_at: '2026-12-06T03:00', rrule: null, monitor_ids: ['01HZ3N9RTQ9B6Q8Z5M5XG7QFBC'], mode: 'mute_alerts' },
});

const LocalTime = z.string().meta({ description: "Wall-clock time in the window's time zone.", example: '2026-12-06T02:00' });
export const V1MaintenanceWindow = z
  .object({
    id: z.string(),
    title: z.string().meta({ example: 'Database upgrade' }),
    description: z.string().nullable(),
    timezone: z.string().meta({ example: 'Europe/Berlin' }),
    starts_at: LocalTime,
    ends_at: LocalTime,
    rrule: z.string().nullable().meta({ description: 'RFC 5545 recurrence (FREQ=WEEKLY;BYDAY=SU); null: once.' }),
    monitor_ids: z.array(z.string()),
    status_page_id: z.string().nullable(),
    mode: z.enum(MAINTENANCE_MODES).meta({ description: 'mute_alerts: checks run, no alerts; pause_checks: no checks.' }),
    next_occurrences: z.array(z.object({ starts_at: Timestamp, ends_at: Timestamp })),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: 'MaintenanceWindow' });
export type V1MaintenanceWindow = z.output<typeof V1MaintenanceWindow>;

export const V1MaintenanceWindowList = z.object({ data: z.array(V1MaintenanceWindow) }).meta({ id: 'MaintenanceWindowList' });
export type V1MaintenanceWindowList = z.output<typeof V1MaintenanceWindowList>;

export const V1StatusPage = z
  .object({
    id: z.string(),
    name: z.string().meta({ example: 'Acme status' }),
    slug: z.string().meta({ example: 'acme' }),
    url: z.string().meta({ description: 'The public address of the page.', example: 'https://upwatch.example/status/acme' }),
    description: z.string().nullable(),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: 'StatusPage' });
export type V1StatusPage = z.output<typeof V1StatusPage>;

export const V1StatusPageList = z.object({ data: z.array(V1StatusPage) }).meta({ id: 'StatusPageList' });
export type V1StatusPageList = z.output<typeof V1StatusPageList>;

/** Every error of /api/v1 (RFC 9457), keeping the app's `detail` and `code` (docs/api.md "Errors"). */
export const V1Problem = z
  .object({
    type: z.string().meta({ description: 'about:blank: the status code says it all; see title.', example: 'about:blank' }),
    title: z.string().meta({ example: 'Bad Request' }),
    status: z.number().int().meta({ example: 400 }),
    detail: z.string().meta({ example: 'limit must be at most 100' }),
    code: z.string().meta({ example: 'VALIDATION_FAILED' }),
    errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: 'Problem' });
export type V1Problem = z.output<typeof V1Problem>;

/** The API key making the request (`GET /api/v1/api-key`): which key, and for which workspace. */
export const V1ApiKey = z
  .object({
    id: z.string(),
    name: z.string(),
    prefix: z.string().meta({ description: 'The first characters of the secret, as Settings -> API shows them.' }),
    scope: z.enum(['read', 'write']),
    expires_at: z.string().nullable(),
    workspace_id: z.string(),
  })
  .meta({ id: 'ApiKey' });

/** A force check's outcome (`POST /api/v1/monitors/force-check`): the monitors checked now and how their rounds ended. */
export const V1ForceCheckResult = z
  .object({
    total: z.number().int(),
    successful: z.number().int().meta({ description: 'Checks whose round was decided before the answer.' }),
    failed: z.number().int().meta({ description: 'Checks still undecided when the call had to answer.' }),
    up: z.number().int(),
    down: z.number().int(),
  })
  .meta({ id: 'ForceCheckResult' });
