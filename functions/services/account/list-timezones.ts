import { DEFAULT_TIMEZONE, timezoneOptions, type TimezoneList } from '../../../shared/account/timezones.js';
import { requireActiveProfile } from '../auth/current-user.js';
import type { AuthContext } from '../context.js';

/** Every zone with its offset right now, and the caller's saved zone (UTC until they choose one). */
export const listTimezones = async ({ ctx }: { ctx: AuthContext }): Promise<TimezoneList> => {
  const profile = await requireActiveProfile(ctx);
  return { common_timezones: timezoneOptions(new Date()), current_timezone: profile.timezone ?? DEFAULT_TIMEZONE };
};
