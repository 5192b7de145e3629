import type { CheckResult } from './check-result.js';

/**
 * How a heartbeat round is judged (docs/checks.md "Heartbeat monitors"). No region checks a
 * heartbeat: the user's job pings its push URL, and each round asks whether a ping came in time.
 * Pure, so the rule is tested without a clock.
 *
 * - No ping ever: no answer at all. The monitor stays Pending (never alerts) until its job has
 *   been set up and pinged once, as people expect of a cron monitor they have just added.
 * - The last ping was a `/fail` ping: down (`heartbeat_failed`) until a normal ping comes.
 * - The last ping is older than the round's time minus (interval + grace): down (`heartbeat_missing`).
 * - Otherwise up. A ping later than the round (a round processed late) is certainly in time.
 *
 * The time judged as of is the round's id (a scheduled slot, or the moment a ping asked for a
 * round), or the ping's time when its round had to be dated later (after a round applied with a
 * later id). Judging as of a fixed time, not of whenever the processor gets to it, keeps a repeated
 * or late message from changing its verdict.
 */
export const HEARTBEAT_REGION = 'heartbeat';

export interface LastPing {
  at: string;
  failed: boolean;
}

export const heartbeatResult = (opts: {
  monitorId: string;
  round: string;
  /** The time judged as of; the round's own by default. */
  at?: string | undefined;
  intervalSeconds: number;
  graceSeconds: number;
  lastPing: LastPing | null;
}): CheckResult | null => {
  const { lastPing } = opts;
  if (!lastPing) return null;
  const base = {
    monitorId: opts.monitorId,
    region: HEARTBEAT_REGION,
    round: opts.round,
    statusCode: null,
    timings: { dns: null, connect: null, tls: null, ttfb: null, total: 0 },
    checkedAt: opts.round,
    attempts: 1,
  };
  if (lastPing.failed) {
    return { ...base, outcome: 'down', errorCategory: 'heartbeat_failed', message: `the job reported a failure at ${lastPing.at}` };
  }
  const allowedMs = (opts.intervalSeconds + opts.graceSeconds) * 1000;
  if (Date.parse(lastPing.at) < Date.parse(opts.at ?? opts.round) - allowedMs) {
    return {
      ...base,
      outcome: 'down',
      errorCategory: 'heartbeat_missing',
      message: `no ping since ${lastPing.at}; one is expected every ${opts.intervalSeconds} s plus ${opts.graceSeconds} s grace`,
    };
  }
  return { ...base, outcome: 'up', errorCategory: null, message: null };
};
