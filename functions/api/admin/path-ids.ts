import { notFound } from '../../../shared/errors.js';

/** A Cognito sub (a UUID) or anything id-like: what cannot be a user id is a user not found (404). */
const USER_ID = /^[\w-]{1,128}$/;
/** Application error and monitor ids are ULIDs. */
const ULID_ID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

export const userIdFrom = (pathParameters: Record<string, string>): string => {
  const id = pathParameters.id ?? '';
  if (!USER_ID.test(id)) throw notFound('User');
  return id;
};

/** Monitor ids are ULIDs too: anything else is a monitor not found. */
export const monitorIdFrom = (pathParameters: Record<string, string>): string => {
  const id = pathParameters.id ?? '';
  if (!ULID_ID.test(id)) throw notFound('Monitor');
  return id;
};

export const errorIdFrom = (pathParameters: Record<string, string>): string => {
  const id = pathParameters.id ?? '';
  if (!ULID_ID.test(id)) throw notFound('Error');
  return id;
};

/** Contact message ids are ULIDs too: anything else is a message not found. */
export const contactMessageIdFrom = (pathParameters: Record<string, string>): string => {
  const id = pathParameters.id ?? '';
  if (!ULID_ID.test(id)) throw notFound('Message');
  return id;
};
