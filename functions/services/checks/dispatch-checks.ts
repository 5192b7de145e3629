import type { CheckJob } from '../../../shared/checks/check-job.js';
import { roundDeadlineDelaySeconds, roundStartedAt, SQS_MAX_DELAY_SECONDS } from '../../../shared/checks/check-round.js';
import { planRounds } from '../../../shared/checks/dispatch.js';
import { claimDueMonitor, queryDueMonitors } from '../../repositories/dispatch-repository.js';
import { fanOutJobs } from './fan-out-jobs.js';

/** When the processor stops waiting for silent regions: after the round's own delay, if any. */
export const deadlineDelaySeconds = (timeoutSeconds: number, roundDelaySeconds: number): number =>
  Math.min(SQS_MAX_DELAY_SECONDS, roundDelaySeconds + roundDeadlineDelaySeconds(timeoutSeconds));

export interface DispatchSummary {
  shard: number;
  due: number;
  dispatched: number;
  jobs: number;
}

/**
 * One scheduler tick for one shard: claim each due monitor's next rounds (a conditional write, so
 * overlapping runs never send a round twice), then send them into the pipeline (fan-out-jobs.ts).
 */
export const dispatchChecks = async ({ shard, now }: { shard: number; now: Date }): Promise<DispatchSummary> => {
  const due = await queryDueMonitors(shard, now);

  const byDelay = new Map<number, { jobs: CheckJob[]; deadlineSeconds: number }>();
  let dispatched = 0;
  for (const monitor of due) {
    const plan = planRounds({ dueAt: new Date(monitor.nextCheckAt), now, intervalSeconds: monitor.intervalSeconds });
    if (!(await claimDueMonitor(monitor, plan.nextDueAt))) continue;
    dispatched++;
    for (const round of plan.rounds) {
      const group = byDelay.get(round.delaySeconds) ?? { jobs: [], deadlineSeconds: 0 };
      group.jobs.push({
        userId: monitor.userId,
        monitorId: monitor.monitorId,
        url: monitor.url,
        timeoutSeconds: monitor.timeoutSeconds,
        slowThresholdMs: monitor.slowThresholdMs,
        round: roundStartedAt(now, round.delaySeconds),
      });
      group.deadlineSeconds = Math.max(group.deadlineSeconds, deadlineDelaySeconds(monitor.timeoutSeconds, round.delaySeconds));
      byDelay.set(round.delaySeconds, group);
    }
  }

  let jobs = 0;
  for (const [delaySeconds, group] of byDelay) {
    await fanOutJobs({ jobs: group.jobs, delaySeconds, deadlineSeconds: group.deadlineSeconds });
    jobs += group.jobs.length;
  }
  return { shard, due: due.length, dispatched, jobs };
};
