import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { getBadgeLinks } from '../../services/badges/badge-links.js';
import { monitorIdFrom } from '../monitor-id.js';

/** The monitor's badge links for its page (docs/status-pages.md "Badges"); null before they are created. */
export const handler = apiHandler(null, async ({ ctx, pathParameters }) => ok(await getBadgeLinks({ ctx, monitorId: monitorIdFrom(pathParameters) })));
