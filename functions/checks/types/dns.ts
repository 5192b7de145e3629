import { runDnsCheck } from '../dns-check.js';
import type { CheckRunner } from './contract.js';

/** A lookup of the target's records, matched against its expected value when given (dns-check.ts). */
export const checkDns: CheckRunner<'dns'> = (job, target, { region, allowLoopback }) =>
  runDnsCheck(
    {
      monitorId: job.monitorId,
      region,
      round: job.round,
      timeoutSeconds: job.timeoutSeconds,
      slowThresholdMs: job.slowThresholdMs,
      hostname: target.hostname,
      recordType: target.record_type,
      expectedValue: target.expected_value,
    },
    { allowLoopback },
  );
