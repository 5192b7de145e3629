import { randomBytes } from 'node:crypto';
import { badgePath, type BadgeLinks, type BadgeLinksView } from '../../../shared/badges/badges.js';
import { AppError, notFound } from '../../../shared/errors.js';
import { getBadgeToken, replaceBadgeToken } from '../../repositories/badge-repository.js';
import { config } from '../../config.js';
import type { CallerContext } from '../context.js';

/**
 * The owner's side of badges (docs/status-pages.md "Badges"): the links of one of their monitors,
 * and creating or rotating them. Another user's monitor is a 404, as everywhere.
 */

/** A badge token: 32 random bytes, base64url (43 characters); unguessable and unrelated to the monitor id. */
export const newBadgeToken = (): string => randomBytes(32).toString('base64url');

/** Both badge addresses of a token, on the API's origin (APP_URL, as a heartbeat's push URL). */
export const badgeLinksOf = (token: string): BadgeLinks => ({
  status_url: `${config().appUrl}${badgePath(token, 'status')}`,
  uptime_url: `${config().appUrl}${badgePath(token, 'uptime')}`,
});

/** GET /api/monitors/{id}/badge-links: the links, or null before the owner created them. */
export const getBadgeLinks = async ({ ctx, monitorId }: { ctx: CallerContext; monitorId: string }): Promise<BadgeLinksView> => {
  const token = await getBadgeToken(ctx.workspaceId, monitorId);
  if (token === null) throw notFound('Monitor');
  return { links: token ? badgeLinksOf(token) : null };
};

/** Tries before giving up when other requests keep changing the same monitor's token. */
const ATTEMPTS = 3;

/**
 * POST /api/monitors/{id}/badge-links: a new token, whether the monitor had one or not. The old
 * token's lookup is deleted in the same transaction, so its links answer "not found" from then on.
 */
export const createBadgeLinks = async ({ ctx, monitorId }: { ctx: CallerContext; monitorId: string }): Promise<BadgeLinksView> => {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const current = await getBadgeToken(ctx.workspaceId, monitorId);
    if (current === null) throw notFound('Monitor');
    const next = newBadgeToken();
    const outcome = await replaceBadgeToken({ userId: ctx.workspaceId, monitorId, current, next });
    if (outcome === 'gone') throw notFound('Monitor');
    if (outcome === 'set') return { links: badgeLinksOf(next) };
  }
  throw new AppError('CONFLICT', 'The badge links were changed at the same time; please try again');
};
