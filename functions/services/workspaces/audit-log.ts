import { encodeTime } from 'ulid';
import { AppError } from '../../../shared/errors.js';
import { WORKSPACE_AUDIT_PREFIX } from '../../../shared/table/keys.js';
import {
  WORKSPACE_AUDIT_PAGE,
  type WorkspaceAuditEntry,
  type WorkspaceAuditFilter,
  type WorkspaceAuditList,
  type WorkspaceAuditPerson,
} from '../../../shared/workspaces/audit.js';
import { readWorkspaceAudit } from '../../repositories/workspace-audit-repository.js';
import { listWorkspaceMembers } from '../../repositories/workspace-repository.js';
import type { CallerContext } from '../context.js';
import { workspaceAuditCsv } from './audit-log-csv.js';

/**
 * Reading the workspace audit log (docs/teams.md "Audit log"): a page at a time for the screen, or
 * every matching entry as CSV. Nothing here writes: no route edits or deletes an entry.
 */

/** What a cursor that is not one we handed out answers (400). */
export const INVALID_AUDIT_CURSOR_DETAIL = 'This place in the audit log is not valid. Load the log again from the top.';

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;
/** Items one Query examines, and Queries one page may make, while action or person filters skip entries. */
const LIST_BATCH = 200;
const LIST_MAX_QUERIES = 5;
/** The export reads in bigger batches and to the end (a year of a workspace's changes). */
const EXPORT_BATCH = 1000;
/**
 * The most entries one export holds: about 3 MB of CSV, well inside what one API answer may carry
 * (a Lambda response is at most 6 MB). More than that asks for a shorter date range.
 */
export const AUDIT_EXPORT_MAX = 10_000;
export const AUDIT_EXPORT_TOO_LARGE_DETAIL = `More than ${AUDIT_EXPORT_MAX.toLocaleString('en-US')} changes match. Choose a shorter date range and export again.`;

/** The opaque cursor of the entry a page ended on (base64url, so the screen treats it as a token). */
export const encodeAuditCursor = (entryId: string): string => Buffer.from(`a:${entryId}`).toString('base64url');

/** The entry id in a cursor we handed out; anything else (edited, truncated, made up) is a 400. */
export const decodeAuditCursor = (cursor: string): string => {
  const decoded = Buffer.from(cursor, 'base64url').toString('utf8');
  const id = decoded.startsWith('a:') ? decoded.slice(2) : '';
  if (!ULID.test(id) || encodeAuditCursor(id) !== cursor) throw new AppError('VALIDATION_FAILED', INVALID_AUDIT_CURSOR_DETAIL);
  return id;
};

/**
 * The SK range of a date filter. Entry ids are ULIDs, whose first ten characters are the time in
 * milliseconds, so `from` (inclusive) and `to` (exclusive) are bounds on the key, not a filter.
 */
export const auditSkRange = (filter: Pick<WorkspaceAuditFilter, 'from' | 'to'>): { lowestSk: string; highestSk: string } => ({
  lowestSk: filter.from ? `${WORKSPACE_AUDIT_PREFIX}${encodeTime(Math.max(0, Date.parse(filter.from)), 10)}` : WORKSPACE_AUDIT_PREFIX,
  highestSk: filter.to ? `${WORKSPACE_AUDIT_PREFIX}${encodeTime(Math.max(0, Date.parse(filter.to) - 1), 10)}~` : `${WORKSPACE_AUDIT_PREFIX}~`,
});

const readOf = (filter: WorkspaceAuditFilter) => ({ ...auditSkRange(filter), action: filter.action, actorId: filter.actor });

/**
 * Whom the person filter offers: the workspace's members now, and anyone who acted in `entries`
 * (a member since removed still has their entries), by name.
 */
const auditPeople = async (ctx: CallerContext, entries: readonly WorkspaceAuditEntry[]): Promise<WorkspaceAuditPerson[]> => {
  const people = new Map<string, WorkspaceAuditPerson>();
  for (const member of await listWorkspaceMembers(ctx.workspaceId)) people.set(member.user_id, { id: member.user_id, label: member.name, email: member.email });
  for (const entry of entries) {
    if (!people.has(entry.actor_id)) people.set(entry.actor_id, { id: entry.actor_id, label: entry.actor_label, email: entry.actor_email });
  }
  return [...people.values()].sort((a, b) => a.label.localeCompare(b.label));
};

/** GET /api/workspaces/current/audit-log: newest first, filtered, a page at a time. */
export const listWorkspaceAudit = async (opts: {
  ctx: CallerContext;
  query: WorkspaceAuditFilter & { cursor?: string; limit?: number };
}): Promise<WorkspaceAuditList> => {
  const afterId = opts.query.cursor ? decodeAuditCursor(opts.query.cursor) : undefined;
  const limit = opts.query.limit ?? WORKSPACE_AUDIT_PAGE.default;
  // One more than the page, so the last page says so instead of offering an empty "Load more".
  const read = await readWorkspaceAudit(opts.ctx.workspaceId, {
    ...readOf(opts.query),
    afterId,
    limit: limit + 1,
    batch: LIST_BATCH,
    maxQueries: LIST_MAX_QUERIES,
  });
  const entries = read.entries.slice(0, limit);
  // More than a page matched: the next starts after this page's last. Else the read's own answer
  // (null: the range ended; an id: it ran out of reads before it filled the page).
  const lastId = read.entries.length > limit ? entries[entries.length - 1]!.id : read.lastId;
  return { entries, next_cursor: lastId ? encodeAuditCursor(lastId) : null, people: afterId ? [] : await auditPeople(opts.ctx, entries) };
};

/** GET /api/workspaces/current/audit-log/export: every matching entry, newest first, as CSV, and the file's name. */
export const exportWorkspaceAudit = async (opts: {
  ctx: CallerContext;
  query: WorkspaceAuditFilter;
  now?: Date;
}): Promise<{ filename: string; csv: string }> => {
  const entries: WorkspaceAuditEntry[] = [];
  let afterId: string | undefined;
  do {
    const read = await readWorkspaceAudit(opts.ctx.workspaceId, {
      ...readOf(opts.query),
      afterId,
      limit: EXPORT_BATCH,
      batch: EXPORT_BATCH,
      maxQueries: 1,
    });
    entries.push(...read.entries);
    if (entries.length > AUDIT_EXPORT_MAX) throw new AppError('VALIDATION_FAILED', AUDIT_EXPORT_TOO_LARGE_DETAIL);
    afterId = read.lastId ?? undefined;
  } while (afterId);
  const day = (opts.now ?? new Date()).toISOString().slice(0, 10);
  return { filename: `audit-log-${day}.csv`, csv: workspaceAuditCsv(entries) };
};
