import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { getV1StatusPage, listV1StatusPages } from '../../services/v1/status-pages.js';

/** The /api/v1/status-pages handlers (shared/api/v1/operations.ts). */
export const v1ListStatusPages = apiHandler(null, async ({ ctx }) => ok(await listV1StatusPages({ ctx })));

export const v1GetStatusPage = apiHandler(null, async ({ ctx, pathParameters }) => ok(await getV1StatusPage({ ctx, pageId: pathParameters.id ?? '' })));
