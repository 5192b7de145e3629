import { runTcpCheck } from '../tcp-check.js';
import type { CheckRunner } from './contract.js';

/** A connection to the target's host and port (tcp-check.ts). */
export const checkTcp: CheckRunner<'tcp'> = (job, { host, port }, { region, allowLoopback }) =>
  runTcpCheck(
    { monitorId: job.monitorId, region, round: job.round, timeoutSeconds: job.timeoutSeconds, slowThresholdMs: job.slowThresholdMs, host, port },
    { allowLoopback },
  );
