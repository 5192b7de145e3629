import type { z } from 'zod';
import { notFound } from '../../../../shared/errors.js';
import type { SubscriberListQuery, SubscriberList, SubscriberView } from '../../../../shared/status-pages/subscribers.js';
import { getStatusPage, type StoredStatusPage } from '../../../repositories/status-page-repository.js';
import {
  getSubscriberCounts,
  isSubscriberCursor,
  listSubscribers,
  removeSubscriber,
  type StoredSubscriber,
} from '../../../repositories/status-subscriber-repository.js';
import type { CallerContext } from '../../context.js';
import { subscribersCsv } from './subscribers-csv.js';

/**
 * The owner's side of a page's subscribers (docs/status-pages.md "Subscribers", "The owner"): the
 * list, the CSV export and removing one. Another account's page, or a page id that is none, is a
 * 404 "Status page not found", like every other account's item.
 */

const LIST_DEFAULT_LIMIT = 50;
/** Subscribers read per Query while exporting: a page holds at most SUBSCRIBER_LIMITS.perPageMax. */
const EXPORT_BATCH = 1000;
const SUBSCRIBER_ID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

const ownPage = async (ctx: CallerContext, pageId: string): Promise<StoredStatusPage> => {
  const page = await getStatusPage(ctx.workspaceId, pageId);
  if (!page) throw notFound('Status page');
  return page;
};

export const subscriberView = (subscriber: StoredSubscriber): SubscriberView => ({
  id: subscriber.id,
  email: subscriber.email,
  status: subscriber.status,
  component_ids: subscriber.componentIds,
  created_at: subscriber.createdAt,
  confirmed_at: subscriber.confirmedAt,
});

/** GET /api/status-pages/{id}/subscribers: newest first, a page at a time, with the page's counts. */
export const listSubscribersOfPage = async (opts: {
  ctx: CallerContext;
  pageId: string;
  query: z.output<typeof SubscriberListQuery>;
}): Promise<SubscriberList> => {
  const page = await ownPage(opts.ctx, opts.pageId);
  // A cursor that is not one we hand out starts from the top rather than failing the screen.
  const cursor = opts.query.cursor && isSubscriberCursor(opts.query.cursor) ? opts.query.cursor : undefined;
  const [listed, counts] = await Promise.all([
    listSubscribers(page.id, { cursor, limit: opts.query.limit ?? LIST_DEFAULT_LIMIT }),
    getSubscriberCounts(page.id),
  ]);
  return {
    subscribers: listed.subscribers.map(subscriberView),
    next_cursor: listed.nextCursor,
    confirmed: counts.confirmed,
    pending: counts.pending,
  };
};

/** GET /api/status-pages/{id}/subscribers/export: every subscriber, newest first, as CSV; and the file's name. */
export const exportSubscribersOfPage = async (opts: { ctx: CallerContext; pageId: string }): Promise<{ filename: string; csv: string }> => {
  const page = await ownPage(opts.ctx, opts.pageId);
  const subscribers: StoredSubscriber[] = [];
  let cursor: string | undefined;
  do {
    const listed = await listSubscribers(page.id, { cursor, limit: EXPORT_BATCH });
    subscribers.push(...listed.subscribers);
    cursor = listed.nextCursor ?? undefined;
  } while (cursor);
  return { filename: `${page.slug}-subscribers.csv`, csv: subscribersCsv(page, subscribers) };
};

/** DELETE /api/status-pages/{id}/subscribers/{subscriberId}: the address gets nothing more; 404 when it is not on the page. */
export const deleteSubscriberOfPage = async (opts: { ctx: CallerContext; pageId: string; subscriberId: string }): Promise<{ message: string }> => {
  const page = await ownPage(opts.ctx, opts.pageId);
  const removed = SUBSCRIBER_ID.test(opts.subscriberId) ? await removeSubscriber(page.id, opts.subscriberId) : null;
  if (!removed) throw notFound('Subscriber');
  return { message: 'Subscriber removed' };
};
