import type { ApiEvent } from './responses.js';

/**
 * One request header by its lower-case name. Payload format 2.0 lower-cases header names; a
 * hand-written event (a test, a local tool) may not, so any case is accepted.
 */
export const requestHeader = (event: ApiEvent, name: string): string | undefined => {
  const headers = event.headers ?? {};
  return headers[name] ?? Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
};
