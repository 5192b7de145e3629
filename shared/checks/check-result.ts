import type { CertificateInfo } from './certificate.js';

/**
 * What one check of one monitor from one region produced. A site being down is data, not an
 * exception: every check ends in a `CheckResult`.
 */
export const CHECK_OUTCOMES = ['up', 'down', 'degraded'] as const;
/** up: answered 2xx/3xx in time; degraded: answered fine but slower than the slow threshold; down: anything else. */
export type CheckOutcome = (typeof CHECK_OUTCOMES)[number];

export const ERROR_CATEGORIES = [
  'dns_failure',
  'connection_refused',
  'connection_timeout',
  'connection_reset',
  'tls_error',
  'http_4xx',
  'http_5xx',
  'timeout',
  'too_many_redirects',
  'invalid_response',
  'blocked_target',
  'unknown',
  // Assertions (docs/checks.md): the site answered, but not what the monitor expects.
  'unexpected_status',
  'keyword_missing',
  'keyword_found',
  'json_mismatch',
  'header_mismatch',
  'body_too_large',
  // Other monitor types (docs/checks.md "Monitor types"): a DNS answer without the expected value,
  // a heartbeat that did not come, or came as a failure report.
  'dns_mismatch',
  'heartbeat_missing',
  'heartbeat_failed',
] as const;
export type ErrorCategory = (typeof ERROR_CATEGORIES)[number];

/** What a monitor may assert about an answer (response time is the slow threshold, never down). */
export const ASSERTION_KINDS = ['status', 'keyword', 'json_path', 'header'] as const;
export type AssertionKind = (typeof ASSERTION_KINDS)[number];

/** Phase timings in milliseconds; null when the phase did not happen (no TLS on http, DNS for an IP). */
export interface CheckTimings {
  dns: number | null;
  connect: number | null;
  tls: number | null;
  ttfb: number | null;
  total: number;
}

export interface CheckResult {
  monitorId: string;
  /** Checker region that ran it, e.g. `eu-west-1`. */
  region: string;
  /** The dispatch round this check belongs to (see check jobs); results are grouped by it. */
  round: string;
  outcome: CheckOutcome;
  /** Null when the outcome is up or degraded. */
  errorCategory: ErrorCategory | null;
  statusCode: number | null;
  timings: CheckTimings;
  /** ISO time the check started. */
  checkedAt: string;
  /** 1, or 2 when a failure was retried once before being reported (docs/checks.md "One check"). */
  attempts: number;
  /** A short technical note for the incident details (e.g. "getaddrinfo ENOTFOUND shop.example"). */
  message: string | null;
  /** The assertions this answer failed (assertions.ts); absent when none failed. */
  failedAssertions?: AssertionKind[];
  /** The certificate an https monitor's host presented (certificate.ts); absent for http. */
  certificate?: CertificateInfo;
}

/** A blocked target is refused by our own guard: it says nothing about the site's health. */
export const countsAsVote = (result: Pick<CheckResult, 'errorCategory'>): boolean =>
  result.errorCategory !== 'blocked_target';
