import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasOpenssl } from '../../setup/test-certificates.js';
import { checkJob } from './check-fixtures.js';
import { runHttpCheck } from '../../../functions/checks/http-check.js';
import type { ResolveHost } from '../../../functions/checks/ssrf-guard.js';

// The checker opens its TLS connections itself (no http Agent): what Node's agent would send in
// the handshake, it must send too. The certificate is self-signed, so every check here ends in
// tls_error; what matters is what the server saw.


const job = checkJob;

describe.skipIf(!hasOpenssl)('runHttpCheck TLS handshake (skipped when openssl is not installed)', () => {
  let server: https.Server;
  let port: number;
  /** The SNI of each handshake; the callback runs only when the client sent one. */
  const servernames: string[] = [];

  beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'upwatch-sni-'));
    try {
      execFileSync('openssl', [
        'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
        '-subj', '/CN=site.example.com', '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'),
      ], { stdio: 'ignore' });
      const key = fs.readFileSync(path.join(dir, 'key.pem'));
      const cert = fs.readFileSync(path.join(dir, 'cert.pem'));
      server = https.createServer(
        {
          key,
          cert,
          SNICallback: (servername, done) => {
            servernames.push(servername);
            done(null, tls.createSecureContext({ key, cert }));
          },
        },
        (_req, res) => res.end(),
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends the host name as SNI, and times the lookup even when it answers at once', async () => {
    servernames.length = 0;
    // Answers at once: the phase is still stamped, as the socket's listeners exist before its lookup.
    const resolve: ResolveHost = async () => [{ address: '127.0.0.1', family: 4 }];
    const result = await runHttpCheck(job(`https://site.example.com:${port}/`), { allowLoopback: true, resolve });
    expect(result).toMatchObject({ outcome: 'down', errorCategory: 'tls_error' });
    expect(result.message).toMatch(/^DEPTH_ZERO_SELF_SIGNED_CERT/);
    expect(result.timings.dns).not.toBeNull();
    expect(result.timings.connect).toBeGreaterThan(0);
    expect(servernames).toEqual(['site.example.com', 'site.example.com']);
  });

  it('sends no SNI for an IP address', async () => {
    servernames.length = 0;
    const result = await runHttpCheck(job(`https://127.0.0.1:${port}/`), { allowLoopback: true });
    expect(result).toMatchObject({ outcome: 'down', errorCategory: 'tls_error' });
    expect(servernames).toEqual([]);
  });
});
