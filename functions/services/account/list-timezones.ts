import { DEFAULT_TIMEZONE, timezoneOptions, type TimezoneList } from '../../../shared/account/timezones.js';
import type { CallerContext } from '../context.js';

/** Every zone with its offset right now, and the caller's saved zone (UTC until they choose one). */
export const listTimezones = async ({ ctx }: { ctx: CallerContext }): Promise<TimezoneList> => {
  return { common_timezones: timezoneOptions(new Date()), current_timezone: ctx.profile.timezone ?? DEFAULT_TIMEZONE };
};
