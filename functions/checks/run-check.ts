import type { CheckJob } from '../../shared/checks/check-job.js';
import type { CheckResult } from '../../shared/checks/check-result.js';
import { DEFAULT_MONITOR_TYPE } from '../../shared/monitors/types/index.js';
import { checkRunnerOf } from './types/index.js';

/**
 * One job of a checker, by the monitor's type (docs/checks.md "Monitor types"): the job's target
 * names it (a job without one is a check of `url`, the default type), and the type's runner in the
 * checkers' registry (types/index.ts) runs it. A type with no runner (unknown, or one no checker
 * runs, like a heartbeat) is a bug in the sender: an error, never an HTTP check of the url.
 */
export const runCheck = (job: CheckJob, region: string, deps: { allowLoopback: boolean }): Promise<CheckResult> => {
  const type: string = job.target?.type ?? DEFAULT_MONITOR_TYPE;
  const runner = checkRunnerOf(type);
  if (!runner) return Promise.reject(new Error(`No checker runs monitor type "${type}" (monitor ${job.monitorId}): the job is not checked`));
  return runner(job, job.target as never, { region, allowLoopback: deps.allowLoopback });
};
