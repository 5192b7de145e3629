import { BadgeQuery } from '../../../shared/badges/badges.js';
import { publicApiHandler } from '../../http/api-handler.js';
import { cacheableSvg } from '../../http/cacheable-svg.js';
import { serveBadge, type BadgeKind } from '../../services/badges/serve-badge.js';

/**
 * A monitor's badge for a README (docs/status-pages.md "Badges"): public, the token in the path is
 * the authentication. An unknown or rotated token is a 404 with the grey "not found" badge, so a
 * README shows it rather than a broken image; a label over 40 characters is a 400.
 */
const badge = (kind: BadgeKind) =>
  publicApiHandler({ query: BadgeQuery }, async ({ query, pathParameters, event }) => {
    const served = await serveBadge({ token: pathParameters.token ?? '', kind, label: query.label });
    return cacheableSvg(event, served.found ? 200 : 404, served.svg);
  });

export const getStatusBadge = badge('status');
export const getUptimeBadge = badge('uptime');
