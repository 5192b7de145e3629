/**
 * Dates and times on the public page, in UTC so every visitor and every cache sees the same words
 * (docs/status-pages.md "The public page"): "27 Nov 2026" and "27 Nov 2026, 14:05 UTC".
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const two = (value: number): string => String(value).padStart(2, '0');

/** `2026-11-27` (a bar's day) or an ISO time -> `27 Nov 2026`. */
export const formatDay = (isoDateOrTime: string): string => {
  const date = new Date(isoDateOrTime.length === 10 ? `${isoDateOrTime}T00:00:00Z` : isoDateOrTime);
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
};

/** An ISO time -> `27 Nov 2026, 14:05 UTC`. */
export const formatDateTime = (isoTime: string): string => {
  const date = new Date(isoTime);
  return `${formatDay(isoTime)}, ${two(date.getUTCHours())}:${two(date.getUTCMinutes())} UTC`;
};

/** An ISO time -> `14:05:09 UTC` (the "Updated" line, which moves every 30 s). */
export const formatClock = (isoTime: string): string => {
  const date = new Date(isoTime);
  return `${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())} UTC`;
};

/** An uptime share 0..100 -> `99.95%` (two decimals, trailing zeros dropped; never rounds up to 100). */
export const formatPercent = (value: number): string => {
  const floored = Math.floor(value * 100) / 100;
  return `${String(Number(floored.toFixed(2)))}%`;
};
