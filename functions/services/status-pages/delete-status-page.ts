import { notFound } from '../../../shared/errors.js';
import { deleteStatusPage, getStatusPage } from '../../repositories/status-page-repository.js';
import type { CallerContext } from '../context.js';
import { deleteWindowsOfStatusPage } from '../maintenance/delete-window.js';

/**
 * DELETE /api/status-pages/{id}: the page goes, its slug is free for anyone, and its place under the
 * plan's cap is given back. Its maintenance windows (those set on the whole page) go with it
 * (docs/maintenance.md "The model").
 */
export const deleteStatusPageOfCaller = async ({ ctx, pageId }: { ctx: CallerContext; pageId: string }): Promise<{ message: string }> => {
  const page = await getStatusPage(ctx.userId, pageId);
  if (!page || !(await deleteStatusPage(page))) throw notFound('Status page');
  await deleteWindowsOfStatusPage(ctx.userId, pageId, new Date());
  return { message: 'Status page deleted' };
};
