import { SubscriberListQuery } from '../../../shared/status-pages/subscribers.js';
import { apiHandler } from '../../http/api-handler.js';
import { ok, type ApiResult } from '../../http/responses.js';
import { statusPageIdFrom } from '../../services/status-pages/page-id.js';
import { deleteSubscriberOfPage, exportSubscribersOfPage, listSubscribersOfPage } from '../../services/status-pages/subscribers/owner-subscribers.js';

/** GET /api/status-pages/{id}/subscribers: the owner's list, newest first, by cursor (docs/status-pages.md "Subscribers"). */
export const listHandler = apiHandler({ query: SubscriberListQuery }, async ({ ctx, query, pathParameters }) =>
  ok(await listSubscribersOfPage({ ctx, pageId: statusPageIdFrom(pathParameters), query })),
);

/** A CSV file the browser saves; `filename` is built from the page's slug (letters, digits, hyphens). */
const csvDownload = (filename: string, csv: string): ApiResult => ({
  statusCode: 200,
  headers: { 'content-type': 'text/csv; charset=utf-8', 'cache-control': 'no-store', 'content-disposition': `attachment; filename="${filename}"` },
  body: csv,
});

/** GET /api/status-pages/{id}/subscribers/export: every subscriber as CSV (email, status, components, created_at, confirmed_at). */
export const exportHandler = apiHandler(null, async ({ ctx, pathParameters }) => {
  const { filename, csv } = await exportSubscribersOfPage({ ctx, pageId: statusPageIdFrom(pathParameters) });
  return csvDownload(filename, csv);
});

/** DELETE /api/status-pages/{id}/subscribers/{subscriberId}: the owner removes one address. */
export const deleteHandler = apiHandler(null, async ({ ctx, pathParameters }) =>
  ok(await deleteSubscriberOfPage({ ctx, pageId: statusPageIdFrom(pathParameters), subscriberId: pathParameters.subscriberId ?? '' })),
);
