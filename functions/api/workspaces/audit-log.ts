import { WorkspaceAuditFilters, WorkspaceAuditListQuery } from '../../../shared/workspaces/audit.js';
import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { exportWorkspaceAudit, listWorkspaceAudit } from '../../services/workspaces/audit-log.js';

/** GET /api/workspaces/current/audit-log: a page of the log, newest first (docs/teams.md "Audit log"). */
export const listHandler = apiHandler({ query: WorkspaceAuditListQuery }, async ({ ctx, query }) => ok(await listWorkspaceAudit({ ctx, query })));

/** GET /api/workspaces/current/audit-log/export: the matching entries as a CSV file the browser saves. */
export const exportHandler = apiHandler({ query: WorkspaceAuditFilters }, async ({ ctx, query }) => {
  const { filename, csv } = await exportWorkspaceAudit({ ctx, query });
  return {
    statusCode: 200,
    headers: { 'content-type': 'text/csv; charset=utf-8', 'cache-control': 'no-store', 'content-disposition': `attachment; filename="${filename}"` },
    body: csv,
  };
});
