import { describe, expect, it } from 'vitest';
import type { ErrorCategory } from '../../../shared/checks/check-result.js';
import { categorizeErrorCode, errorCodeOf } from '../../../functions/checks/classify-error.js';

describe('categorizeErrorCode', () => {
  it.each<[string, ErrorCategory]>([
    ['ENOTFOUND', 'dns_failure'],
    ['EAI_AGAIN', 'dns_failure'],
    ['EAI_FAIL', 'dns_failure'],
    ['ENODATA', 'dns_failure'],
    ['ECONNREFUSED', 'connection_refused'],
    ['ECONNRESET', 'connection_reset'],
    ['EPIPE', 'connection_reset'],
    ['ECONNABORTED', 'connection_reset'],
    ['ETIMEDOUT', 'connection_timeout'],
    ['CERT_HAS_EXPIRED', 'tls_error'],
    ['CERT_NOT_YET_VALID', 'tls_error'],
    ['DEPTH_ZERO_SELF_SIGNED_CERT', 'tls_error'],
    ['SELF_SIGNED_CERT_IN_CHAIN', 'tls_error'],
    ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'tls_error'],
    // OpenSSL's verdicts on a certificate's strength, and ours (docs/checks.md "Certificates browsers refuse").
    ['UNSPECIFIED', 'tls_error'],
    ['CA_MD_TOO_WEAK', 'tls_error'],
    ['EE_KEY_TOO_SMALL', 'tls_error'],
    ['CA_KEY_TOO_SMALL', 'tls_error'],
    ['CERT_WEAK_KEY', 'tls_error'],
    ['CERT_WEAK_SIGNATURE', 'tls_error'],
    ['UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'tls_error'],
    ['ERR_TLS_CERT_ALTNAME_INVALID', 'tls_error'],
    ['ERR_SSL_WRONG_VERSION_NUMBER', 'tls_error'],
    ['ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE', 'tls_error'],
    ['EPROTO', 'tls_error'],
    ['HPE_HEADER_OVERFLOW', 'invalid_response'],
    ['HPE_INVALID_CONSTANT', 'invalid_response'],
    ['HPE_INVALID_CHUNK_SIZE', 'invalid_response'],
    ['EHOSTUNREACH', 'unknown'],
    ['ERR_SOMETHING_NEW', 'unknown'],
  ])('maps %s to %s', (code, category) => {
    expect(categorizeErrorCode(code)).toBe(category);
  });

  it('maps a missing code to unknown', () => {
    expect(categorizeErrorCode(null)).toBe('unknown');
    expect(categorizeErrorCode(undefined)).toBe('unknown');
    expect(categorizeErrorCode('')).toBe('unknown');
  });
});

describe('errorCodeOf', () => {
  it('reads the code of a Node error', () => {
    expect(errorCodeOf(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe('ECONNREFUSED');
  });

  it.each([new Error('plain'), 'text', null, undefined, { code: 42 }, { code: '' }])('has no code for %j', (value) => {
    expect(errorCodeOf(value)).toBeNull();
  });
});
