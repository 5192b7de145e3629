import type { SendOutcome } from './contract.js';

/**
 * What an AWS SDK error from SNS or SES means for a delivery (docs/alerts.md "Delivery"):
 * throttling, AWS's own faults and no answer at all are tried again; a request AWS will never
 * take (a bad number, an opted-out phone, a rejected address) is final.
 */

const THROTTLING = /Throttl|TooManyRequests|RequestLimitExceeded|SlowDown/i;
const SERVER_FAULT = /InternalError|InternalFailure|ServiceUnavailable|KMSThrottling|KMSOptInRequired/i;

interface AwsErrorLike {
  name?: string;
  message?: string;
  $fault?: 'client' | 'server';
  $metadata?: { httpStatusCode?: number };
}

const asAwsError = (error: unknown): AwsErrorLike => (error !== null && typeof error === 'object' ? (error as AwsErrorLike) : { message: String(error) });

export const awsErrorOutcome = (
  error: unknown,
  opts: { service: string; latencyMs: number; explainFinal?: (name: string, message: string) => string | undefined },
): SendOutcome & { ok: false } => {
  const aws = asAwsError(error);
  const name = aws.name ?? 'Error';
  const message = (aws.message ?? '').replace(/\s+/g, ' ').trim().slice(0, 200);
  const status = aws.$metadata?.httpStatusCode ?? null;
  const said = `${name}${message ? `: ${message}` : ''}`;
  const base = { ok: false as const, httpStatus: status, latencyMs: opts.latencyMs };
  if (THROTTLING.test(name) || status === 429) return { ...base, retryable: true, error: `${opts.service} asked us to slow down (${said}); we try again.` };
  // No status: the request never got an answer (a timeout, a network fault).
  if (status === null || status >= 500 || aws.$fault === 'server' || SERVER_FAULT.test(name)) {
    return { ...base, retryable: true, error: `${opts.service} could not take the message just now (${said}); we try again.` };
  }
  return { ...base, retryable: false, error: opts.explainFinal?.(name, message) ?? `${opts.service} refused the message (${said}).` };
};
