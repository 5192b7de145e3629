import useSWRInfinite from 'swr/infinite';
import type { SubscriberList } from '@shared/status-pages/subscribers.js';
import { apiPath, callApi } from '@/lib/api-client';

/** The SWR key of a page of a status page's subscribers: the list's path and the cursor it starts at. */
type SubscribersKey = readonly [path: string, cursor: string | null];

/** GET /api/status-pages/{id}/subscribers: newest first, from `cursor` (docs/status-pages.md "Subscribers"). */
export const getSubscribers = (pageId: string, cursor: string | null): Promise<SubscriberList> =>
  callApi('listStatusPageSubscribers', { params: { id: pageId }, query: cursor ? { cursor } : {} });

/**
 * A page's subscribers as the owner reads them: the first page at once, each further one by "Load
 * more" (the previous answer's `next_cursor`). Keyed by the list's path, so revalidating it
 * (after a removal) reads every loaded page again.
 */
export const useSubscribers = (pageId: string) =>
  useSWRInfinite<SubscriberList, Error, (index: number, previous: SubscriberList | null) => SubscribersKey | null>(
    (index, previous) => {
      if (index > 0 && !previous?.next_cursor) return null;
      return [apiPath('listStatusPageSubscribers', { id: pageId }), index === 0 ? null : (previous?.next_cursor ?? null)];
    },
    ([, cursor]) => getSubscribers(pageId, cursor),
    { revalidateFirstPage: true },
  );
