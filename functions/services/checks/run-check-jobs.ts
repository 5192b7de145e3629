import { chunk, type CheckJob, type CheckResultMessage } from '../../../shared/checks/check-job.js';
import { JOBS_PER_MESSAGE } from '../../../shared/checks/dispatch.js';
import type { CheckResult } from '../../../shared/checks/check-result.js';

/** How many checks one checker invocation runs at once; each holds one socket, mostly waiting. */
export const CHECK_CONCURRENCY = 100;

export type RunCheck = (job: CheckJob, region: string) => Promise<CheckResult>;

/** Runs `worker` over `items` with at most `limit` in flight, keeping the input order. */
export const mapWithConcurrency = async <T, R>(items: readonly T[], limit: number, worker: (item: T) => Promise<R>): Promise<R[]> => {
  const results = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await worker(items[index]!);
    }
  });
  await Promise.all(lanes);
  return results;
};

/**
 * A checker's work for a batch of jobs: run every check (a site being down is a result, not an
 * error) and pack the results into messages for the result processor.
 */
export const runCheckJobs = async (opts: {
  jobs: readonly CheckJob[];
  region: string;
  runCheck: RunCheck;
}): Promise<CheckResultMessage[]> => {
  const results = await mapWithConcurrency(opts.jobs, CHECK_CONCURRENCY, async (job) => ({
    userId: job.userId,
    result: await opts.runCheck(job, opts.region),
  }));
  return chunk(results, JOBS_PER_MESSAGE).map((packed) => ({ kind: 'check_results', results: packed }));
};
