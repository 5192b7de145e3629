import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { createBadgeLinks } from '../../services/badges/badge-links.js';
import { monitorIdFrom } from '../monitor-id.js';

/** Creates the monitor's badge links, or rotates them: the old ones stop working at once (docs/status-pages.md "Badges"). */
export const handler = apiHandler(null, async ({ ctx, pathParameters }) => ok(await createBadgeLinks({ ctx, monitorId: monitorIdFrom(pathParameters) })));
