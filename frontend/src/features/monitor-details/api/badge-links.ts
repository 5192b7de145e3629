import useSWR from 'swr';
import type { BadgeLinksView } from '@shared/badges/badges.js';
import { apiPath, callApi } from '@/lib/api-client';

export const badgeLinksPath = (id: string): string => apiPath('getBadgeLinks', { id });

/** GET /api/monitors/{id}/badge-links: the monitor's badge links, null before they are created (docs/status-pages.md "Badges"). */
export const useBadgeLinks = (id: string) => useSWR<BadgeLinksView, Error, string>(badgeLinksPath(id), () => callApi('getBadgeLinks', { params: { id } }));

/** POST /api/monitors/{id}/badge-links: new links; any old ones stop working at once. */
export const createBadgeLinks = (id: string): Promise<BadgeLinksView> => callApi('createBadgeLinks', { params: { id } });
