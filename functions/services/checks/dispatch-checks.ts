import { jobTargetOf, type CheckJob } from '../../../shared/checks/check-job.js';
import { roundDeadlineDelaySeconds, roundStartedAt, SQS_MAX_DELAY_SECONDS } from '../../../shared/checks/check-round.js';
import { phaseRangesInWindow, slotsInWindow, tickWindowStart } from '../../../shared/checks/dispatch.js';
import { judgedFromPings } from '../../../shared/monitors/monitor-types.js';
import { listCheckIntervals, queryScheduledMonitors, type ScheduledMonitor } from '../../repositories/dispatch-repository.js';
import { logger } from '../../observability/logger.js';
import { fanOutJobs } from './fan-out-jobs.js';
import { startHeartbeatRounds, type HeartbeatRound } from './heartbeat-rounds.js';

/** When the processor stops waiting for silent regions: after the round's own delay, if any. */
export const deadlineDelaySeconds = (timeoutSeconds: number, roundDelaySeconds: number): number =>
  Math.min(SQS_MAX_DELAY_SECONDS, roundDelaySeconds + roundDeadlineDelaySeconds(timeoutSeconds));

export interface DispatchSummary {
  shard: number;
  /** The minute this tick covered. */
  window: string;
  /** Monitors with at least one slot in it. */
  due: number;
  jobs: number;
}

/**
 * A monitor's job target (check-job.ts `jobTargetOf`), or null for a stored type that is not
 * registered: that monitor is reported and left out, never checked as HTTP, and the rest of the
 * shard is still dispatched.
 */
const dispatchableTarget = (monitor: ScheduledMonitor): ReturnType<typeof jobTargetOf> | null => {
  try {
    return jobTargetOf(monitor.target);
  } catch (error) {
    logger.error('A monitor of an unknown type was not dispatched', { monitorId: monitor.monitorId, error });
    return null;
  }
};

/** The monitors of a shard with a slot in the window, over every interval in use. */
const monitorsWithSlots = async (shard: number, windowStart: Date): Promise<ScheduledMonitor[]> => {
  const found: ScheduledMonitor[] = [];
  for (const intervalSeconds of await listCheckIntervals()) {
    for (const [phaseFrom, phaseTo] of phaseRangesInWindow(intervalSeconds, windowStart)) {
      found.push(...(await queryScheduledMonitors({ shard, intervalSeconds, phaseFrom, phaseTo })));
    }
  }
  return found;
};

/**
 * One scheduler tick for one shard: every round whose slot falls in the tick's minute goes out,
 * each delayed by SQS until its slot (dispatch.ts). Nothing is written: the round ids are the slot
 * times, so a repeated tick sends the same rounds again and the result processor ignores them.
 * `scheduledAt` is when the tick was due (EventBridge Scheduler's scheduled time), so a tick that
 * runs late still covers its own minute.
 */
export const dispatchChecks = async ({
  shard,
  scheduledAt,
  now,
}: {
  shard: number;
  scheduledAt: Date;
  now: Date;
}): Promise<DispatchSummary> => {
  const windowStart = tickWindowStart(scheduledAt);
  const due = await monitorsWithSlots(shard, windowStart);

  const byDelay = new Map<number, { jobs: CheckJob[]; deadlineSeconds: number }>();
  const heartbeatsByDelay = new Map<number, HeartbeatRound[]>();
  for (const monitor of due) {
    for (const slot of slotsInWindow(monitor, windowStart)) {
      const delaySeconds = Math.max(0, Math.ceil((slot.getTime() - now.getTime()) / 1000));
      if (judgedFromPings(monitor.target)) {
        // A heartbeat's slot asks the processor whether its ping came in time (heartbeat-rounds.ts).
        const rounds = heartbeatsByDelay.get(delaySeconds) ?? [];
        rounds.push({ userId: monitor.userId, monitorId: monitor.monitorId, round: roundStartedAt(slot) });
        heartbeatsByDelay.set(delaySeconds, rounds);
        continue;
      }
      const target = dispatchableTarget(monitor);
      if (target === null) continue;
      const group = byDelay.get(delaySeconds) ?? { jobs: [], deadlineSeconds: 0 };
      group.jobs.push({
        userId: monitor.userId,
        monitorId: monitor.monitorId,
        url: monitor.url,
        timeoutSeconds: monitor.timeoutSeconds,
        slowThresholdMs: monitor.slowThresholdMs,
        round: roundStartedAt(slot),
        ...(monitor.options ? { options: monitor.options } : {}),
        ...(target ? { target } : {}),
      });
      group.deadlineSeconds = Math.max(group.deadlineSeconds, deadlineDelaySeconds(monitor.timeoutSeconds, delaySeconds));
      byDelay.set(delaySeconds, group);
    }
  }

  // At most one group per second of the minute; they go out side by side.
  await Promise.all([
    ...[...byDelay].map(([delaySeconds, group]) => fanOutJobs({ jobs: group.jobs, delaySeconds, deadlineSeconds: group.deadlineSeconds })),
    ...[...heartbeatsByDelay].map(([delaySeconds, rounds]) => startHeartbeatRounds(rounds, delaySeconds)),
  ]);
  const jobs =
    [...byDelay.values()].reduce((sum, group) => sum + group.jobs.length, 0) +
    [...heartbeatsByDelay.values()].reduce((sum, rounds) => sum + rounds.length, 0);
  return { shard, window: windowStart.toISOString(), due: due.length, jobs };
};
