import { notFound } from '../../../shared/errors.js';
import { deleteStatusPage, getStatusPage } from '../../repositories/status-page-repository.js';
import type { CallerContext } from '../context.js';

/** DELETE /api/status-pages/{id}: the page goes, its slug is free for anyone, and its place under the plan's cap is given back. */
export const deleteStatusPageOfCaller = async ({ ctx, pageId }: { ctx: CallerContext; pageId: string }): Promise<{ message: string }> => {
  const page = await getStatusPage(ctx.userId, pageId);
  if (!page || !(await deleteStatusPage(page))) throw notFound('Status page');
  return { message: 'Status page deleted' };
};
