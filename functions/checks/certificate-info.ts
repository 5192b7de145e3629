import type { PeerCertificate } from 'node:tls';
import type { CertificateInfo } from '../../shared/checks/certificate.js';

/**
 * The certificate of a check's first https hop as results carry it (docs/checks.md "SSL
 * certificates"). `error` is the code of the TLS failure the hop ended in (CERT_HAS_EXPIRED,
 * ERR_TLS_CERT_ALTNAME_INVALID, ...), null when the handshake and its verification passed.
 */
const isoOf = (text: string | undefined): string | null => {
  const time = text ? Date.parse(text) : Number.NaN;
  return Number.isNaN(time) ? null : new Date(time).toISOString();
};

const nameOf = (entity: Partial<Record<string, string | string[]>> | undefined, ...fields: string[]): string | null => {
  for (const field of fields) {
    const value = entity?.[field];
    if (typeof value === 'string' && value) return value;
    if (Array.isArray(value) && value.length) return value.join(', ');
  }
  return null;
};

export const certificateInfo = (certificate: PeerCertificate | undefined, error: string | null): CertificateInfo => ({
  fingerprint: certificate?.fingerprint256 ? certificate.fingerprint256.replace(/:/g, '').slice(0, 16).toLowerCase() : null,
  validFrom: isoOf(certificate?.valid_from),
  validTo: isoOf(certificate?.valid_to),
  issuer: nameOf(certificate?.issuer as Partial<Record<string, string>> | undefined, 'O', 'CN'),
  subject: nameOf(certificate?.subject as Partial<Record<string, string>> | undefined, 'CN') ?? certificate?.subjectaltname ?? null,
  valid: error === null,
  error,
});
