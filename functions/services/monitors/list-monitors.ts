import type { ListMonitorsQuery, MonitorList } from '../../../shared/monitors/schemas.js';
import { listUserMonitors } from '../../repositories/monitor-read-repository.js';
import type { AuthContext } from '../context.js';
import { selectMonitorPage } from './monitor-list.js';

export const listMonitors = async ({ ctx, query }: { ctx: AuthContext; query: ListMonitorsQuery }): Promise<MonitorList> =>
  selectMonitorPage(await listUserMonitors(ctx.userId), query);
