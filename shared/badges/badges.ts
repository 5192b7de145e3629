import { z } from 'zod';
import type { MonitorDisplayState } from '../monitors/schemas.js';
import type { BadgeParts } from './badge-svg.js';

/**
 * What each badge says and in which colour (docs/status-pages.md "Badges"): the status badge names
 * the monitor's state as its page shows it, the uptime badge the same 30-day figure as its page.
 */

/** The colours, as READMEs know them from other badges. */
export const BADGE_COLORS = {
  brightGreen: '#4c1',
  green: '#97ca00',
  yellow: '#dfb317',
  orange: '#fe7d37',
  red: '#e05d44',
  grey: '#9f9f9f',
} as const;

/** A label is the monitor's name or the `label` query parameter, at most this many characters. */
export const BADGE_LABEL_MAX = 40;

/** The uptime badge's label when none is asked for. */
export const UPTIME_BADGE_LABEL = 'uptime 30d';

const STATUS_BADGES: Record<MonitorDisplayState, { message: string; color: string }> = {
  online: { message: 'up', color: BADGE_COLORS.brightGreen },
  offline: { message: 'down', color: BADGE_COLORS.red },
  degraded: { message: 'degraded', color: BADGE_COLORS.yellow },
  paused: { message: 'paused', color: BADGE_COLORS.grey },
  pending: { message: 'pending', color: BADGE_COLORS.grey },
};

/** The status badge's message and colour for a monitor's state (shared/monitors/schemas.ts `displayState`). */
export const statusBadge = (state: MonitorDisplayState): { message: string; color: string } => STATUS_BADGES[state];

/**
 * Uptime thresholds, highest first: at least 99.9% bright green, 99% green, 95% yellow, 90% orange,
 * below that red. A month at 99.9% is about 43 minutes down; at 99%, about 7 hours.
 */
export const UPTIME_THRESHOLDS: readonly { atLeast: number; color: string }[] = [
  { atLeast: 99.9, color: BADGE_COLORS.brightGreen },
  { atLeast: 99, color: BADGE_COLORS.green },
  { atLeast: 95, color: BADGE_COLORS.yellow },
  { atLeast: 90, color: BADGE_COLORS.orange },
  { atLeast: 0, color: BADGE_COLORS.red },
];

/**
 * The uptime badge's message and colour for a percentage as the monitor page has it (two decimals,
 * shown without trailing zeros: "100%", "99.5%", "99.95%"); "no data" in grey when the 30 days hold
 * no check, never an invented 100%.
 */
export const uptimeBadge = (percent: number | null): { message: string; color: string } => {
  if (percent === null || !Number.isFinite(percent)) return { message: 'no data', color: BADGE_COLORS.grey };
  const color = UPTIME_THRESHOLDS.find((threshold) => percent >= threshold.atLeast)?.color ?? BADGE_COLORS.red;
  return { message: `${Number(percent.toFixed(2))}%`, color };
};

/** The small grey badge of an unknown or rotated link. */
export const NOT_FOUND_BADGE: BadgeParts = { label: 'badge', message: 'not found', color: BADGE_COLORS.grey };

/** A monitor name longer than a label may be is cut, with an ellipsis, to BADGE_LABEL_MAX characters. */
export const labelFromName = (name: string): string => {
  const characters = [...name.replace(/\s+/g, ' ').trim()];
  return characters.length <= BADGE_LABEL_MAX ? characters.join('') : `${characters.slice(0, BADGE_LABEL_MAX - 1).join('')}…`;
};

/** The badge routes' query: an optional `label` (an empty one is as none). */
export const BadgeQuery = z.object({
  label: z
    .string()
    .trim()
    .max(BADGE_LABEL_MAX, `label must be at most ${BADGE_LABEL_MAX} characters`)
    .optional()
    .transform((label) => label || undefined),
});
export type BadgeQuery = z.output<typeof BadgeQuery>;

/** A monitor's two badge addresses, with the secret token in them (GET and POST /api/monitors/{id}/badge-links). */
export interface BadgeLinks {
  status_url: string;
  uptime_url: string;
}

/** What the monitor page reads: the links, or null before the owner has created them. */
export interface BadgeLinksView {
  links: BadgeLinks | null;
}

/** A badge token is 32 random bytes in base64url (43 characters); anything else is no monitor's. */
export const BADGE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The public path of one of a token's badges. */
export const badgePath = (token: string, kind: 'status' | 'uptime'): string => `/api/public/badges/${token}/${kind}.svg`;
