/**
 * The public API's monitor operations (docs/api.md "Monitors"): the app's monitor services, acting
 * in `ctx.workspaceId`, with their answers mapped to the v1 shapes. No rule of their own.
 */
import type { V1CheckList, V1ListQuery, V1Monitor, V1MonitorPage, V1Uptime } from '../../../shared/api/v1/schemas.js';
import { notFound } from '../../../shared/errors.js';
import type { CreateMonitorInput, UpdateMonitorInput } from '../../../shared/monitors/schemas.js';
import { getUserMonitor, listUserMonitors } from '../../repositories/monitor-read-repository.js';
import type { CallerContext } from '../context.js';
import { getMonitorDetails } from '../insights/get-monitor-details.js';
import { createMonitor } from '../monitors/create-monitor.js';
import { deleteMonitor } from '../monitors/delete-monitor.js';
import { updateMonitor } from '../monitors/update-monitor.js';
import { cursorPage } from './cursor-page.js';
import { toV1Check, toV1Monitor, toV1Uptime } from './mappers.js';

export const listV1Monitors = async ({ ctx, query }: { ctx: CallerContext; query: V1ListQuery }): Promise<V1MonitorPage> => {
  const page = cursorPage(await listUserMonitors(ctx.workspaceId), query);
  return { data: page.data.map(toV1Monitor), next_cursor: page.next_cursor };
};

export const getV1Monitor = async ({ ctx, monitorId }: { ctx: CallerContext; monitorId: string }): Promise<V1Monitor> => {
  const monitor = await getUserMonitor(ctx.workspaceId, monitorId);
  if (!monitor) throw notFound('Monitor');
  return toV1Monitor(monitor);
};

export const createV1Monitor = async ({ ctx, input }: { ctx: CallerContext; input: CreateMonitorInput }): Promise<V1Monitor> =>
  toV1Monitor(await createMonitor({ ctx, input }));

export const updateV1Monitor = async ({ ctx, monitorId, input }: { ctx: CallerContext; monitorId: string; input: UpdateMonitorInput }): Promise<V1Monitor> =>
  toV1Monitor(await updateMonitor({ ctx, monitorId, input }));

/** Pause and resume are the app's status change (docs/checks.md "Pausing, deleting, disabling"). */
export const setV1MonitorStatus = ({ ctx, monitorId, status }: { ctx: CallerContext; monitorId: string; status: 'active' | 'paused' }): Promise<V1Monitor> =>
  updateV1Monitor({ ctx, monitorId, input: { status } });

export const deleteV1Monitor = ({ ctx, monitorId }: { ctx: CallerContext; monitorId: string }): Promise<void> => deleteMonitor({ ctx, monitorId });

export const listV1MonitorChecks = async ({ ctx, monitorId }: { ctx: CallerContext; monitorId: string }): Promise<V1CheckList> => ({
  data: (await getMonitorDetails({ ctx, monitorId })).recent_checks.map(toV1Check),
});

export const getV1MonitorUptime = async ({ ctx, monitorId }: { ctx: CallerContext; monitorId: string }): Promise<V1Uptime> =>
  toV1Uptime(monitorId, (await getMonitorDetails({ ctx, monitorId })).uptime);
