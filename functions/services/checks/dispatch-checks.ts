import type { CheckJob } from '../../../shared/checks/check-job.js';
import { roundDeadlineDelaySeconds, roundId, SQS_MAX_DELAY_SECONDS } from '../../../shared/checks/check-round.js';
import { planRounds } from '../../../shared/checks/dispatch.js';
import { pipelineConfig } from '../../checks/pipeline-config.js';
import { config } from '../../config.js';
import { sendCheckJobs, sendRoundDeadlines } from '../../repositories/check-queue-repository.js';
import { claimDueMonitor, queryDueMonitors } from '../../repositories/dispatch-repository.js';

/** When the processor stops waiting for silent regions: after the round's own delay, if any. */
const deadlineDelaySeconds = (timeoutSeconds: number, roundDelaySeconds: number): number =>
  Math.min(SQS_MAX_DELAY_SECONDS, roundDelaySeconds + roundDeadlineDelaySeconds(timeoutSeconds));

export interface DispatchSummary {
  shard: number;
  due: number;
  dispatched: number;
  jobs: number;
}

/**
 * One scheduler tick for one shard: claim each due monitor's next rounds (a conditional write, so
 * overlapping runs never send a round twice), send every round's job to every checker region, and
 * a delayed deadline for each round to the result processor.
 */
export const dispatchChecks = async ({ shard, now }: { shard: number; now: Date }): Promise<DispatchSummary> => {
  const pipeline = pipelineConfig();
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
        round: roundId(round.at, monitor.intervalSeconds),
      });
      group.deadlineSeconds = Math.max(group.deadlineSeconds, deadlineDelaySeconds(monitor.timeoutSeconds, round.delaySeconds));
      byDelay.set(round.delaySeconds, group);
    }
  }

  let jobs = 0;
  for (const [delaySeconds, group] of byDelay) {
    await Promise.all(
      pipeline.checkerRegions.map((region) =>
        sendCheckJobs({ region, queueUrl: pipeline.checkQueueUrls[region]!, jobs: group.jobs, delaySeconds }),
      ),
    );
    await sendRoundDeadlines({
      region: config().region,
      queueUrl: pipeline.resultsQueueUrl,
      rounds: group.jobs.map(({ userId, monitorId, round }) => ({ userId, monitorId, round })),
      delaySeconds: group.deadlineSeconds,
    });
    jobs += group.jobs.length;
  }
  return { shard, due: due.length, dispatched, jobs };
};
