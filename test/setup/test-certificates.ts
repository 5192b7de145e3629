import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Certificates made with openssl for TLS tests: a certificate authority of the test's own and a
 * leaf it signed for `names`, valid for `days` from now. Checks trust the authority through their
 * `ca` dependency, so the leaf is as valid to them as a real site's. Free of vitest.
 */
export const hasOpenssl = (() => {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

export interface TestCertificates {
  ca: string;
  key: string;
  cert: string;
}

export interface CertificateOptions {
  names: string[];
  days: number;
  /** The leaf's key: an EC P-256 key (default) or an RSA key of this many bits. */
  leafRsaBits?: number;
  /** The digest the authority signs the leaf with (default sha256): sha1 and md5 make certificates browsers refuse. */
  digest?: 'sha256' | 'sha1' | 'md5';
  /** The authority's key: EC P-256 (default) or RSA 2048 (an MD5 signature needs an RSA authority). */
  caRsa?: boolean;
}

export const makeCertificates = (opts: CertificateOptions): TestCertificates => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'upwatch-certs-'));
  const file = (name: string) => path.join(dir, name);
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  try {
    const caKey = opts.caRsa ? ['-newkey', 'rsa:2048', '-nodes'] : ec;
    execFileSync('openssl', ['req', '-x509', ...caKey, '-days', '60', '-subj', '/O=Upwatch Test CA/CN=Upwatch Test CA', '-keyout', file('ca.key'), '-out', file('ca.pem')], { stdio: 'ignore' });
    const leafKey = opts.leafRsaBits ? ['-newkey', `rsa:${opts.leafRsaBits}`, '-nodes'] : ec;
    execFileSync('openssl', ['req', ...leafKey, '-subj', `/CN=${opts.names[0]}`, '-keyout', file('leaf.key'), '-out', file('leaf.csr')], { stdio: 'ignore' });
    fs.writeFileSync(file('ext.cnf'), `subjectAltName=${opts.names.map((name) => `DNS:${name}`).join(',')}\n`);
    execFileSync('openssl', [
      'x509', '-req', '-in', file('leaf.csr'), '-CA', file('ca.pem'), '-CAkey', file('ca.key'), '-CAcreateserial',
      '-days', String(opts.days), `-${opts.digest ?? 'sha256'}`, '-extfile', file('ext.cnf'), '-out', file('leaf.pem'),
    ], { stdio: 'ignore' });
    return { ca: fs.readFileSync(file('ca.pem'), 'utf8'), key: fs.readFileSync(file('leaf.key'), 'utf8'), cert: fs.readFileSync(file('leaf.pem'), 'utf8') };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
};
