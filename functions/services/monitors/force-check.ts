import { FORCE_CHECK_WAIT_MS } from '../../../shared/api/time-limits.js';
import { AppError } from '../../../shared/errors.js';
import { judgedFromPings } from '../../../shared/monitors/monitor-types.js';
import { FORCE_CHECK_MAX, type ForceCheckQuery, type ForceCheckResult } from '../../../shared/monitors/schemas.js';
import { acquireForceCheckLock, releaseForceCheckLock } from '../../repositories/force-check-lock-repository.js';
import { listUserCheckTargets, type MonitorCheckTarget } from '../../repositories/monitor-read-repository.js';
import type { CallerContext } from '../context.js';
import { checkMonitorsNow } from './check-now.js';

/**
 * How long the call waits for the rounds it started: FORCE_CHECK_WAIT_MS, derived from the API's
 * time limits (shared/api/time-limits.ts) so the answer comes before the Lambda or API Gateway gives
 * up, even though the SPA waits up to 180 s (docs/product-rules.md "Force check"): checks still running then finish in the
 * background (and show up on the next list) and are counted as `failed` here — "not confirmed in
 * time" — which is what the client's partial-result text reports.
 */
export { FORCE_CHECK_WAIT_MS };
const POLL_MS = 400;
/** Longer than any wait, so a crashed call frees the lock by itself. */
const LOCK_SECONDS = 180;

const leastRecentlyChecked = (a: MonitorCheckTarget, b: MonitorCheckTarget): number =>
  (a.lastChecked ?? '').localeCompare(b.lastChecked ?? '');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Checks min(limit, active monitors, 50) of the caller's monitors now, through the same pipeline as
 * scheduled checks (every region, quorum, incidents, alerts), least recently checked first, and
 * reports how many rounds were decided, and of those how many found the site up or down. One at a
 * time per user: a second call gets 409.
 */
export const forceCheck = async ({ ctx, query }: { ctx: CallerContext; query: ForceCheckQuery }): Promise<ForceCheckResult> => {
  const startedAt = new Date();
  if (!(await acquireForceCheckLock(ctx.workspaceId, startedAt, LOCK_SECONDS))) {
    throw new AppError('CONFLICT', 'A status refresh is already running. Please wait for it to finish.');
  }
  try {
    // A heartbeat never pinged has nothing to judge yet (docs/checks.md "Heartbeat monitors"): its round would never be decided.
    const active = (await listUserCheckTargets(ctx.workspaceId)).filter(
      (monitor) => monitor.status === 'active' && !(judgedFromPings(monitor.target) && monitor.isUp === null),
    );
    const chosen = active.sort(leastRecentlyChecked).slice(0, Math.min(query.limit, FORCE_CHECK_MAX));
    if (!chosen.length) return { total: 0, successful: 0, failed: 0, up: 0, down: 0 };

    // The round is this request's own time (check-round.ts): newer than every round started before.
    const round = await checkMonitorsNow(ctx.workspaceId, chosen, startedAt);

    const ids = new Set(chosen.map((monitor) => monitor.id));
    const waitUntil = Date.now() + FORCE_CHECK_WAIT_MS;
    let decided: MonitorCheckTarget[] = [];
    for (;;) {
      const targets = await listUserCheckTargets(ctx.workspaceId);
      decided = targets.filter((target) => ids.has(target.id) && target.lastRound !== null && target.lastRound >= round);
      if (decided.length === chosen.length || Date.now() >= waitUntil) break;
      await sleep(POLL_MS);
    }
    const up = decided.filter((target) => target.isUp === true).length;
    return { total: chosen.length, successful: decided.length, failed: chosen.length - decided.length, up, down: decided.length - up };
  } finally {
    await releaseForceCheckLock(ctx.workspaceId);
  }
};
