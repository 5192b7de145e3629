import { monotonicFactory } from 'ulid';
import { scheduleStartingSoon } from '../../../shared/checks/dispatch.js';
import { AppError } from '../../../shared/errors.js';
import type { BulkUploadResult } from '../../../shared/monitors/bulk-upload.js';
import { FORCE_CHECK_MAX } from '../../../shared/monitors/schemas.js';
import { TEXT } from '../../../shared/texts.js';
import { tierOf } from '../../../shared/tiers.js';
import { insertMonitorsWithinCap } from '../../repositories/monitor-batch-repository.js';
import { rereadWorkspaceAccount } from '../auth/current-user.js';
import type { CallerContext } from '../context.js';
import { recordWorkspaceAudit } from '../workspaces/audit.js';
import {
  applyPlanLimits,
  formatRowError,
  isCsvFileName,
  parseMonitorCsv,
  refusalOf,
  type CsvRow,
  type RowError,
} from './bulk-upload-rows.js';
import { checkMonitorsNow, monitorCheckTarget } from './check-now.js';
import { newMonitor } from './new-monitor.js';
import { resolveRowChannels } from './channel-rows.js';
import { assertMonitorAllowed } from './target-rules.js';
import { newHeartbeatToken } from './heartbeat-token.js';
import { judgedFromPings, targetUrl } from '../../../shared/monitors/monitor-types.js';
import type { Monitor } from '../../../shared/monitors/schemas.js';

/** The uploaded file as the handler read it; null when the request carried none. */
export interface CsvUpload {
  filename: string;
  content: Uint8Array;
}

/** Rows whose target we may check, and the others refused by the single create's target rules (SSRF). */
export const checkTargets = (rows: readonly CsvRow[]): { checkable: CsvRow[]; refused: RowError[] } => {
  const checkable: CsvRow[] = [];
  const refused: RowError[] = [];
  for (const row of rows) {
    const refusal = refusalOf(() => assertMonitorAllowed({ target: row.target, url: row.input.url ?? '' }));
    if (refusal) refused.push({ line: row.line, message: refusal });
    else checkable.push(row);
  }
  return { checkable, refused };
};

/** A missing or non-.csv file (docs/product-rules.md "Bulk upload", "Operator bulk upload": "Please select a CSV file"). */
export const assertCsvFile: (file: CsvUpload | null) => asserts file is CsvUpload = (file) => {
  if (!file || !isCsvFileName(file.filename)) {
    throw new AppError('VALIDATION_FAILED', TEXT.selectCsvFile, [{ field: 'file', message: TEXT.selectCsvFile }]);
  }
};

/** Each refused attempt means another request changed the count or plan in between. */
const MAX_ATTEMPTS = 10;

const busy = (): AppError =>
  new AppError('CONFLICT', 'Your monitors were being changed by another request at the same time. Please upload the file again.');

/**
 * The monitors of accepted rows, ids in file order: a heartbeat gets its push secret here, and a
 * non-HTTP monitor its `url` from its target and id (monitor-types.ts `targetUrl`).
 */
export const monitorsOfRows = (rows: readonly CsvRow[], now: Date) => {
  const nextId = monotonicFactory();
  return rows.map((row) => {
    const id = nextId(now.getTime());
    const target = row.target?.type === 'heartbeat' ? { ...row.target, token: newHeartbeatToken() } : row.target;
    const monitor = newMonitor({ ...row.input, url: target ? targetUrl(target, id) : (row.input.url ?? '') }, now, id, row.options, target);
    // Its first scheduled check falls in the next dispatcher tick's minute (dispatch.ts).
    return {
      monitor,
      options: row.options,
      target,
      schedule: scheduleStartingSoon(monitor.id, monitor.check_interval, now),
      line: row.line,
      schemeAdded: row.schemeAdded === true,
    };
  });
};

/** The lines of the created rows whose url got https:// (the result lists them: docs/product-rules.md "Bulk upload"). */
export const httpsAddedRows = (created: readonly { line: number; schemeAdded: boolean }[]): number[] =>
  created.filter((row) => row.schemeAdded).map((row) => row.line).sort((a, b) => a - b);

export const resultOf = (
  total: number,
  created: readonly Pick<Monitor, 'name' | 'url' | 'check_interval'>[],
  errors: RowError[],
  httpsAdded: readonly number[] = [],
): BulkUploadResult => ({
  total_processed: total,
  successful: created.length,
  failed: total - created.length,
  created_monitors: created.map(({ name, url, check_interval }) => ({ name, url, check_interval })),
  errors: [...errors].sort((a, b) => a.line - b.line).map(formatRowError),
  https_added_rows: [...httpsAdded],
});

/**
 * POST /api/monitors/bulk-upload: one monitor per valid CSV row, under the same rules as the single
 * create: the row schema (bulk-upload-rows.ts), the SSRF target rules, the plan's interval floor,
 * and the monitor cap. A bad row fails alone, with a "Row <line>: ..." error; a file that cannot be
 * read row by row is a 400, as is a missing or non-.csv file ("Please select a CSV file").
 *
 * When the valid rows outnumber the places left under the cap, the first ones in file order are
 * created, and each later one is refused with the monitor-limit text naming the limit and plan.
 * The accepted rows are stored all together or not at all (monitor-batch-repository.ts). If that
 * store is refused because another request changed the count or the plan since the profile was
 * read, the profile is read again and the rows re-split under it (parallel uploads therefore
 * never pass the cap, and each gets what was left when it got its turn).
 */
export const bulkUploadMonitors = async ({
  ctx,
  file,
}: {
  ctx: CallerContext;
  file: CsvUpload | null;
}): Promise<BulkUploadResult> => {
  assertCsvFile(file);
  const parsed = parseMonitorCsv(file.content);
  const targets = checkTargets(parsed.rows);
  const { rows: checkable, refused: channelErrors } = await resolveRowChannels(ctx.workspaceId, targets.checkable);
  const errors: RowError[] = [...parsed.errors, ...targets.refused, ...channelErrors];

  // The plan and monitor count are the workspace's (docs/teams.md "Storage"), not the caller's own.
  let profile = ctx.account;
  for (let attempt = 1; ; attempt++) {
    const tier = tierOf(profile.subscription_tier);
    const { accepted, refused } = applyPlanLimits(checkable, tier, profile.monitor_count);
    if (!accepted.length) return resultOf(parsed.total, [], [...errors, ...refused]);

    const now = new Date();
    const monitors = monitorsOfRows(accepted, now);
    const outcome = await insertMonitorsWithinCap({ userId: ctx.workspaceId, tierId: tier.id, cap: tier.monitorCap, monitors });
    if (outcome === 'created') {
      // Checked at once, as a single new monitor is (check-now.ts); at most a force check's worth.
      const checked = monitors.filter(({ target }) => !judgedFromPings(target)).slice(0, FORCE_CHECK_MAX);
      await checkMonitorsNow(ctx.workspaceId, checked.map(({ monitor, options, target }) => monitorCheckTarget(monitor, options, target)), now);
      await recordWorkspaceAudit(ctx, { action: 'monitors.bulk_uploaded', targetType: 'monitors', details: { created: monitors.length, names: monitors.slice(0, 20).map(({ monitor }) => monitor.name) } });
      return resultOf(parsed.total, monitors.map(({ monitor }) => monitor), [...errors, ...refused], httpsAddedRows(monitors));
    }

    if (attempt >= MAX_ATTEMPTS) throw busy();
    profile = await rereadWorkspaceAccount(ctx);
  }
};
