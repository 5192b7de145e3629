/**
 * The display timezone (docs/product-rules.md "Display rules"): times are shown in the user's timezone, else the browser's,
 * else UTC. The session sets the user's zone here whenever the user data changes, so the time
 * helpers read it from this one place and their callers need not pass it around.
 */
export const FALLBACK_TIME_ZONE = 'UTC';

export const isValidTimeZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

let userTimeZone: string | null = null;

/** Called by the session with the signed-in user's saved zone (null when none, or when signed out). */
export const setDisplayTimeZone = (zone: string | null | undefined): void => {
  userTimeZone = zone && isValidTimeZone(zone) ? zone : null;
};

const browserTimeZone = (): string | null => {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && isValidTimeZone(zone) ? zone : null;
  } catch {
    return null;
  }
};

/**
 * The zone to show times in: `zone` when the caller names a real one (the Settings page previews
 * the zone being chosen), else the user's, else the browser's, else UTC.
 */
export const displayTimeZone = (zone?: string | null): string => {
  if (zone && isValidTimeZone(zone)) return zone;
  return userTimeZone ?? browserTimeZone() ?? FALLBACK_TIME_ZONE;
};
