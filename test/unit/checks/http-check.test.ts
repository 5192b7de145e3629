import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkJob } from './check-fixtures.js';
import { runHttpCheck, type HttpCheckDeps } from '../../../functions/checks/http-check.js';
import type { ResolveHost } from '../../../functions/checks/ssrf-guard.js';

// Real loopback servers on port 0; loopback is allowed here (the local-only switch), everything
// else about the guard is in the ssrf tests. Timeouts are fractions of a second to keep this fast.

const MIB = 1024 * 1024;
const DEPS: HttpCheckDeps = { allowLoopback: true };

const job = checkJob;

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

interface TestServer {
  origin: string;
  port: number;
  requests: http.IncomingMessage[];
  /** Distinct TCP connections the server accepted. */
  connections: () => number;
}

const listen = async (server: net.Server): Promise<number> => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
};

const startServer = async (handler: http.RequestListener): Promise<TestServer> => {
  const requests: http.IncomingMessage[] = [];
  const sockets = new Set<net.Socket>();
  const server = http.createServer((req, res) => {
    requests.push(req);
    handler(req, res);
  });
  server.on('connection', (socket) => sockets.add(socket));
  const port = await listen(server);
  closers.push(() => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(() => resolve()));
  });
  return { origin: `http://127.0.0.1:${port}`, port, requests, connections: () => sockets.size };
};

/** A TCP server that accepts connections and never says a word. */
const startSilentServer = async (): Promise<number> => {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => sockets.add(socket));
  const port = await listen(server);
  closers.push(() => {
    for (const socket of sockets) socket.destroy();
    return new Promise((resolve) => server.close(() => resolve()));
  });
  return port;
};

const closedPort = async (): Promise<number> => {
  const server = net.createServer();
  const port = await listen(server);
  await new Promise((resolve) => server.close(resolve));
  return port;
};

const elapsed = async <T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> => {
  const start = performance.now();
  const value = await run();
  return { value, ms: performance.now() - start };
};

describe('runHttpCheck on a healthy site', () => {
  it('reports up 200 with real phase timings, no DNS for an IP and no TLS for http', async () => {
    const server = await startServer((_req, res) => setTimeout(() => res.end('ok'), 100));
    const result = await runHttpCheck(job(`${server.origin}/health`), DEPS);
    expect(result).toMatchObject({
      monitorId: 'mon-1',
      region: 'eu-west-1',
      round: '2026-03-02T10:00:00.000Z',
      outcome: 'up',
      errorCategory: null,
      statusCode: 200,
      attempts: 1,
      message: null,
    });
    expect(result.timings.dns).toBeNull();
    expect(result.timings.tls).toBeNull();
    expect(result.timings.connect).toBeGreaterThan(0);
    expect(result.timings.ttfb).toBeGreaterThanOrEqual(90);
    expect(result.timings.total).toBeGreaterThanOrEqual(result.timings.ttfb ?? Infinity);
    expect(Number.isNaN(Date.parse(result.checkedAt))).toBe(false);
  });

  it('times the DNS phase when the host is a name', async () => {
    const server = await startServer((_req, res) => res.end('ok'));
    const slowResolver: ResolveHost = () =>
      new Promise((resolve) => setTimeout(() => resolve([{ address: '127.0.0.1', family: 4 }]), 40));
    const result = await runHttpCheck(job(`http://site.example.com:${server.port}/`), { ...DEPS, resolve: slowResolver });
    expect(result.outcome).toBe('up');
    expect(result.timings.dns).toBeGreaterThanOrEqual(35);
    expect(result.timings.connect).toBeGreaterThan(0);
    expect(server.requests[0]?.headers.host).toBe(`site.example.com:${server.port}`);
  });

  it('sends User-Agent Upwatch/1.0 and asks to close the connection', async () => {
    const server = await startServer((_req, res) => res.end());
    await runHttpCheck(job(server.origin), DEPS);
    expect(server.requests[0]?.headers['user-agent']).toBe('Upwatch/1.0');
    expect(server.requests[0]?.headers.connection).toBe('close');
  });

  it('reports degraded when the answer is slower than the slow threshold', async () => {
    const server = await startServer((_req, res) => setTimeout(() => res.end('ok'), 120));
    const result = await runHttpCheck(job(server.origin, { slowThresholdMs: 50 }), DEPS);
    expect(result).toMatchObject({ outcome: 'degraded', errorCategory: null, statusCode: 200, attempts: 1 });
    expect(result.message).toMatch(/slow threshold 50 ms/);
  });

  it('counts a final 3xx without Location as up', async () => {
    const server = await startServer((_req, res) => res.writeHead(304).end());
    expect(await runHttpCheck(job(server.origin), DEPS)).toMatchObject({ outcome: 'up', statusCode: 304 });
  });
});

describe('runHttpCheck on a failing site', () => {
  it('retries a 503 once on a new connection, then reports http_5xx', async () => {
    const server = await startServer((_req, res) => res.writeHead(503).end('busy'));
    const result = await runHttpCheck(job(server.origin), DEPS);
    expect(result).toMatchObject({ outcome: 'down', errorCategory: 'http_5xx', statusCode: 503, attempts: 2, message: 'HTTP 503' });
    expect(server.requests).toHaveLength(2);
    expect(server.connections()).toBe(2);
  });

  it('reports up with attempts 2 when only the first try fails', async () => {
    const server = await startServer((_req, res) => res.writeHead(server.requests.length === 1 ? 500 : 200).end());
    expect(await runHttpCheck(job(server.origin), DEPS)).toMatchObject({ outcome: 'up', statusCode: 200, attempts: 2 });
  });

  it('reports a 404 as http_4xx', async () => {
    const server = await startServer((_req, res) => res.writeHead(404).end('nope'));
    expect(await runHttpCheck(job(server.origin), DEPS)).toMatchObject({
      outcome: 'down',
      errorCategory: 'http_4xx',
      statusCode: 404,
      attempts: 2,
    });
  });

  it('reports connection_refused for a closed port', async () => {
    const port = await closedPort();
    const result = await runHttpCheck(job(`http://127.0.0.1:${port}/`), DEPS);
    expect(result).toMatchObject({ outcome: 'down', errorCategory: 'connection_refused', statusCode: null, attempts: 2 });
    expect(result.message).toBe(`ECONNREFUSED 127.0.0.1:${port}`);
  });

  it('reports timeout, within about the timeout per try, for a server that never answers', async () => {
    const port = await startSilentServer();
    const { value: result, ms } = await elapsed(() => runHttpCheck(job(`http://127.0.0.1:${port}/`, { timeoutSeconds: 0.3 }), DEPS));
    expect(result).toMatchObject({ outcome: 'down', errorCategory: 'timeout', statusCode: null, attempts: 2 });
    expect(result.timings.connect).toBeGreaterThan(0);
    expect(ms).toBeGreaterThanOrEqual(500);
    expect(ms).toBeLessThan(3_000);
  });

  it('reports timeout when the headers come after the timeout', async () => {
    const server = await startServer((_req, res) => setTimeout(() => res.end('late'), 1_500));
    const result = await runHttpCheck(job(server.origin, { timeoutSeconds: 0.3 }), DEPS);
    expect(result).toMatchObject({ outcome: 'down', errorCategory: 'timeout', attempts: 2 });
  });

  it('reports timeout, keeping the status, when the body stalls past the timeout', async () => {
    const server = await startServer((_req, res) => {
      res.writeHead(200, { 'Content-Length': '1000' });
      res.write('partial');
    });
    const result = await runHttpCheck(job(server.origin, { timeoutSeconds: 0.3 }), DEPS);
    expect(result).toMatchObject({ outcome: 'down', errorCategory: 'timeout', statusCode: 200 });
  });

  it('reports connection_timeout when the connection is never made', async () => {
    const neverResolves: ResolveHost = () => new Promise(() => undefined);
    const result = await runHttpCheck(job('http://stuck.example.com/', { timeoutSeconds: 0.2 }), { ...DEPS, resolve: neverResolves });
    expect(result).toMatchObject({ outcome: 'down', errorCategory: 'connection_timeout', attempts: 2 });
    expect(result.timings.connect).toBeNull();
  });

  it('reports dns_failure when the name does not resolve', async () => {
    const nxdomain: ResolveHost = (host) =>
      Promise.reject(Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' }));
    const result = await runHttpCheck(job('http://gone.example.com/'), { ...DEPS, resolve: nxdomain });
    expect(result).toMatchObject({ outcome: 'down', errorCategory: 'dns_failure', attempts: 2, message: 'ENOTFOUND gone.example.com' });
  });

  it('reports invalid_response for headers over the 16 KiB cap', async () => {
    const server = await startServer((_req, res) => res.writeHead(200, { 'X-Big': 'x'.repeat(20 * 1024) }).end());
    const result = await runHttpCheck(job(server.origin), DEPS);
    expect(result).toMatchObject({ outcome: 'down', errorCategory: 'invalid_response', attempts: 2 });
    expect(result.message).toMatch(/^HPE_HEADER_OVERFLOW/);
  });

  it('reports connection_reset when the server drops the connection mid-request', async () => {
    const server = await startServer((req) => req.socket.destroy());
    expect(await runHttpCheck(job(server.origin), DEPS)).toMatchObject({ outcome: 'down', errorCategory: 'connection_reset' });
  });
});

describe('runHttpCheck following redirects', () => {
  /** /hop/N redirects (relative Location) to /hop/N-1; /hop/0 answers 200. */
  const redirectChain = () =>
    startServer((req, res) => {
      const left = Number(/^\/hop\/(\d+)$/.exec(req.url ?? '')?.[1] ?? 0);
      if (left === 0) res.end('arrived');
      else res.writeHead(left % 2 === 0 ? 302 : 301, { Location: `/hop/${left - 1}` }).end();
    });

  it('follows a chain of 3 redirects, each on a new connection, and reports the final status', async () => {
    const server = await redirectChain();
    const result = await runHttpCheck(job(`${server.origin}/hop/3`), DEPS);
    expect(result).toMatchObject({ outcome: 'up', statusCode: 200, attempts: 1 });
    expect(server.requests.map((req) => req.url)).toEqual(['/hop/3', '/hop/2', '/hop/1', '/hop/0']);
    expect(server.connections()).toBe(4);
  });

  it('follows exactly 5 redirects', async () => {
    const server = await redirectChain();
    expect(await runHttpCheck(job(`${server.origin}/hop/5`), DEPS)).toMatchObject({ outcome: 'up', statusCode: 200 });
  });

  it('reports too_many_redirects at the 6th redirect', async () => {
    const server = await redirectChain();
    const result = await runHttpCheck(job(`${server.origin}/hop/6`), DEPS);
    expect(result).toMatchObject({ outcome: 'down', errorCategory: 'too_many_redirects', attempts: 2 });
    expect(server.requests.filter((req) => req.url === '/hop/0')).toHaveLength(0);
  });

  it.each([303, 307, 308])('follows a %i redirect', async (status) => {
    const server = await startServer((req, res) =>
      req.url === '/' ? res.writeHead(status, { Location: '/there' }).end() : res.end('here'),
    );
    expect(await runHttpCheck(job(server.origin), DEPS)).toMatchObject({ outcome: 'up', statusCode: 200 });
  });
});

describe('runHttpCheck with a large body', () => {
  it('reports up for a 5 MiB body and stops reading it after about 1 MiB', async () => {
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let written = 0;
    let finished = false;
    const server = await startServer((_req, res) => {
      res.writeHead(200, { 'Content-Length': String(5 * MIB) });
      // Paced writes, so what was written when the checker hung up is close to what it read.
      const writeNext = (): void => {
        if (res.destroyed) return;
        if (written >= 5 * MIB) return void ((finished = true), res.end());
        written += chunk.length;
        res.write(chunk);
        setTimeout(writeNext, 2);
      };
      writeNext();
    });
    const { value: result, ms } = await elapsed(() => runHttpCheck(job(server.origin), DEPS));
    expect(result).toMatchObject({ outcome: 'up', statusCode: 200, attempts: 1 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(finished).toBe(false);
    expect(written).toBeLessThanOrEqual(2 * MIB);
    expect(ms).toBeLessThan(2_000);
  });
});

describe('runHttpCheck over TLS', () => {
  it('reports tls_error for an https URL that reaches a plain-http port', async () => {
    const server = await startServer((_req, res) => res.end());
    const result = await runHttpCheck(job(`https://127.0.0.1:${server.port}/`), DEPS);
    expect(result).toMatchObject({ outcome: 'down', errorCategory: 'tls_error', attempts: 2 });
    expect(result.timings.tls).toBeNull();
  });

  const hasOpenssl = (() => {
    try {
      execFileSync('openssl', ['version'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();

  it.skipIf(!hasOpenssl)('reports tls_error for a self-signed certificate (skipped when openssl is not installed)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'upwatch-tls-'));
    try {
      execFileSync('openssl', [
        'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
        '-subj', '/CN=127.0.0.1', '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'),
      ], { stdio: 'ignore' });
      const server = https.createServer(
        { key: fs.readFileSync(path.join(dir, 'key.pem')), cert: fs.readFileSync(path.join(dir, 'cert.pem')) },
        (_req, res) => res.end(),
      );
      const port = await listen(server);
      closers.push(() => new Promise((resolve) => server.close(() => resolve())));
      const result = await runHttpCheck(job(`https://127.0.0.1:${port}/`), DEPS);
      expect(result).toMatchObject({ outcome: 'down', errorCategory: 'tls_error', attempts: 2 });
      expect(result.message).toMatch(/^DEPTH_ZERO_SELF_SIGNED_CERT/);
      expect(result.timings.connect).toBeGreaterThan(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
