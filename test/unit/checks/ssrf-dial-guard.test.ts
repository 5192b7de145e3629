import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo, LookupFunction } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { parseCheckerConfig } from '../../../functions/checks/checker-config.js';
import { runHttpCheck, type HttpCheckJob } from '../../../functions/checks/http-check.js';
import {
  BLOCKED_TARGET_CODE,
  createGuardedLookup,
  literalAddressProblem,
  type ResolvedAddress,
  type ResolveHost,
} from '../../../functions/checks/ssrf-guard.js';
import { countsAsVote } from '../../../shared/checks/check-result.js';

const STRICT = { allowLoopback: false };
const LOOPBACK_ALLOWED = { allowLoopback: true };

const job = (url: string): HttpCheckJob => ({
  monitorId: 'mon-1',
  url,
  timeoutSeconds: 2,
  slowThresholdMs: 5_000,
  region: 'us-east-1',
  round: '2026-03-02T10:00:00.000Z',
});

/** A resolver answering from a table, counting its calls. */
const fakeDns = (answers: Record<string, string[]>) => {
  const calls: string[] = [];
  const resolve: ResolveHost = async (host) => {
    calls.push(host);
    const addresses = answers[host];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { resolve, calls };
};

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

const startServer = async (handler: http.RequestListener) => {
  const requests: string[] = [];
  let connections = 0;
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    handler(req, res);
  });
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(() => resolve()));
  });
  const { port } = server.address() as AddressInfo;
  return { port, origin: `http://127.0.0.1:${port}`, requests, connections: () => connections };
};

type LookupAnswer = { error: NodeJS.ErrnoException | null; address: string | ResolvedAddress[]; family?: number };

const lookupWith = (lookup: LookupFunction, host: string, options: Parameters<LookupFunction>[1]) =>
  new Promise<LookupAnswer>((resolve) => lookup(host, options, (error, address, family) => resolve({ error, address, family })));

describe('createGuardedLookup', () => {
  it('hands every validated address to the socket when asked for all', async () => {
    const dns = fakeDns({ 'shop.example.com': ['93.184.216.34', '2606:2800:220:1::1'] });
    const answer = await lookupWith(createGuardedLookup(STRICT, dns.resolve), 'shop.example.com', { all: true });
    expect(answer.error).toBeNull();
    expect(answer.address).toEqual([
      { address: '93.184.216.34', family: 4 },
      { address: '2606:2800:220:1::1', family: 6 },
    ]);
  });

  it('hands one address of the asked family otherwise', async () => {
    const dns = fakeDns({ 'shop.example.com': ['2606:2800:220:1::1', '93.184.216.34'] });
    const answer = await lookupWith(createGuardedLookup(STRICT, dns.resolve), 'shop.example.com', { family: 4 });
    expect(answer).toEqual({ error: null, address: '93.184.216.34', family: 4 });
  });

  it.each([
    ['a private address', ['10.0.0.5']],
    ['the metadata address', ['169.254.169.254']],
    ['an IPv4-mapped metadata address', ['::ffff:169.254.169.254']],
    ['a public and a private address', ['93.184.216.34', '192.168.1.1']],
    ['a public and a unique-local IPv6 address', ['93.184.216.34', 'fd00::1']],
    ['a loopback address', ['127.0.0.1']],
  ])('refuses a name that resolves to %s', async (_what, addresses) => {
    const dns = fakeDns({ 'evil.example.com': addresses });
    const answer = await lookupWith(createGuardedLookup(STRICT, dns.resolve), 'evil.example.com', { all: true });
    expect(answer.error).toMatchObject({ code: BLOCKED_TARGET_CODE });
    expect(answer.error?.message).toMatch(/^evil\.example\.com resolves to /);
  });

  it('allows a name that resolves to loopback only when loopback is allowed', async () => {
    const dns = fakeDns({ 'dev.example.com': ['127.0.0.1', '::1'] });
    const answer = await lookupWith(createGuardedLookup(LOOPBACK_ALLOWED, dns.resolve), 'dev.example.com', { all: true });
    expect(answer.error).toBeNull();
  });

  it('passes a resolver failure through, and answers ENOTFOUND when no address fits', async () => {
    const dns = fakeDns({ 'v6only.example.com': ['2606:2800:220:1::1'] });
    const lookup = createGuardedLookup(STRICT, dns.resolve);
    expect((await lookupWith(lookup, 'nowhere.example.com', { all: true })).error).toMatchObject({ code: 'ENOTFOUND' });
    expect((await lookupWith(lookup, 'v6only.example.com', { family: 4 })).error).toMatchObject({ code: 'ENOTFOUND' });
  });
});

describe('literalAddressProblem (hosts Node dials without a lookup)', () => {
  it.each([
    ['10.0.0.1', STRICT, true],
    ['[::1]', STRICT, true],
    ['[::1]', LOOPBACK_ALLOWED, false],
    ['[::ffff:a9fe:a9fe]', LOOPBACK_ALLOWED, true],
    ['8.8.8.8', STRICT, false],
    ['shop.example.com', STRICT, false],
  ])('judges %s under %j: refused %s', (host, rules, refused) => {
    expect(literalAddressProblem(host, rules) !== null).toBe(refused);
  });
});

describe('runHttpCheck refuses blocked targets at dial time', () => {
  it('blocks a name that resolves to a private address, without a retry and without a vote', async () => {
    const dns = fakeDns({ 'intranet.example.com': ['10.0.0.5'] });
    const result = await runHttpCheck(job('http://intranet.example.com/'), { ...STRICT, resolve: dns.resolve });
    expect(result).toMatchObject({ outcome: 'down', errorCategory: 'blocked_target', attempts: 1, statusCode: null });
    expect(result.message).toBe(
      'intranet.example.com resolves to a private network address; only public addresses can be monitored.',
    );
    expect(countsAsVote(result)).toBe(false);
    expect(dns.calls).toEqual(['intranet.example.com']);
  });

  it('blocks a loopback target when loopback is not allowed, before connecting', async () => {
    const server = await startServer((_req, res) => res.end());
    const result = await runHttpCheck(job(`${server.origin}/`), STRICT);
    expect(result).toMatchObject({ outcome: 'down', errorCategory: 'blocked_target', attempts: 1 });
    expect(server.connections()).toBe(0);
  });

  it('blocks a name resolving to loopback when loopback is not allowed, before connecting', async () => {
    const server = await startServer((_req, res) => res.end());
    const dns = fakeDns({ 'dev.example.com': ['127.0.0.1'] });
    const result = await runHttpCheck(job(`http://dev.example.com:${server.port}/`), { ...STRICT, resolve: dns.resolve });
    expect(result).toMatchObject({ errorCategory: 'blocked_target', attempts: 1 });
    expect(server.connections()).toBe(0);
  });

  it.each([
    ['http://[::ffff:127.0.0.1]/', STRICT],
    ['http://0x7f000001/', STRICT],
    ['http://localhost/', STRICT],
    ['http://[::ffff:a9fe:a9fe]/', LOOPBACK_ALLOWED],
    ['http://metadata.google.internal/', LOOPBACK_ALLOWED],
  ])('blocks %s before dialing (rules %j)', async (url, rules) => {
    const dns = fakeDns({});
    expect(await runHttpCheck(job(url), { ...rules, resolve: dns.resolve })).toMatchObject({
      errorCategory: 'blocked_target',
      attempts: 1,
    });
    expect(dns.calls).toEqual([]);
  });

  it('blocks a redirect from an allowed target to the metadata address', async () => {
    const server = await startServer((_req, res) =>
      res.writeHead(302, { Location: 'http://169.254.169.254/latest/meta-data' }).end(),
    );
    const result = await runHttpCheck(job(`${server.origin}/`), LOOPBACK_ALLOWED);
    expect(result).toMatchObject({ outcome: 'down', errorCategory: 'blocked_target', attempts: 1 });
    expect(result.message).toMatch(/^169\.254\.169\.254 is a cloud metadata service address/);
    expect(server.requests).toEqual(['/']);
  });

  it('blocks a redirect to a name that resolves to a private address', async () => {
    const server = await startServer((_req, res) => res.writeHead(301, { Location: 'http://admin.example.com/' }).end());
    const dns = fakeDns({ 'site.example.com': ['127.0.0.1'], 'admin.example.com': ['192.168.0.10'] });
    const result = await runHttpCheck(job(`http://site.example.com:${server.port}/`), { ...LOOPBACK_ALLOWED, resolve: dns.resolve });
    expect(result).toMatchObject({ errorCategory: 'blocked_target', attempts: 1 });
    expect(dns.calls).toEqual(['site.example.com', 'admin.example.com']);
  });

  it.each([
    ['credentials', 'http://user:pass@example.com/'],
    ['a non-http scheme', 'ftp://example.com/file'],
  ])('blocks a redirect to a URL with %s', async (_what, location) => {
    const server = await startServer((_req, res) => res.writeHead(307, { Location: location }).end());
    expect(await runHttpCheck(job(server.origin), LOOPBACK_ALLOWED)).toMatchObject({ errorCategory: 'blocked_target', attempts: 1 });
  });

  it('looks a name up once per hop and dials the address it validated (DNS rebinding fails)', async () => {
    const server = await startServer((_req, res) => res.end('ok'));
    const calls: string[] = [];
    // First answer allowed, every later answer private: a second lookup would be refused.
    const rebinding: ResolveHost = async (host) => {
      calls.push(host);
      return [{ address: calls.length === 1 ? '127.0.0.1' : '10.0.0.1', family: 4 }];
    };
    const result = await runHttpCheck(job(`http://rebind.example.com:${server.port}/`), { ...LOOPBACK_ALLOWED, resolve: rebinding });
    expect(result).toMatchObject({ outcome: 'up', statusCode: 200 });
    expect(calls).toEqual(['rebind.example.com']);
    expect(server.requests).toEqual(['/']);
  });
});

describe('parseCheckerConfig', () => {
  it.each([
    [{}, false],
    [{ UPWATCH_ALLOW_PRIVATE_TARGETS: '' }, false],
    [{ UPWATCH_ALLOW_PRIVATE_TARGETS: '0' }, false],
    [{ UPWATCH_ALLOW_PRIVATE_TARGETS: '1' }, true],
  ])('reads %j as allowLoopback %s', (env, allowLoopback) => {
    expect(parseCheckerConfig(env)).toEqual({ allowLoopback });
  });

  it('fails loudly, naming the variable, on any other value', () => {
    expect(() => parseCheckerConfig({ UPWATCH_ALLOW_PRIVATE_TARGETS: 'yes' })).toThrow(/UPWATCH_ALLOW_PRIVATE_TARGETS/);
  });

  it.each(['shared/checks/target-address.ts', 'functions/checks/ssrf-guard.ts', 'functions/checks/http-check.ts'])(
    'leaves the environment to checker-config: %s never reads process.env',
    (file) => {
      expect(fs.readFileSync(file, 'utf8')).not.toMatch(/process\.env/);
    },
  );
});
