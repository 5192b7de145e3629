import { areaHandler } from '../../http/area-handler.js';
import { exportHandler as exportWorkspaceAuditLog, listHandler as listWorkspaceAuditLog } from './audit-log.js';
import { handler as listWorkspaces } from './list-workspaces.js';

export const handler = areaHandler('workspaces', {
  listWorkspaces,
  listWorkspaceAuditLog,
  exportWorkspaceAuditLog,
});
