import type { WorkspaceAuditEntry } from '../../shared/workspaces/audit.js';
import { WORKSPACE_AUDIT_RETENTION_DAYS } from '../../shared/workspaces/audit.js';
import { ENTITY, workspaceAuditKey } from '../../shared/table/keys.js';
import * as table from './table-commands.js';

/**
 * The workspace audit log in the table (pattern 66; docs/teams.md "Audit log"): one item per
 * entry, in the workspace's partition, written once and never updated (no route edits or deletes
 * one); DynamoDB's TTL removes it a year later.
 */
export const putWorkspaceAuditEntry = async (workspaceId: string, entry: WorkspaceAuditEntry): Promise<void> => {
  const expiresAt = Math.floor(Date.parse(entry.at) / 1000) + WORKSPACE_AUDIT_RETENTION_DAYS * 86_400;
  await table.put({
    Item: { ...workspaceAuditKey(workspaceId, entry.id), entity: ENTITY.workspaceAuditEntry, workspace_id: workspaceId, ...entry, expires_at: expiresAt },
    ConditionExpression: 'attribute_not_exists(PK)',
  });
};
