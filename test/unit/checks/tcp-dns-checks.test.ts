import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerMatches, runDnsCheck, type DnsCheckJob } from '../../../functions/checks/dns-check.js';
import { runTcpCheck, type TcpCheckJob } from '../../../functions/checks/tcp-check.js';
import { startDnsServer } from '../../setup/dns-server.js';

const tcpJob = (port: number, host = '127.0.0.1'): TcpCheckJob => ({
  monitorId: 'm-tcp',
  region: 'eu-west-1',
  round: '2026-11-24T10:00:00.000Z',
  host,
  port,
  timeoutSeconds: 2,
  slowThresholdMs: 5000,
});

describe('TCP port check', () => {
  let listener: net.Server;
  let openPort = 0;
  beforeAll(async () => {
    listener = net.createServer((socket) => socket.end());
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    openPort = (listener.address() as net.AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => listener.close(() => resolve())));

  it('is up when a connection to a listening loopback port completes', async () => {
    const result = await runTcpCheck(tcpJob(openPort), { allowLoopback: true });
    expect(result).toMatchObject({ outcome: 'up', errorCategory: null, attempts: 1, statusCode: null });
    expect(result.timings.connect).not.toBeNull();
  });

  it('is down (connection refused, tried twice) on a closed port', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const result = await runTcpCheck(tcpJob(port), { allowLoopback: true });
    expect(result).toMatchObject({ outcome: 'down', errorCategory: 'connection_refused', attempts: 2 });
    expect(result.message).toContain(`127.0.0.1:${port}`);
  });

  it('refuses private and loopback targets without the local switch, by literal and by the name dialed', async () => {
    for (const host of ['10.0.0.5', '169.254.169.254', '127.0.0.1', 'localhost']) {
      const result = await runTcpCheck(tcpJob(openPort, host), { allowLoopback: false });
      expect(result, host).toMatchObject({ outcome: 'down', errorCategory: 'blocked_target', attempts: 1 });
    }
    // A public-looking name that resolves to a private address is refused at dial time.
    const result = await runTcpCheck(tcpJob(openPort, 'db.example.com'), {
      allowLoopback: false,
      resolve: async () => [{ address: '192.168.1.10', family: 4 }],
    });
    expect(result).toMatchObject({ outcome: 'down', errorCategory: 'blocked_target', attempts: 1 });
    expect(result.message).toContain('private network address');
  });
});

describe('DNS check', () => {
  let dns: Awaited<ReturnType<typeof startDnsServer>>;
  beforeAll(async () => {
    dns = await startDnsServer({
      'shop.example.com': { A: ['93.184.216.34', '93.184.216.35'], AAAA: ['2606:2800:220:1::248'], TXT: ['v=spf1 include:_spf.example.net -all'] },
      'example.com': { MX: ['10 mail.example.com'], NS: ['ns1.example.net'] },
      'www.example.com': { CNAME: ['shop.example.com'] },
      'inside.example.com': { A: ['10.1.2.3'] },
      'empty.example.com': {},
    });
  });
  afterAll(() => dns.stop());

  const job = (hostname: string, recordType: DnsCheckJob['recordType'], expectedValue?: string): DnsCheckJob => ({
    monitorId: 'm-dns',
    region: 'eu-west-1',
    round: '2026-11-24T10:00:00.000Z',
    hostname,
    recordType,
    expectedValue,
    timeoutSeconds: 2,
    slowThresholdMs: 5000,
  });
  const check = (j: DnsCheckJob) => runDnsCheck(j, { allowLoopback: false, servers: [dns.server] });

  it('is up when records of the type resolve, and says what they are', async () => {
    const result = await check(job('shop.example.com', 'A'));
    expect(result).toMatchObject({ outcome: 'up', errorCategory: null, message: 'A shop.example.com: 93.184.216.34, 93.184.216.35' });
    expect((await check(job('example.com', 'MX'))).message).toBe('MX example.com: 10 mail.example.com');
    expect((await check(job('www.example.com', 'CNAME'))).message).toBe('CNAME www.example.com: shop.example.com');
    expect((await check(job('example.com', 'NS'))).outcome).toBe('up');
    expect((await check(job('shop.example.com', 'AAAA'))).message).toBe('AAAA shop.example.com: 2606:2800:220:1::248');
  });

  it('checks the expected value, and is down (dns_mismatch) when no record has it', async () => {
    expect((await check(job('shop.example.com', 'A', '93.184.216.35'))).outcome).toBe('up');
    expect((await check(job('example.com', 'MX', 'mail.example.com.'))).outcome).toBe('up');
    expect((await check(job('shop.example.com', 'TXT', 'include:_spf.example.net'))).outcome).toBe('up');
    const wrong = await check(job('shop.example.com', 'A', '203.0.113.9'));
    expect(wrong).toMatchObject({ outcome: 'down', errorCategory: 'dns_mismatch', attempts: 2 });
    expect(wrong.message).toContain('expected 203.0.113.9');
  });

  it('is down (dns_failure) for a name that does not exist or has no records of the type', async () => {
    expect(await check(job('missing.example.com', 'A'))).toMatchObject({ outcome: 'down', errorCategory: 'dns_failure', attempts: 2 });
    expect(await check(job('empty.example.com', 'TXT'))).toMatchObject({ outcome: 'down', errorCategory: 'dns_failure' });
  });

  it('refuses through the guard: private answers and internal names are never reported', async () => {
    const inside = await check(job('inside.example.com', 'A'));
    expect(inside).toMatchObject({ outcome: 'down', errorCategory: 'blocked_target', attempts: 1 });
    expect(inside.message).toBe('inside.example.com resolves to a private network address; only public addresses can be monitored.');
    for (const name of ['metadata.google.internal', 'localhost', 'printer.local']) {
      expect(await check(job(name, 'A')), name).toMatchObject({ outcome: 'down', errorCategory: 'blocked_target', attempts: 1 });
    }
  });

  it('matches answers without case or trailing dot; TXT by containing the value', () => {
    expect(answerMatches('CNAME', 'Shop.Example.com.', 'shop.example.com')).toBe(true);
    expect(answerMatches('A', '11.2.3.45', '1.2.3.4')).toBe(false);
    expect(answerMatches('TXT', 'google-site-verification=abc', 'abc')).toBe(true);
    expect(answerMatches('MX', '10 mx.example.com', '10 mx.example.com')).toBe(true);
  });
});
