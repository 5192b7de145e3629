import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { regenerateHeartbeatUrl } from '../../services/monitors/regenerate-heartbeat-url.js';
import { monitorIdFrom } from '../monitor-id.js';

/** A new push URL for a heartbeat monitor; the old one stops at once (docs/checks.md "Heartbeat monitors"). */
export const handler = apiHandler(null, async ({ ctx, pathParameters }) => ok(await regenerateHeartbeatUrl({ ctx, monitorId: monitorIdFrom(pathParameters) })));
