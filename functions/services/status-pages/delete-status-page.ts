import { notFound } from '../../../shared/errors.js';
import { deleteStatusPage, getStatusPage } from '../../repositories/status-page-repository.js';
import { eraseSubscribersOfPage } from '../../repositories/status-subscriber-repository.js';
import type { CallerContext } from '../context.js';
import { recordWorkspaceAudit } from '../workspaces/audit.js';
import { deleteWindowsOfStatusPage } from '../maintenance/delete-window.js';

/**
 * DELETE /api/status-pages/{id}: the page goes, its slug is free for anyone, and its place under
 * the plan's cap is given back; then its maintenance windows set on the whole page
 * (docs/maintenance.md "The model") and its subscribers, page by page (docs/status-pages.md
 * "Subscribers"). The page goes first: from then on no address can subscribe to it.
 */
export const deleteStatusPageOfCaller = async ({ ctx, pageId }: { ctx: CallerContext; pageId: string }): Promise<{ message: string }> => {
  const page = await getStatusPage(ctx.workspaceId, pageId);
  if (!page || !(await deleteStatusPage(page))) throw notFound('Status page');
  await deleteWindowsOfStatusPage(ctx.workspaceId, pageId, new Date());
  await eraseSubscribersOfPage(page.id);
  await recordWorkspaceAudit(ctx, { action: 'status_page.deleted', targetType: 'status_page', targetId: page.id, targetLabel: page.name, details: { slug: page.slug } });
  return { message: 'Status page deleted' };
};
