import type { CheckJob } from '../../../shared/checks/check-job.js';
import type { CheckResult } from '../../../shared/checks/check-result.js';
import type { MONITOR_TYPE_DEFINITIONS, MonitorType } from '../../../shared/monitors/types/index.js';

/**
 * The checker's part of a monitor type (docs/checks.md "Adding a monitor type"): the function that
 * checks one job from one region. A site being down is a result, not an error; the runner does not
 * throw. `target` is the job's target as the type's shared module defines it (undefined for a type
 * checked by `url`).
 */
export type CheckRunner<Type extends MonitorType> = (job: CheckJob, target: JobTargetFor<Type>, ctx: CheckContext) => Promise<CheckResult>;

export interface CheckContext {
  region: string;
  /** Loopback and private targets allowed (UPWATCH_ALLOW_PRIVATE_TARGETS=1, local use only). */
  allowLoopback: boolean;
}

type Job<Type extends MonitorType> = (typeof MONITOR_TYPE_DEFINITIONS)[Type]['job'];

/** The target a job of the type carries. */
export type JobTargetFor<Type extends MonitorType> =
  Job<Type> extends { kind: 'target'; of: (...args: never[]) => infer Target } ? Target : undefined;

/**
 * The entry each type needs in the checkers' registry: a runner for a type a checker runs, and
 * `null` for a type whose shared module says no checker is involved (`job.kind` 'none').
 */
export type CheckRunnerEntry<Type extends MonitorType> = Job<Type> extends { kind: 'none' } ? null : CheckRunner<Type>;
