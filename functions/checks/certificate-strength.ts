import { checkServerIdentity, type DetailedPeerCertificate, type PeerCertificate } from 'node:tls';

/**
 * Certificates a current browser refuses although OpenSSL's defaults let them through (docs/checks.md
 * "Certificates browsers refuse"): an RSA key under 2048 bits, or a signature made with SHA-1, MD5,
 * MD4 or MD2, anywhere in the chain the site presents (the trust anchor's own self-signature aside:
 * browsers never check it). Judged on the leaf and its intermediates as the handshake ends, so the
 * check refuses such a certificate before any request (or secret) goes over it, as a browser would.
 */
export const WEAK_KEY = 'CERT_WEAK_KEY';
export const WEAK_SIGNATURE = 'CERT_WEAK_SIGNATURE';
export type CertificateWeakness = typeof WEAK_KEY | typeof WEAK_SIGNATURE;

/** The CA/Browser Forum's floor, which browsers enforce. */
export const MIN_RSA_KEY_BITS = 2048;

/** Signature algorithms by OID whose hash browsers no longer accept. */
const WEAK_SIGNATURE_OIDS = new Set([
  '1.2.840.113549.1.1.2', // md2WithRSAEncryption
  '1.2.840.113549.1.1.3', // md4WithRSAEncryption
  '1.2.840.113549.1.1.4', // md5WithRSAEncryption
  '1.2.840.113549.1.1.5', // sha1WithRSAEncryption
  '1.3.14.3.2.29', // sha1WithRSASignature (OIW)
  '1.2.840.10045.4.1', // ecdsa-with-SHA1
  '1.2.840.10040.4.3', // dsa-with-sha1
]);

interface Tlv {
  tag: number;
  /** Where the value starts. */
  start: number;
  /** Where the value ends (exclusive). */
  end: number;
}

const readTlv = (der: Uint8Array, at: number): Tlv | null => {
  if (at + 2 > der.length) return null;
  const tag = der[at]!;
  let length = der[at + 1]!;
  let start = at + 2;
  if (length & 0x80) {
    const octets = length & 0x7f;
    if (octets === 0 || octets > 4 || start + octets > der.length) return null;
    length = 0;
    for (let i = 0; i < octets; i++) length = length * 256 + der[start + i]!;
    start += octets;
  }
  const end = start + length;
  return end > der.length ? null : { tag, start, end };
};

const oidText = (der: Uint8Array, { start, end }: Tlv): string => {
  const first = der[start]!;
  const parts = [Math.min(2, Math.floor(first / 40)), first - 40 * Math.min(2, Math.floor(first / 40))];
  let value = 0;
  for (let i = start + 1; i < end; i++) {
    value = value * 128 + (der[i]! & 0x7f);
    if (!(der[i]! & 0x80)) {
      parts.push(value);
      value = 0;
    }
  }
  return parts.join('.');
};

const SEQUENCE = 0x30;
const OID = 0x06;

/**
 * The OID of a DER certificate's signature algorithm: Certificate ::= SEQUENCE { tbsCertificate,
 * signatureAlgorithm SEQUENCE { algorithm OID, ... }, signature }. Null when it does not parse.
 */
export const signatureAlgorithmOid = (der: Uint8Array): string | null => {
  const certificate = readTlv(der, 0);
  if (certificate?.tag !== SEQUENCE) return null;
  const tbs = readTlv(der, certificate.start);
  if (tbs?.tag !== SEQUENCE) return null;
  const algorithm = readTlv(der, tbs.end);
  if (algorithm?.tag !== SEQUENCE) return null;
  const oid = readTlv(der, algorithm.start);
  return oid?.tag === OID && oid.end > oid.start ? oidText(der, oid) : null;
};

/** The chain as presented: the leaf, then each issuer up to (not including) a self-signed trust anchor. */
const chainOf = (leaf: PeerCertificate | DetailedPeerCertificate): PeerCertificate[] => {
  const chain: PeerCertificate[] = [leaf];
  let current = leaf as Partial<DetailedPeerCertificate>;
  while (chain.length < 10) {
    const issuer = current.issuerCertificate;
    if (!issuer || issuer === current || issuer.fingerprint256 === current.fingerprint256) break;
    const selfSigned = issuer.issuerCertificate === issuer || issuer.issuerCertificate?.fingerprint256 === issuer.fingerprint256;
    if (selfSigned) break;
    chain.push(issuer);
    current = issuer;
  }
  return chain;
};

/** Why a browser would refuse this certificate (its chain, when the handshake gave it), or null. */
export const certificateWeakness = (leaf: PeerCertificate | DetailedPeerCertificate): CertificateWeakness | null => {
  const chain = chainOf(leaf);
  if (chain.some((certificate) => certificate.raw && WEAK_SIGNATURE_OIDS.has(signatureAlgorithmOid(certificate.raw) ?? ''))) return WEAK_SIGNATURE;
  // RSA keys carry a modulus; an EC key's `bits` is its curve's size, judged by OpenSSL already.
  if (chain.some((certificate) => certificate.modulus && certificate.bits !== undefined && certificate.bits < MIN_RSA_KEY_BITS)) return WEAK_KEY;
  return null;
};

/**
 * The verify errors OpenSSL itself gives some of these certificates, depending on its security
 * level: a SHA-1 or MD5 signature comes back as UNSPECIFIED or CA_MD_TOO_WEAK, a short key as
 * EE_KEY_TOO_SMALL or CA_KEY_TOO_SMALL. Said of a weak certificate, our code says why.
 */
const OPENSSL_STRENGTH_CODES = new Set(['UNSPECIFIED', 'CA_MD_TOO_WEAK', 'EE_KEY_TOO_SMALL', 'CA_KEY_TOO_SMALL']);

/** The certificate error to report for a handshake that failed with `code`: ours when it is about the certificate's strength. */
export const certificateErrorOf = (code: string, certificate: PeerCertificate | undefined): string => {
  if (!certificate || !OPENSSL_STRENGTH_CODES.has(code)) return code;
  return certificateWeakness(certificate) ?? code;
};

const weaknessError = (weakness: CertificateWeakness): Error =>
  Object.assign(
    new Error(weakness === WEAK_KEY ? `certificate key shorter than ${MIN_RSA_KEY_BITS} bits` : 'certificate signed with SHA-1 or MD5'),
    { code: weakness },
  );

/**
 * tls.connect's `checkServerIdentity`, which Node calls once the chain is trusted: the host name as
 * Node checks it, then what browsers refuse on top. An Error (with `code`) ends the handshake.
 */
export const checkServerAsBrowsers = (host: string, certificate: PeerCertificate): Error | undefined => {
  const identity = checkServerIdentity(host, certificate);
  if (identity) return identity;
  const weakness = certificateWeakness(certificate);
  return weakness ? weaknessError(weakness) : undefined;
};
