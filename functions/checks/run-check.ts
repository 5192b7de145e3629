import type { CheckJob } from '../../shared/checks/check-job.js';
import type { CheckResult } from '../../shared/checks/check-result.js';
import { runDnsCheck } from './dns-check.js';
import { runHttpCheck } from './http-check.js';
import { runTcpCheck } from './tcp-check.js';

/**
 * One job of a checker, by the monitor's type (docs/checks.md "Monitor types"): an HTTP(S) check of
 * `url`, or the job's TCP or DNS target. Heartbeats never reach a checker (heartbeat-rounds.ts).
 */
export const runCheck = (job: CheckJob, region: string, deps: { allowLoopback: boolean }): Promise<CheckResult> => {
  const { target } = job;
  const common = { monitorId: job.monitorId, region, round: job.round, timeoutSeconds: job.timeoutSeconds, slowThresholdMs: job.slowThresholdMs };
  if (target?.type === 'tcp') return runTcpCheck({ ...common, host: target.host, port: target.port }, deps);
  if (target?.type === 'dns') {
    return runDnsCheck({ ...common, hostname: target.hostname, recordType: target.record_type, expectedValue: target.expected_value }, deps);
  }
  return runHttpCheck({ ...job, region }, deps);
};
