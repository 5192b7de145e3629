/**
 * The public API's status page reads (docs/api.md "Status pages"): the app's page services in
 * `ctx.workspaceId`, mapped to the v1 shape.
 */
import type { V1StatusPage, V1StatusPageList } from '../../../shared/api/v1/schemas.js';
import type { CallerContext } from '../context.js';
import { getStatusPageOfCaller, listStatusPagesOfCaller } from '../status-pages/list-status-pages.js';
import { toV1StatusPage } from './mappers.js';

export const listV1StatusPages = async ({ ctx }: { ctx: CallerContext }): Promise<V1StatusPageList> => ({
  data: (await listStatusPagesOfCaller({ ctx })).status_pages.map(toV1StatusPage),
});

export const getV1StatusPage = async ({ ctx, pageId }: { ctx: CallerContext; pageId: string }): Promise<V1StatusPage> =>
  toV1StatusPage(await getStatusPageOfCaller({ ctx, pageId }));
