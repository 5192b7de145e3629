import { notFound } from '../../../shared/errors.js';

/** A member is named by their user id (a Cognito sub); anything else names nobody in the workspace (404). */
const USER_ID = /^[A-Za-z0-9-]{1,64}$/;

/** An invitation id is a ULID. */
const INVITATION_ID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

export const memberIdFrom = (pathParameters: Record<string, string>): string => {
  const id = pathParameters.id ?? '';
  if (!USER_ID.test(id)) throw notFound('Member');
  return id;
};

export const invitationIdFrom = (pathParameters: Record<string, string>): string => {
  const id = pathParameters.id ?? '';
  if (!INVITATION_ID.test(id)) throw notFound('Invitation');
  return id;
};
