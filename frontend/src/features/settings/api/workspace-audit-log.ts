import useSWRInfinite from 'swr/infinite';
import type { WorkspaceAuditFilter, WorkspaceAuditList } from '@shared/workspaces/audit.js';
import { apiPath, callApi, download } from '@/lib/api-client';
import { saveFile } from '@/utils/save-file';

/** The SWR key of a page of the audit log: the list's path, the filters (as a query string) and the cursor it starts at. */
type AuditLogKey = readonly [path: string, filters: string, cursor: string | null];

const filtersKey = (filters: WorkspaceAuditFilter): string => new URLSearchParams(Object.entries(filters).map(([key, value]) => [key, String(value)])).toString();

/** GET /api/workspaces/current/audit-log: newest first, filtered, from `cursor` (docs/teams.md "Audit log"). */
export const getAuditLog = (filters: WorkspaceAuditFilter, cursor: string | null): Promise<WorkspaceAuditList> =>
  callApi('listWorkspaceAuditLog', { query: { ...filters, ...(cursor ? { cursor } : {}) } });

/**
 * The audit log as the screen reads it: the first page for the filters at once, each further one
 * by "Load more" (the previous answer's `next_cursor`). New filters are a new key, so they start
 * from the top.
 */
export const useAuditLog = (filters: WorkspaceAuditFilter) =>
  useSWRInfinite<WorkspaceAuditList, Error, (index: number, previous: WorkspaceAuditList | null) => AuditLogKey | null>(
    (index, previous) => {
      if (index > 0 && !previous?.next_cursor) return null;
      return [apiPath('listWorkspaceAuditLog'), filtersKey(filters), index === 0 ? null : (previous?.next_cursor ?? null)];
    },
    ([, , cursor]) => getAuditLog(filters, cursor),
    { revalidateFirstPage: true },
  );

/** The file name when the answer names none: today's date, as the server names it. */
export const auditLogFileName = (now: Date): string => `audit-log-${now.toISOString().slice(0, 10)}.csv`;

/** GET /api/workspaces/current/audit-log/export with the same filters, saved under the server's file name; answers the name. */
export const exportAuditLog = async (filters: WorkspaceAuditFilter): Promise<string> => {
  const file = await download(apiPath('exportWorkspaceAuditLog'), { auth: true, query: filters });
  const filename = file.filename ?? auditLogFileName(new Date());
  saveFile(file.blob, filename);
  return filename;
};
