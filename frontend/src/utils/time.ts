/**
 * Time display rules of docs/product-rules.md "Display rules": relative times ("Just now" under a minute, then minutes, hours and
 * days up to 30 days, then a date), shown in the user's timezone, else the browser's, else UTC.
 * The zone comes from `display-timezone` (set by the session); a caller may still name one.
 *
 * The product's first description read "under 60 s Just now, then seconds, minutes, hours, days": a time under 60 s cannot
 * be both "Just now" and "N seconds ago". We keep the seconds step that description lists ("45 seconds
 * ago", what uptime tools show for a check that just ran) and read "Just now" as the first
 * moments of it: under `JUST_NOW_SECONDS`. Then whole minutes, hours and days.
 */
import { displayTimeZone } from './display-timezone';
import { countOf } from '@shared/texts.js';

export { displayTimeZone, setDisplayTimeZone } from './display-timezone';

/** Under this many seconds a time reads "Just now"; from it until a minute, "N seconds ago". */
export const JUST_NOW_SECONDS = 10;
const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const RELATIVE_LIMIT = 30 * DAY;

/** The date alone, e.g. "Mar 4, 2025", in the display timezone. */
export const formatDate = (iso: string, timeZone?: string | null): string => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: displayTimeZone(timeZone) }).format(date);
};

const ago = (count: number, unit: string): string => `${countOf(count, unit)} ago`;

/** The full timestamp, e.g. "Mar 4, 2025, 2:05:09 PM UTC". */
export const formatTimestamp = (iso: string, timeZone?: string | null): string => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat('en-US', {
    dateStyle: 'medium',
    timeStyle: 'long',
    timeZone: displayTimeZone(timeZone),
  }).format(date);
};

/** "Just now", "45 seconds ago", "5 minutes ago", "3 hours ago", "2 days ago"; a date beyond 30 days. */
export const relativeTime = (iso: string, now: number = Date.now(), timeZone?: string | null): string => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  // A timestamp slightly in the future (clock skew between us and the server) still reads "Just now".
  const seconds = Math.max(0, Math.floor((now - date.getTime()) / 1000));
  if (seconds < JUST_NOW_SECONDS) return 'Just now';
  if (seconds < MINUTE) return ago(seconds, 'second');
  if (seconds < HOUR) return ago(Math.floor(seconds / MINUTE), 'minute');
  if (seconds < DAY) return ago(Math.floor(seconds / HOUR), 'hour');
  if (seconds <= RELATIVE_LIMIT) return ago(Math.floor(seconds / DAY), 'day');
  return formatDate(iso, timeZone);
};
