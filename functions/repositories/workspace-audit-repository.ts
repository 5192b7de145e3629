import type { WorkspaceAuditEntry } from '../../shared/workspaces/audit.js';
import { WORKSPACE_AUDIT_RETENTION_DAYS } from '../../shared/workspaces/audit.js';
import { ENTITY, WORKSPACE_AUDIT_PREFIX, workspaceAuditKey, workspacePartition } from '../../shared/table/keys.js';
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

/** What one read of the log asks for: an SK range (the date filter), the other filters, where to start. */
export interface AuditLogRead {
  /** Inclusive SK bounds, newest read first. */
  lowestSk: string;
  highestSk: string;
  action?: string;
  actorId?: string;
  /** The entry id after which to continue (the previous page's last), or none for the newest. */
  afterId?: string;
  /** How many matching entries to return at most. */
  limit: number;
  /** How many items one Query may examine (the filters apply after DynamoDB reads them). */
  batch: number;
  /** How many Queries this read may make before it answers with what it found and a cursor. */
  maxQueries: number;
}

const toEntry = (item: Record<string, unknown>): WorkspaceAuditEntry => ({
  id: String(item.id),
  at: String(item.at),
  action: item.action as WorkspaceAuditEntry['action'],
  actor_id: String(item.actor_id),
  actor_email: typeof item.actor_email === 'string' ? item.actor_email : null,
  actor_label: String(item.actor_label ?? ''),
  ip: String(item.ip ?? ''),
  target_type: String(item.target_type ?? ''),
  target_id: typeof item.target_id === 'string' ? item.target_id : null,
  target_label: typeof item.target_label === 'string' ? item.target_label : null,
  details: item.details && typeof item.details === 'object' ? (item.details as Record<string, unknown>) : null,
});

/**
 * A page of a workspace's log, newest first (pattern 66): the date range is the SK range (entry ids
 * are ULIDs, so they sort by time), action and person are a FilterExpression. Because DynamoDB
 * filters after it reads, this reads on until `limit` entries matched, the range ended or
 * `maxQueries` were made; `lastId` is then where the next page starts (null: nothing left).
 */
export const readWorkspaceAudit = async (workspaceId: string, read: AuditLogRead): Promise<{ entries: WorkspaceAuditEntry[]; lastId: string | null }> => {
  const filters: string[] = [];
  const values: Record<string, unknown> = { ':pk': workspacePartition(workspaceId), ':lo': read.lowestSk, ':hi': read.highestSk };
  if (read.action) {
    filters.push('#action = :action');
    values[':action'] = read.action;
  }
  if (read.actorId) {
    filters.push('actor_id = :actor');
    values[':actor'] = read.actorId;
  }
  const entries: WorkspaceAuditEntry[] = [];
  let startKey: Record<string, unknown> | undefined = read.afterId ? { ...workspaceAuditKey(workspaceId, read.afterId) } : undefined;
  for (let queries = 0; queries < read.maxQueries; queries += 1) {
    const page = await table.query({
      KeyConditionExpression: 'PK = :pk AND SK BETWEEN :lo AND :hi',
      ...(filters.length ? { FilterExpression: filters.join(' AND ') } : {}),
      ...(read.action ? { ExpressionAttributeNames: { '#action': 'action' } } : {}),
      ExpressionAttributeValues: values,
      ScanIndexForward: false,
      Limit: read.batch,
      ExclusiveStartKey: startKey,
    });
    for (const item of page.Items ?? []) {
      entries.push(toEntry(item));
      if (entries.length === read.limit) return { entries, lastId: entries[entries.length - 1]!.id };
    }
    startKey = page.LastEvaluatedKey;
    if (!startKey) return { entries, lastId: null };
  }
  // Out of reads for this request: continue after the last item examined, matched or not.
  return { entries, lastId: String(startKey?.SK ?? '').slice(WORKSPACE_AUDIT_PREFIX.length) || null };
};
