import type { ErrorCategory } from '../../shared/checks/check-result.js';

/**
 * Which error category a Node network error code means. Pure, so every mapping is tested without
 * a network. Timeouts are not here: our own timer decides between `timeout` and
 * `connection_timeout` from how far the request got.
 */

const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME', 'EAI_NODATA', 'ENODATA']);
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED']);
// Node names certificate problems after OpenSSL's verify results (CERT_HAS_EXPIRED,
// DEPTH_ZERO_SELF_SIGNED_CERT, ...) and handshake failures ERR_SSL_* / ERR_TLS_*. EPROTO is what a
// TLS handshake against a plain-http port gives ("wrong version number").
const TLS_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'EPROTO',
  // OpenSSL's verdicts on a certificate's strength (functions/checks/certificate-strength.ts).
  'UNSPECIFIED',
  'CA_MD_TOO_WEAK',
  'EE_KEY_TOO_SMALL',
  'CA_KEY_TOO_SMALL',
]);
const TLS_PREFIXES = ['CERT_', 'ERR_TLS_', 'ERR_SSL_'];

export const categorizeErrorCode = (code: string | null | undefined): ErrorCategory => {
  if (!code) return 'unknown';
  if (DNS_CODES.has(code)) return 'dns_failure';
  if (code === 'ECONNREFUSED') return 'connection_refused';
  if (RESET_CODES.has(code)) return 'connection_reset';
  // The kernel's own connect timeout; our timer usually fires first.
  if (code === 'ETIMEDOUT') return 'connection_timeout';
  if (TLS_CODES.has(code) || TLS_PREFIXES.some((prefix) => code.startsWith(prefix))) return 'tls_error';
  if (code.startsWith('HPE_')) return 'invalid_response';
  return 'unknown';
};

/** The `code` of a Node error (`ECONNREFUSED`, `HPE_HEADER_OVERFLOW`, ...), or null. */
export const errorCodeOf = (error: unknown): string | null => {
  if (typeof error !== 'object' || error === null || !('code' in error)) return null;
  return typeof error.code === 'string' && error.code !== '' ? error.code : null;
};
