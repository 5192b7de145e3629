import { MonitorAnalyticsQuery } from '../../../shared/insights/analytics.js';
import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { getMonitorAnalytics } from '../../services/insights/get-monitor-analytics.js';
import { monitorIdFrom } from '../monitor-id.js';

export const handler = apiHandler({ query: MonitorAnalyticsQuery }, async ({ ctx, query, pathParameters }) =>
  ok(await getMonitorAnalytics({ ctx, monitorId: monitorIdFrom(pathParameters), query })));
