import type { AlertDigest, ChannelAlert } from '../../../../shared/alerts/events.js';
import { durationInWords } from '../../../../shared/checks/incident-details.js';

/**
 * The parts every storm digest is built from (docs/alerts.md "Storms and pacing"), so each channel
 * says the same: the headline, then a group per kind of change ("Down", "Back up", "Other
 * alerts"), each a list of monitors with what happened and a link. A chat message shows the first
 * DIGEST_LIST_MAX of all and says how many more there are.
 */

/** At most this many monitors are listed in one chat message; the rest are counted. */
export const DIGEST_LIST_MAX = 25;

export interface DigestItem {
  name: string;
  /** What happened, in a few words: the incident's title, or how long it was down. */
  detail: string;
  url: string;
}

export interface DigestGroup {
  /** "Down (12)". */
  title: string;
  items: DigestItem[];
}

const itemOf = (alert: ChannelAlert): DigestItem => {
  const lasted = alert.incident.duration_seconds;
  const detail =
    alert.transition === 'up' || alert.transition === 'slow_resolved'
      ? lasted === null
        ? alert.headline
        : `${alert.transition === 'up' ? 'back up after' : 'fast again after'} ${durationInWords(lasted)}`
      : alert.incident.title;
  return { name: alert.monitor.name, detail, url: alert.links.incident };
};

/** The digest's groups, in order, with at most `max` items in all (the first ones that joined). */
export const digestGroups = (digest: AlertDigest, max = DIGEST_LIST_MAX): DigestGroup[] => {
  let room = max;
  const groups: DigestGroup[] = [];
  for (const [label, alerts] of [
    ['Down', digest.down],
    ['Back up', digest.up],
    ['Other alerts', digest.other],
  ] as const) {
    if (!alerts.length) continue;
    const shown = alerts.slice(0, Math.max(room, 0));
    room -= shown.length;
    groups.push({ title: `${label} (${alerts.length})`, items: shown.map(itemOf) });
  }
  return groups;
};

/** How many monitors the digest names in all. */
export const digestSize = (digest: AlertDigest): number => digest.down.length + digest.up.length + digest.other.length;

/** "and 12 more" under a list cut at `max`, or null when everything is listed. */
export const digestMoreLine = (digest: AlertDigest, max = DIGEST_LIST_MAX): string | null => {
  const more = digestSize(digest) - max;
  return more > 0 ? `and ${more} more: see them all in Upwatch` : null;
};

/** The digest's one paragraph: why one message tells about many. */
export const DIGEST_NOTICE = 'Many monitors changed at once, so they are told together in this one message.';
