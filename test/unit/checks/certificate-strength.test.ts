import { X509Certificate } from 'node:crypto';
import type { DetailedPeerCertificate } from 'node:tls';
import { describe, expect, it } from 'vitest';
import { certificateErrorOf, certificateWeakness, signatureAlgorithmOid } from '../../../functions/checks/certificate-strength.js';
import { hasOpenssl, makeCertificates } from '../../setup/test-certificates.js';

// docs/checks.md "Certificates browsers refuse": which certificates of a presented chain are
// judged, read from the DER of certificates openssl makes.

const der = (pem: string): DetailedPeerCertificate['raw'] => new X509Certificate(pem).raw as DetailedPeerCertificate['raw'];

/** A chain as tls's getPeerCertificate(true) gives it: each certificate points at its issuer; a trust anchor at itself. */
const chain = (...certificates: Partial<DetailedPeerCertificate>[]): DetailedPeerCertificate => {
  certificates.forEach((certificate, index) => {
    certificate.fingerprint256 ??= `fp-${index}`;
    certificate.issuerCertificate = (certificates[index + 1] ?? certificate) as DetailedPeerCertificate;
  });
  return certificates[0] as DetailedPeerCertificate;
};

describe.skipIf(!hasOpenssl)('certificateWeakness (skipped without openssl)', () => {
  const sha256 = makeCertificates({ names: ['site.example.test'], days: 30 });
  const sha1 = makeCertificates({ names: ['site.example.test'], days: 30, digest: 'sha1' });

  it('reads the signature algorithm of a DER certificate, and nothing of bytes that are not one', () => {
    expect(signatureAlgorithmOid(der(sha256.cert))).toBe('1.2.840.10045.4.3.2'); // ecdsa-with-SHA256
    expect(signatureAlgorithmOid(der(sha1.cert))).toBe('1.2.840.10045.4.1'); // ecdsa-with-SHA1
    expect(signatureAlgorithmOid(Buffer.from('not a certificate'))).toBeNull();
    expect(signatureAlgorithmOid(Buffer.alloc(0))).toBeNull();
  });

  it('judges the leaf and the intermediates, not the trust anchor at the top', () => {
    const leaf = { raw: der(sha256.cert) };
    expect(certificateWeakness(chain(leaf, { raw: der(sha1.cert) }))).toBeNull();
    expect(certificateWeakness(chain({ raw: der(sha256.cert) }, { raw: der(sha1.cert) }, { raw: der(sha256.ca) }))).toBe('CERT_WEAK_SIGNATURE');
    expect(certificateWeakness(chain({ raw: der(sha1.cert) }))).toBe('CERT_WEAK_SIGNATURE');
  });

  it('an RSA key under 2048 bits anywhere below the anchor is weak; an EC key is judged by its curve, not here', () => {
    const weakIntermediate = { raw: der(sha256.ca), modulus: 'AB', bits: 1024 };
    expect(certificateWeakness(chain({ raw: der(sha256.cert) }, weakIntermediate, { raw: der(sha256.ca) }))).toBe('CERT_WEAK_KEY');
    expect(certificateWeakness(chain({ raw: der(sha256.cert), modulus: 'AB', bits: 2048 }, { raw: der(sha256.ca) }))).toBeNull();
    expect(certificateWeakness(chain({ raw: der(sha256.cert), bits: 256 }, { raw: der(sha256.ca) }))).toBeNull();
  });

  it("names OpenSSL's unexplained refusals by the weakness it finds, and leaves every other code alone", () => {
    const weak = chain({ raw: der(sha1.cert) }, { raw: der(sha1.ca) });
    expect(certificateErrorOf('UNSPECIFIED', weak)).toBe('CERT_WEAK_SIGNATURE');
    expect(certificateErrorOf('CA_MD_TOO_WEAK', weak)).toBe('CERT_WEAK_SIGNATURE');
    expect(certificateErrorOf('CERT_HAS_EXPIRED', weak)).toBe('CERT_HAS_EXPIRED');
    expect(certificateErrorOf('UNSPECIFIED', undefined)).toBe('UNSPECIFIED');
  });
});
