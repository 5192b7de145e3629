import { chunk, type CheckJob, type CheckResultMessage } from '../../../shared/checks/check-job.js';
import { CHECK_CONCURRENCY, JOBS_PER_MESSAGE } from '../../../shared/checks/dispatch.js';
import type { CheckResult } from '../../../shared/checks/check-result.js';
import { packIdOf } from '../../../shared/checks/result-packs.js';


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
 * error) and pack the results into messages for the result processor. A pack of at most
 * JOBS_PER_MESSAGE jobs is answered by one message carrying the pack's id (result-packs.ts), the
 * same from every region; a larger one (not sent by the dispatcher) by one message per chunk.
 */
export const runCheckJobs = async (opts: {
  jobs: readonly CheckJob[];
  region: string;
  runCheck: RunCheck;
  pack?: string;
}): Promise<CheckResultMessage[]> => {
  const results = await mapWithConcurrency(opts.jobs, CHECK_CONCURRENCY, async (job) => ({
    userId: job.userId,
    result: await opts.runCheck(job, opts.region),
  }));
  const chunks = chunk(results, JOBS_PER_MESSAGE);
  return chunks.map((packed) => ({
    kind: 'check_results',
    results: packed,
    pack: (chunks.length === 1 ? opts.pack : undefined) ?? packIdOf(packed.map(({ result }) => result)),
  }));
};
