import { notFound } from '../../../shared/errors.js';
import type { StatusPageList, StatusPageView } from '../../../shared/status-pages/schemas.js';
import { tierOf } from '../../../shared/tiers.js';
import { getStatusPage, listStatusPages } from '../../repositories/status-page-repository.js';
import type { CallerContext } from '../context.js';
import { statusPageView } from './page-view.js';

/** GET /api/status-pages: the caller's pages, oldest first, and the plan's allowance (docs/status-pages.md "Plans"). */
export const listStatusPagesOfCaller = async ({ ctx }: { ctx: CallerContext }): Promise<StatusPageList> => {
  const pages = await listStatusPages(ctx.workspaceId);
  return { status_pages: pages.map(statusPageView), used: pages.length, limit: tierOf(ctx.account.subscription_tier).statusPageCap };
};

/** GET /api/status-pages/{id}: one of the caller's pages; another account's is a 404. */
export const getStatusPageOfCaller = async ({ ctx, pageId }: { ctx: CallerContext; pageId: string }): Promise<StatusPageView> => {
  const page = await getStatusPage(ctx.workspaceId, pageId);
  if (!page) throw notFound('Status page');
  return statusPageView(page);
};

/** A page as what covers "a whole page" reads it: its name and the monitors it shows now. */
export interface StatusPageCoverage {
  name: string;
  monitorIds: string[];
}

/**
 * The name and monitors of one of the user's pages, for what covers "a whole page" (a maintenance
 * window's `status_page_id`, docs/maintenance.md "What a window does"); null when the user has no such page.
 */
export const statusPageCoverage = async (userId: string, pageId: string): Promise<StatusPageCoverage | null> => {
  const page = await getStatusPage(userId, pageId);
  return page ? { name: page.name, monitorIds: page.components.map((component) => component.monitor_id) } : null;
};

/**
 * The monitors one of the user's pages shows, for what covers "a whole page" (a maintenance
 * window's `status_page_id`); null when the user has no such page.
 */
export const monitorIdsOfStatusPage = async (userId: string, pageId: string): Promise<string[] | null> =>
  (await statusPageCoverage(userId, pageId))?.monitorIds ?? null;
