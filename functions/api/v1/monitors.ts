import { V1ListQuery } from '../../../shared/api/v1/schemas.js';
import { V1_OPERATIONS } from '../../../shared/api/v1/operations.js';
import { apiHandler } from '../../http/api-handler.js';
import { created, ok } from '../../http/responses.js';
import {
  createV1Monitor,
  deleteV1Monitor,
  getV1MonitorUptime,
  getV1Monitor,
  listV1MonitorChecks,
  listV1Monitors,
  setV1MonitorStatus,
  updateV1Monitor,
} from '../../services/v1/monitors.js';
import { monitorIdFrom } from '../monitor-id.js';
import { noContent } from './responses.js';

/** The /api/v1/monitors handlers; inputs are the operation table's schemas (shared/api/v1/operations.ts). */
export const v1ListMonitors = apiHandler({ query: V1ListQuery }, async ({ ctx, query }) => ok(await listV1Monitors({ ctx, query })));

export const v1CreateMonitor = apiHandler(V1_OPERATIONS.v1CreateMonitor.body, async ({ ctx, body }) =>
  created(await createV1Monitor({ ctx, input: body })));

export const v1GetMonitor = apiHandler(null, async ({ ctx, pathParameters }) =>
  ok(await getV1Monitor({ ctx, monitorId: monitorIdFrom(pathParameters) })));

export const v1UpdateMonitor = apiHandler(V1_OPERATIONS.v1UpdateMonitor.body, async ({ ctx, body, pathParameters }) =>
  ok(await updateV1Monitor({ ctx, monitorId: monitorIdFrom(pathParameters), input: body })));

export const v1DeleteMonitor = apiHandler(null, async ({ ctx, pathParameters }) => {
  await deleteV1Monitor({ ctx, monitorId: monitorIdFrom(pathParameters) });
  return noContent();
});

export const v1PauseMonitor = apiHandler(null, async ({ ctx, pathParameters }) =>
  ok(await setV1MonitorStatus({ ctx, monitorId: monitorIdFrom(pathParameters), status: 'paused' })));

export const v1ResumeMonitor = apiHandler(null, async ({ ctx, pathParameters }) =>
  ok(await setV1MonitorStatus({ ctx, monitorId: monitorIdFrom(pathParameters), status: 'active' })));

export const v1ListMonitorChecks = apiHandler(null, async ({ ctx, pathParameters }) =>
  ok(await listV1MonitorChecks({ ctx, monitorId: monitorIdFrom(pathParameters) })));

export const v1GetMonitorUptime = apiHandler(null, async ({ ctx, pathParameters }) =>
  ok(await getV1MonitorUptime({ ctx, monitorId: monitorIdFrom(pathParameters) })));
