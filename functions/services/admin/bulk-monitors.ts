import type { GlobalBulkUploadResult, SingleUserBulkUploadResult } from '../../../shared/admin/schemas.js';
import { notFound } from '../../../shared/errors.js';
import { BULK_UPLOAD } from '../../../shared/monitors/bulk-upload.js';
import { insertMonitorsWithinCap } from '../../repositories/monitor-batch-repository.js';
import { findUserProfileByEmail, type UserProfile } from '../../repositories/user-repository.js';
import type { AuthContext } from '../context.js';
import { formatRowError, parseMonitorCsv, type CsvRow, type RowError } from '../monitors/bulk-upload-rows.js';
import { assertCsvFile, checkTargets, httpsAddedRows, monitorsOfRows, resultOf, type CsvUpload } from '../monitors/bulk-upload.js';
import { resolveRowChannels } from '../monitors/channel-rows.js';
import { auditAdminAction } from './audit.js';
import { requireUser } from './users.js';

/**
 * The operator's bulk monitor upload (docs/admin.md "Bulk monitor upload"): the user upload's CSV
 * parser and row rules (bulk-upload-rows.ts: schema, defaults, url scheme) and target rules (SSRF),
 * but no plan cap and no plan interval floor (docs/product-rules.md "Operator bulk upload": it bypasses subscription limits).
 * The rows of one user are stored together or not at all (monitor-batch-repository.ts).
 */

/** Stores one user's valid rows; 'gone' when the account disappeared meanwhile. */
const createMonitorsFor = async (userId: string, total: number, rows: CsvRow[], rowErrors: RowError[]) => {
  const targets = checkTargets(rows);
  const { rows: checkable, refused: channelErrors } = await resolveRowChannels(userId, targets.checkable);
  const refused = [...targets.refused, ...channelErrors];
  const monitors = monitorsOfRows(checkable, new Date());
  const outcome = await insertMonitorsWithinCap({ userId, tierId: null, cap: null, monitors });
  if (outcome !== 'created') return 'gone' as const;
  return resultOf(total, monitors.map(({ monitor }) => monitor), [...rowErrors, ...refused], httpsAddedRows(monitors));
};

/** POST /api/admin/users/{id}/bulk-monitors. */
export const adminBulkUploadForUser = async ({
  ctx,
  userId,
  file,
}: {
  ctx: AuthContext;
  userId: string;
  file: CsvUpload | null;
}): Promise<SingleUserBulkUploadResult> => {
  assertCsvFile(file);
  await requireUser(userId);
  const parsed = parseMonitorCsv(file.content);
  const result = await createMonitorsFor(userId, parsed.total, parsed.rows, parsed.errors);
  if (result === 'gone') throw notFound('User');
  await auditAdminAction(ctx, {
    action: 'user.bulk_monitors',
    targetUserId: userId,
    before: null,
    after: { total_processed: result.total_processed, successful: result.successful, failed: result.failed },
  });
  return result;
};

interface UserRows {
  rows: CsvRow[];
  errors: RowError[];
}

/** POST /api/admin/bulk-monitors-global: rows grouped by `user_email`, one result per user. */
export const adminBulkUploadGlobal = async ({ ctx, file }: { ctx: AuthContext; file: CsvUpload | null }): Promise<GlobalBulkUploadResult> => {
  assertCsvFile(file);
  const parsed = parseMonitorCsv(file.content, { userEmailColumn: true });
  const byEmail = new Map<string, UserRows>();
  const group = (email: string) => byEmail.get(email) ?? byEmail.set(email, { rows: [], errors: [] }).get(email)!;
  const unowned: RowError[] = [];
  for (const row of parsed.rows) {
    if (row.userEmail) group(row.userEmail).rows.push(row);
    else unowned.push({ line: row.line, message: `${BULK_UPLOAD.userEmailColumn} is required` });
  }
  for (const error of parsed.errors) {
    if (error.userEmail) group(error.userEmail).errors.push(error);
    else unowned.push(error);
  }

  const results: GlobalBulkUploadResult['results'] = [];
  for (const [email, { rows, errors }] of byEmail) {
    const profile: UserProfile | null = await findUserProfileByEmail(email);
    const lines = [...rows.map((row) => row.line), ...errors.map((error) => error.line)];
    const missing = (reason: string) => lines.forEach((line) => unowned.push({ line, message: reason }));
    if (!profile) {
      missing(`No user with the e-mail ${email}`);
      continue;
    }
    const result = await createMonitorsFor(profile.id, rows.length + errors.length, rows, errors);
    if (result === 'gone') {
      missing(`No user with the e-mail ${email}`);
      continue;
    }
    results.push({ user_name: profile.name, user_email: profile.email, result });
    await auditAdminAction(ctx, {
      action: 'user.bulk_monitors',
      targetUserId: profile.id,
      before: null,
      after: { mode: 'global', total_processed: result.total_processed, successful: result.successful, failed: result.failed },
    });
  }
  return {
    total_users_processed: results.length,
    results,
    errors: [...unowned].sort((a, b) => a.line - b.line).map(formatRowError),
  };
};
