import { notFound } from '../../../shared/errors.js';

/** A status page id is a ULID; anything else names no page of the caller (404, like someone else's). */
const PAGE_ID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/** True for text shaped like a page id; anything else names no page (a window's `status_page_id` too). */
export const isStatusPageId = (id: string): boolean => PAGE_ID.test(id);

export const statusPageIdFrom = (pathParameters: Record<string, string>): string => {
  const id = pathParameters.id ?? '';
  if (!PAGE_ID.test(id)) throw notFound('Status page');
  return id;
};
