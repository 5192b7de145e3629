import { notFound } from '../../../shared/errors.js';

/** A window id is a ULID; anything else names no window of the caller (404, like someone else's). */
const WINDOW_ID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

export const MAINTENANCE_WINDOW_NOT_FOUND = 'Maintenance window';

/** The `{id}` of a window route, or the 404 every unknown or foreign window gets. */
export const windowIdFrom = (pathParameters: Record<string, string>): string => {
  const id = pathParameters.id ?? '';
  if (!WINDOW_ID.test(id)) throw notFound(MAINTENANCE_WINDOW_NOT_FOUND);
  return id;
};
