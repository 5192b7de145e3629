/**
 * SSL certificate monitoring (docs/checks.md "SSL certificates"): every check of an https monitor
 * reports the certificate its first hop presented; the result processor keeps what it shows and
 * alerts at 30, 14, 7 and 1 days before expiry, once each per certificate, and once when the
 * certificate is invalid (expired, untrusted, or made out for another name). Pure.
 */
export interface CertificateInfo {
  /** SHA-256 fingerprint of the leaf certificate; null when the handshake failed before we saw it. */
  fingerprint: string | null;
  /** ISO times; null when unknown. */
  validFrom: string | null;
  validTo: string | null;
  /** The issuing organisation (or its common name). */
  issuer: string | null;
  /** The common name the certificate is made out for. */
  subject: string | null;
  /** Trusted chain, in its validity period, and made out for the monitor's host name. */
  valid: boolean;
  /** Why not valid: Node's code (CERT_HAS_EXPIRED, ERR_TLS_CERT_ALTNAME_INVALID, ...); null when valid. */
  error: string | null;
}

/** Days before expiry at which the owner is told, most distant first. */
export const SSL_EXPIRY_ALERT_DAYS = [30, 14, 7, 1] as const;

const DAY_MS = 86_400_000;

/** Whole days until `validTo` (negative once expired), counted down at each moment of expiry's time of day. */
export const daysLeft = (validTo: string, now: Date): number => Math.floor((Date.parse(validTo) - now.getTime()) / DAY_MS);

/**
 * What the processor remembers between rounds, in the monitor's state item (a few bytes: a steady
 * round writes nothing more): which certificate it last stored, and what it already alerted on it.
 */
export interface SslMarker {
  fingerprint: string | null;
  valid: boolean;
  /** Expiry marks (SSL_EXPIRY_ALERT_DAYS) already alerted for this certificate. */
  alerted: number[];
  /** Whether this certificate's invalidity was alerted. */
  invalidAlerted: boolean;
}

export type SslAlert = { kind: 'ssl_expiring'; mark: number; daysLeft: number } | { kind: 'ssl_invalid' };

export interface SslStep {
  marker: SslMarker;
  /** Whether the stored certificate item must be rewritten (another certificate, or its validity changed). */
  changed: boolean;
  alert: SslAlert | null;
}

/**
 * The next marker after a round that saw `certificate`, and the alert it calls for. A certificate
 * first seen 10 days before expiry is past the 30- and 14-day marks: ONE alert, at the 14-day
 * mark (the nearest passed), and both marks count as told. A new certificate starts afresh.
 */
export const sslStep = (previous: SslMarker | null, certificate: CertificateInfo, now: Date): SslStep => {
  const same = previous !== null && previous.fingerprint === certificate.fingerprint;
  const base: SslMarker = same ? previous : { fingerprint: certificate.fingerprint, valid: certificate.valid, alerted: [], invalidAlerted: false };
  const changed = !same || previous.valid !== certificate.valid;
  if (!certificate.valid) {
    const marker = { ...base, valid: false };
    if (base.invalidAlerted) return { marker, changed, alert: null };
    return { marker: { ...marker, invalidAlerted: true }, changed: true, alert: { kind: 'ssl_invalid' } };
  }
  // Valid again: a later invalidity of the same certificate is news again.
  const marker: SslMarker = { ...base, valid: true, invalidAlerted: false };
  if (!certificate.validTo) return { marker, changed, alert: null };
  const left = daysLeft(certificate.validTo, now);
  const passed = SSL_EXPIRY_ALERT_DAYS.filter((mark) => left < mark);
  const untold = passed.filter((mark) => !marker.alerted.includes(mark));
  if (!untold.length) return { marker, changed, alert: null };
  const nearest = Math.min(...passed);
  return {
    marker: { ...marker, alerted: [...new Set([...marker.alerted, ...passed])].sort((a, b) => b - a) },
    changed: true,
    alert: { kind: 'ssl_expiring', mark: nearest, daysLeft: left },
  };
};
