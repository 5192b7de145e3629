import { renderBadge } from '../../../shared/badges/badge-svg.js';
import {
  BADGE_TOKEN_PATTERN,
  labelFromName,
  NOT_FOUND_BADGE,
  statusBadge,
  UPTIME_BADGE_LABEL,
  uptimeBadge,
} from '../../../shared/badges/badges.js';
import { displayState } from '../../../shared/monitors/schemas.js';
import { deleteBadgeLookup, findBadgeMonitor } from '../../repositories/badge-repository.js';
import { getUserMonitor } from '../../repositories/monitor-read-repository.js';
import { thirtyDayUptime } from '../insights/thirty-day-uptime.js';

export type BadgeKind = 'status' | 'uptime';

export interface ServedBadge {
  found: boolean;
  svg: string;
}

const notFoundBadge = (): ServedBadge => ({ found: false, svg: renderBadge(NOT_FOUND_BADGE) });

/** A lookup whose monitor is gone (deleted while its token was being rotated) is removed, then answered as unknown. */
const forgotten = async (token: string): Promise<ServedBadge> => {
  await deleteBadgeLookup(token);
  return notFoundBadge();
};

/**
 * One of a monitor's badges by its token (GET /api/public/badges/{token}/status.svg and
 * uptime.svg; docs/status-pages.md "Badges"). The status badge says what the monitor's page says
 * (`displayState`), the uptime badge its 30-day figure. An unknown, malformed or rotated token, or
 * a deleted monitor, is the grey "not found" badge, one answer for all.
 */
export const serveBadge = async ({
  token,
  kind,
  label,
  now = new Date(),
}: {
  token: string;
  kind: BadgeKind;
  label?: string | undefined;
  now?: Date;
}): Promise<ServedBadge> => {
  if (!BADGE_TOKEN_PATTERN.test(token)) return notFoundBadge();
  const found = await findBadgeMonitor(token);
  if (!found) return notFoundBadge();
  if (kind === 'uptime') {
    const uptime = await thirtyDayUptime(found.userId, found.monitorId, now);
    if (!uptime) return forgotten(token);
    return { found: true, svg: renderBadge({ label: label ?? UPTIME_BADGE_LABEL, ...uptimeBadge(uptime.percent) }) };
  }
  const monitor = await getUserMonitor(found.userId, found.monitorId);
  if (!monitor) return forgotten(token);
  return { found: true, svg: renderBadge({ label: label ?? labelFromName(monitor.name), ...statusBadge(displayState(monitor)) }) };
};
