import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { runHttpCheck, type HttpCheckJob } from '../../../functions/checks/http-check.js';

// When the phase stamps are taken (docs/PERFORMANCE.md, timing accuracy). Real loopback servers
// in this process; loopback is allowed here, as in http-check.test.ts.

const job = (url: string): HttpCheckJob => ({
  monitorId: 'mon-1',
  url,
  timeoutSeconds: 5,
  slowThresholdMs: 10_000,
  region: 'eu-west-1',
  round: '2026-03-02T10:00:00.000Z',
});

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

const listen = async (server: net.Server): Promise<number> => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  return (server.address() as AddressInfo).port;
};

const msSince = (start: bigint): number => Number(process.hrtime.bigint() - start) / 1e6;

/** The work that follows each check in the second test. */
const BUSY_MS = 400;

const busyFor = (ms: number): void => {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // Stands in for heavy work done by whoever ran the check.
  }
};

describe('runHttpCheck phase stamps', () => {
  it('times ttfb to the first byte of the answer, not to the end of its headers', async () => {
    // The status line comes after 100 ms, the rest of the headers 150 ms later.
    const server = net.createServer((socket) => {
      socket.once('data', () => {
        setTimeout(() => socket.write('HTTP/1.1 200 OK\r\n'), 100);
        setTimeout(() => socket.end('Content-Length: 2\r\nConnection: close\r\n\r\nok'), 250);
      });
    });
    const port = await listen(server);
    const result = await runHttpCheck(job(`http://127.0.0.1:${port}/`), { allowLoopback: true });
    expect(result.outcome).toBe('up');
    expect(result.timings.ttfb).toBeGreaterThanOrEqual(95);
    expect(result.timings.ttfb).toBeLessThan(200);
    expect(result.timings.total).toBeGreaterThanOrEqual(245);
  });

  it('stamps every answer that is ready before the work that follows a check runs', async () => {
    // The site holds all requests until the last one is in, then answers them at the same moment.
    // Whoever ran each check then works for 400 ms. Stamped in turn with that work in between, the
    // 2nd..5th answers would be 400, 800, 1200, 1600 ms late. The bound below is half of one such
    // period, so a loaded machine's scheduling delays (up to ~100 ms seen) cannot fail it but the fault can.
    const checks = 5;
    const arrived: bigint[] = [];
    const held: http.ServerResponse[] = [];
    let answeredAt = 0n;
    const server = http.createServer((_req, res) => {
      arrived.push(process.hrtime.bigint());
      held.push(res);
      if (held.length < checks) return;
      answeredAt = process.hrtime.bigint();
      for (const response of held) response.end('ok');
    });
    server.on('connection', (socket) => closers.push(async () => void socket.destroy()));
    const port = await listen(server);

    const results = await Promise.all(
      Array.from({ length: checks }, async () => {
        const result = await runHttpCheck(job(`http://127.0.0.1:${port}/`), { allowLoopback: true });
        busyFor(BUSY_MS);
        return result;
      }),
    );

    // The site's view of each request's ttfb (from its arrival to the common answer) is a lower
    // bound of the checker's, which also holds the request's way in.
    const siteTtfb = arrived.map((at) => Number(answeredAt - at) / 1e6).sort((a, b) => a - b);
    const checkerTtfb = results.map((result) => result.timings.ttfb ?? NaN).sort((a, b) => a - b);
    checkerTtfb.forEach((ttfb, i) => {
      expect(ttfb).toBeGreaterThanOrEqual(siteTtfb[i]! - 0.5);
      expect(ttfb - siteTtfb[i]!).toBeLessThan(BUSY_MS / 2);
    });
    expect(msSince(answeredAt)).toBeGreaterThanOrEqual(checks * BUSY_MS);
  });
});
