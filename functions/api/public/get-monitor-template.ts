import { MonitorTemplateQuery } from '../../../shared/monitors/bulk-upload.js';
import { publicApiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { getMonitorTemplate } from '../../services/public/get-monitor-template.js';

export const handler = publicApiHandler({ query: MonitorTemplateQuery }, async ({ query }) => ok(getMonitorTemplate(query.tier)));
