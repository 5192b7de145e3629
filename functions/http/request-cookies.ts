import { requestHeader } from './request-header.js';
import type { ApiEvent } from './responses.js';

/**
 * The request's cookies as one Cookie header. API Gateway's payload 2.0 moves them out of the
 * headers into `event.cookies` (the local gateway does the same); a hand-written event may still
 * carry the header.
 */
export const requestCookieHeader = (event: ApiEvent): string | undefined => {
  if (event.cookies?.length) return event.cookies.join('; ');
  return requestHeader(event, 'cookie');
};
