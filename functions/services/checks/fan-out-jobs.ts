import type { CheckJob } from '../../../shared/checks/check-job.js';
import { pipelineConfig } from '../../checks/pipeline-config.js';
import { config } from '../../config.js';
import { sendCheckJobs, sendRoundDeadlines } from '../../repositories/check-queue-repository.js';

/**
 * Sends rounds into the pipeline: every job to every checker region's queue, and one delayed
 * deadline per round to the result processor, so a round whose regions fall silent is still
 * decided. The dispatcher and force check both start rounds this way.
 */
export const fanOutJobs = async (opts: { jobs: CheckJob[]; delaySeconds: number; deadlineSeconds: number }): Promise<void> => {
  if (!opts.jobs.length) return;
  const pipeline = pipelineConfig();
  await Promise.all(
    pipeline.checkerRegions.map((region) =>
      sendCheckJobs({ region, queueUrl: pipeline.checkQueueUrls[region]!, jobs: opts.jobs, delaySeconds: opts.delaySeconds }),
    ),
  );
  await sendRoundDeadlines({
    region: config().region,
    queueUrl: pipeline.resultsQueueUrl,
    rounds: opts.jobs.map(({ userId, monitorId, round }) => ({ userId, monitorId, round })),
    delaySeconds: opts.deadlineSeconds,
  });
};
