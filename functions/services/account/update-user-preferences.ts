import type { UpdateUserPreferencesInput, UserPreferences } from '../../../shared/account/timezones.js';
import { setUserTimezone } from '../../repositories/user-repository.js';
import { sessionNoLongerValid } from '../auth/auth-errors.js';
import type { AuthContext } from '../context.js';

/** Saves the display timezone (already checked and resolved by the input schema) on the profile. */
export const updateUserPreferences = async ({
  ctx,
  input,
}: {
  ctx: AuthContext;
  input: UpdateUserPreferencesInput;
}): Promise<UserPreferences> => {
  // The profile may vanish between the two calls (account deleted): same answer as a read would give.
  if (!(await setUserTimezone(ctx.userId, input.timezone))) throw sessionNoLongerValid();
  return { timezone: input.timezone };
};
