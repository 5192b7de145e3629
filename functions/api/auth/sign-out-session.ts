import { notFound } from '../../../shared/errors.js';
import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { signOutSession } from '../../services/auth/sessions.js';

/** A session id is a ULID; anything else names no session (404). */
const SESSION_ID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

export const handler = apiHandler(null, async ({ ctx, pathParameters }) => {
  const id = pathParameters.id ?? '';
  if (!SESSION_ID.test(id)) throw notFound('Session');
  return ok(await signOutSession(ctx, id));
});
