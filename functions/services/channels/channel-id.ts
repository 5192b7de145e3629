import { notFound } from '../../../shared/errors.js';

/** A channel id is a ULID; anything else names no channel of the caller (404, like someone else's). */
const CHANNEL_ID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

export const channelIdFrom = (pathParameters: Record<string, string>): string => {
  const id = pathParameters.id ?? '';
  if (!CHANNEL_ID.test(id)) throw notFound('Channel');
  return id;
};
