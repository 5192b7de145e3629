import { describe, expect, it } from 'vitest';
import { alertEmail } from '../../../functions/services/alerts/alert-email.js';
import { roundCertificate } from '../../../functions/services/checks/apply-ssl.js';
import type { CertificateInfo } from '../../../shared/checks/certificate.js';
import { sslStep } from '../../../shared/checks/certificate.js';
import type { CheckResult } from '../../../shared/checks/check-result.js';
import { sslAlertText, sslTransitionId } from '../../../shared/checks/ssl-alerts.js';

// Certificate alerts (docs/checks.md "SSL certificates"): which certificate a round stands for,
// the marks, the outbox key, and the mail.

const NOW = new Date('2026-03-01T12:00:00.000Z');
const cert = (fields: Partial<CertificateInfo> = {}): CertificateInfo => ({
  fingerprint: 'a1b2c3d4e5f60718',
  validFrom: '2026-01-01T00:00:00.000Z',
  validTo: '2026-03-11T12:00:00.000Z',
  issuer: "Let's Encrypt",
  subject: 'shop.example.com',
  valid: true,
  error: null,
  ...fields,
});
const result = (region: string, certificate?: CertificateInfo): CheckResult => ({
  monitorId: 'm',
  region,
  round: NOW.toISOString(),
  outcome: 'up',
  errorCategory: null,
  statusCode: 200,
  timings: { dns: 1, connect: 1, tls: 1, ttfb: 1, total: 4 },
  checkedAt: NOW.toISOString(),
  attempts: 1,
  message: null,
  ...(certificate ? { certificate } : {}),
});

describe('roundCertificate', () => {
  it('is invalid only when at least half of the regions that saw one found it invalid', () => {
    const bad = cert({ valid: false, error: 'CERT_HAS_EXPIRED' });
    expect(roundCertificate([result('a', cert()), result('b', cert()), result('c', bad)])?.valid).toBe(true);
    expect(roundCertificate([result('a', cert()), result('b', bad), result('c', bad)])?.valid).toBe(false);
    expect(roundCertificate([result('a'), result('b')])).toBeNull();
  });
});

describe('sslStep', () => {
  it('walks the marks once each; a renewed certificate starts afresh', () => {
    let step = sslStep(null, cert({ validTo: '2026-04-15T12:00:00.000Z' }), NOW);
    expect(step).toMatchObject({ alert: null, changed: true });
    step = sslStep(step.marker, cert({ validTo: '2026-03-25T12:00:00.000Z', fingerprint: 'a1b2c3d4e5f60718' }), NOW);
    expect(step.alert).toMatchObject({ kind: 'ssl_expiring', mark: 30 });
    step = sslStep(step.marker, cert({ validTo: '2026-03-25T12:00:00.000Z' }), NOW);
    expect(step.alert).toBeNull();
    const renewed = sslStep(step.marker, cert({ fingerprint: 'ffffffffffffffff', validTo: '2026-06-01T00:00:00.000Z' }), NOW);
    expect(renewed).toMatchObject({ alert: null, changed: true, marker: { alerted: [] } });
  });

  it('invalid alerts once, and again only after being valid in between', () => {
    const bad = cert({ valid: false, error: 'ERR_TLS_CERT_ALTNAME_INVALID', validTo: '2027-01-01T00:00:00.000Z' });
    const first = sslStep(null, bad, NOW);
    expect(first.alert).toEqual({ kind: 'ssl_invalid' });
    expect(sslStep(first.marker, bad, NOW).alert).toBeNull();
    const fixed = sslStep(first.marker, { ...bad, valid: true, error: null }, NOW);
    expect(sslStep(fixed.marker, bad, NOW).alert).toEqual({ kind: 'ssl_invalid' });
  });
});

describe('the certificate alert mail', () => {
  it('says how long is left, what to do, and links to the monitor; its outbox key names certificate and mark', () => {
    const certificate = cert();
    const alert = { kind: 'ssl_expiring' as const, mark: 14, daysLeft: 10 };
    expect(sslTransitionId('01MON', certificate, alert)).toBe('01MON#ssl#a1b2c3d4e5f60718#14d');
    const text = sslAlertText(certificate, alert);
    const mail = alertEmail({
      to: 'owner@example.com',
      timezone: null,
      appUrl: 'https://app.example.com',
      monitorName: 'Shop',
      monitorUrl: 'https://shop.example.com',
      alert: { transitionId: 't', event: 'ssl_expiring', monitorId: '01MON', round: NOW.toISOString(), incidentId: '', occurredAt: NOW.toISOString(), since: certificate.validTo, ...text },
    });
    expect(mail.subject).toBe('SSL Certificate Expiring: Shop');
    expect(mail.text).toContain('Your SSL certificate expires in less than 14 days (on 2026-03-11).');
    expect(mail.text).toContain('Renew the certificate');
    expect(mail.text).toContain('https://app.example.com/app/monitors/01MON');
  });

  it('explains an invalid certificate in words', () => {
    const text = sslAlertText(cert({ valid: false, error: 'ERR_TLS_CERT_ALTNAME_INVALID' }), { kind: 'ssl_invalid' });
    expect(text.message).toBe('Your SSL certificate is not valid: it is made out for another name than this address.');
    expect(text.details.error_category).toBe('tls_error');
  });

  it('explains a certificate browsers refuse for its key or its signature, and what to get instead', () => {
    const weakKey = sslAlertText(cert({ valid: false, error: 'CERT_WEAK_KEY' }), { kind: 'ssl_invalid' });
    expect(weakKey.message).toBe('Your SSL certificate is not valid: its key is too short (an RSA key under 2048 bits), so current browsers refuse it.');
    expect(weakKey.details.recommended_action).toMatch(/^Get a new certificate with a 2048-bit \(or longer\) RSA key or an ECDSA key/);
    const weakSignature = sslAlertText(cert({ valid: false, error: 'CERT_WEAK_SIGNATURE' }), { kind: 'ssl_invalid' });
    expect(weakSignature.message).toBe('Your SSL certificate is not valid: it is signed with SHA-1 or MD5, which current browsers no longer accept.');
    expect(weakSignature.details.recommended_action).toMatch(/^Get a new certificate signed with SHA-256/);
  });
});
