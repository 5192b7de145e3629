import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkJob } from './check-fixtures.js';
import { runHttpCheck } from '../../../functions/checks/http-check.js';
import type { ResolveHost } from '../../../functions/checks/ssrf-guard.js';
import { daysLeft, sslStep } from '../../../shared/checks/certificate.js';
import { hasOpenssl, makeCertificates, type CertificateOptions } from '../../setup/test-certificates.js';

// SSL certificate monitoring (docs/checks.md "SSL certificates") from the certificate a real TLS
// server presents: a certificate authority and a leaf made by openssl, the leaf expiring in 10 days.

const job = checkJob;
const resolve: ResolveHost = async () => [{ address: '127.0.0.1', family: 4 }];

describe.skipIf(!hasOpenssl)('certificates seen by the check (skipped when openssl is not installed)', () => {
  let server: https.Server;
  let port: number;
  let ca: string;

  beforeAll(async () => {
    const made = makeCertificates({ names: ['site.example.test', 'www.site.example.test'], days: 10 });
    ca = made.ca;
    server = https.createServer({ key: made.key, cert: made.cert }, (_req, res) => res.end('ok'));
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  it('reports a valid certificate: issuer, subject, validity, 9 whole days left', async () => {
    const result = await runHttpCheck(job(`https://site.example.test:${port}/`), { allowLoopback: true, resolve, ca });
    expect(result).toMatchObject({ outcome: 'up', errorCategory: null });
    const certificate = result.certificate!;
    expect(certificate).toMatchObject({ valid: true, error: null, issuer: 'Upwatch Test CA', subject: 'site.example.test' });
    expect(certificate.fingerprint).toMatch(/^[0-9a-f]{16}$/);
    expect(daysLeft(certificate.validTo!, new Date())).toBe(9);
  });

  it('alerts once, at the 14-day mark, for a certificate first seen 10 days before expiry', async () => {
    const now = new Date();
    const { certificate } = await runHttpCheck(job(`https://site.example.test:${port}/`), { allowLoopback: true, resolve, ca });
    const first = sslStep(null, certificate!, now);
    expect(first.alert).toEqual({ kind: 'ssl_expiring', mark: 14, daysLeft: 9 });
    expect(first.marker.alerted).toEqual([30, 14]);
    const again = sslStep(first.marker, certificate!, new Date(now.getTime() + 3_600_000));
    expect(again).toMatchObject({ alert: null, changed: false });
    // Two days on, the 7-day mark has passed: its own alert, once.
    const later = sslStep(again.marker, certificate!, new Date(now.getTime() + 3 * 86_400_000));
    expect(later.alert).toMatchObject({ kind: 'ssl_expiring', mark: 7 });
  });

  it('a certificate made out for another name is invalid, and still described', async () => {
    const result = await runHttpCheck(job(`https://other.example.test:${port}/`), { allowLoopback: true, resolve, ca });
    expect(result).toMatchObject({ outcome: 'down', errorCategory: 'tls_error' });
    expect(result.certificate).toMatchObject({ valid: false, error: 'ERR_TLS_CERT_ALTNAME_INVALID', issuer: 'Upwatch Test CA' });
    const step = sslStep(null, result.certificate!, new Date());
    expect(step.alert).toEqual({ kind: 'ssl_invalid' });
    expect(sslStep(step.marker, result.certificate!, new Date()).alert).toBeNull();
  });

  it('an untrusted chain is invalid', async () => {
    const result = await runHttpCheck(job(`https://site.example.test:${port}/`), { allowLoopback: true, resolve });
    expect(result.certificate).toMatchObject({ valid: false, error: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE', subject: 'site.example.test' });
  });

  it('an http monitor reports no certificate', async () => {
    const result = await runHttpCheck(job(`http://127.0.0.1:${port}/`), { allowLoopback: true });
    expect(result.certificate).toBeUndefined();
  });
});

describe.skipIf(!hasOpenssl)('certificates browsers refuse (docs/checks.md "Certificates browsers refuse"; skipped without openssl)', () => {
  const servers: https.Server[] = [];
  afterAll(() => Promise.all(servers.map((server) => new Promise<void>((done) => server.close(() => done())))));

  /** A site whose chain the check trusts (its own CA), presenting a leaf made with `options`; counts the requests it got. */
  const siteWith = async (options: Omit<CertificateOptions, 'names' | 'days'>) => {
    const made = makeCertificates({ names: ['site.example.test'], days: 90, ...options });
    const seen = { requests: 0 };
    // The test server itself must be willing to present such a certificate (OpenSSL's level 0).
    const server = https.createServer({ key: made.key, cert: made.cert, ciphers: 'DEFAULT@SECLEVEL=0' }, (_req, res) => {
      seen.requests += 1;
      res.end('ok');
    });
    servers.push(server);
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const url = `https://site.example.test:${(server.address() as AddressInfo).port}/`;
    return { check: () => runHttpCheck(job(url), { allowLoopback: true, resolve, ca: made.ca }), seen };
  };

  it('an RSA key under 2048 bits: down with tls_error, the certificate invalid as CERT_WEAK_KEY, no request sent', async () => {
    const site = await siteWith({ leafRsaBits: 1024 });
    const result = await site.check();
    expect(result).toMatchObject({ outcome: 'down', errorCategory: 'tls_error' });
    expect(result.message).toMatch(/^CERT_WEAK_KEY /);
    expect(result.certificate).toMatchObject({ valid: false, error: 'CERT_WEAK_KEY', subject: 'site.example.test' });
    expect(site.seen.requests).toBe(0);
  });

  it('a SHA-1 signature: CERT_WEAK_SIGNATURE, not OpenSSL\'s unexplained code', async () => {
    const result = await (await siteWith({ digest: 'sha1' })).check();
    expect(result).toMatchObject({ outcome: 'down', errorCategory: 'tls_error' });
    expect(result.certificate).toMatchObject({ valid: false, error: 'CERT_WEAK_SIGNATURE' });
  });

  it('an MD5 signature: CERT_WEAK_SIGNATURE', async () => {
    const result = await (await siteWith({ digest: 'md5', caRsa: true })).check();
    expect(result.certificate).toMatchObject({ valid: false, error: 'CERT_WEAK_SIGNATURE' });
  });

  it('a 2048-bit RSA key signed with SHA-256 is fine, as browsers find it', async () => {
    const site = await siteWith({ leafRsaBits: 2048, caRsa: true });
    const result = await site.check();
    expect(result).toMatchObject({ outcome: 'up', certificate: { valid: true, error: null } });
    expect(site.seen.requests).toBe(1);
  });
});
