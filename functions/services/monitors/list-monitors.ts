import type { ListMonitorsQuery, MonitorList } from '../../../shared/monitors/schemas.js';
import { listUserMonitors } from '../../repositories/monitor-read-repository.js';
import type { CallerContext } from '../context.js';
import { selectMonitorPage } from './monitor-list.js';

export const listMonitors = async ({ ctx, query }: { ctx: CallerContext; query: ListMonitorsQuery }): Promise<MonitorList> =>
  selectMonitorPage(await listUserMonitors(ctx.workspaceId), query);
