import { unauthorized } from '../../shared/errors.js';
import { getUserProfile } from '../repositories/user-repository.js';
import type { AuthContext } from '../services/context.js';
import { recordApplicationError } from '../services/operations/record-application-error.js';
import { errorResponse, type ApiResult } from './responses.js';

/**
 * The second half of the `admin` access check (the first is the group claim, area-handler.ts): the
 * operator's account must still exist and be active. A valid admin token of a deleted account is an
 * auth anomaly and is recorded. Null when the caller may go on.
 */
export const refuseGoneOrInactiveAdmin = async (caller: AuthContext): Promise<ApiResult | null> => {
  const profile = await getUserProfile(caller.userId);
  if (profile?.is_active) return null;
  await recordApplicationError({
    type: 'auth_error',
    message: profile ? 'Admin token of a deactivated account refused' : 'Admin token of a deleted account refused',
    context: { reason: profile ? 'inactive' : 'no_profile' },
    userId: caller.userId,
  });
  return errorResponse(unauthorized('Session is no longer valid'));
};
