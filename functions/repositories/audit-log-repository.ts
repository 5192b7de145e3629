import type { AdminAuditEntry } from '../../shared/admin/schemas.js';
import { auditEntryKeys, auditPartition, ENTITY } from '../../shared/table/keys.js';
import type { TableItem } from './query-all.js';
import * as table from './table-commands.js';

/**
 * The operators' audit log (keys.ts 26, 27): one item per admin action, under the user it was
 * about (`AUDIT#<user id>`, not the user's own partition, so it outlives an erased account), kept
 * `AUDIT_TTL_DAYS`.
 */
export const AUDIT_TTL_DAYS = 365;

/** The partition of actions about no single user (a global bulk upload, a resolved error). */
export const AUDIT_GLOBAL_TARGET = 'global';

const toEntry = (item: TableItem): AdminAuditEntry => ({
  id: String(item.id),
  at: String(item.at),
  admin_id: String(item.admin_id),
  admin_email: typeof item.admin_email === 'string' ? item.admin_email : null,
  action: item.action as AdminAuditEntry['action'],
  target_user_id: typeof item.target_user_id === 'string' ? item.target_user_id : null,
  before: (item.before as Record<string, unknown> | null | undefined) ?? null,
  after: (item.after as Record<string, unknown> | null | undefined) ?? null,
});

export const putAuditEntry = async (entry: AdminAuditEntry): Promise<void> => {
  await table.put({
    Item: {
      ...auditEntryKeys(entry.target_user_id ?? AUDIT_GLOBAL_TARGET, entry.id),
      entity: ENTITY.auditEntry,
      ...entry,
      expires_at: Math.floor(new Date(entry.at).getTime() / 1000) + AUDIT_TTL_DAYS * 24 * 3600,
    },
  });
};

/** The newest `count` entries about a user. */
export const listAuditEntriesOfUser = async (userId: string, count: number): Promise<AdminAuditEntry[]> => {
  const { Items = [] } = await table.query({
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': auditPartition(userId) },
    ScanIndexForward: false,
    Limit: count,
  });
  return Items.map(toEntry);
};
