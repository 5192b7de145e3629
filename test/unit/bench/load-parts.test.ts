import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textLogLine } from '../../../functions/observability/log-line.js';
import { matchPushes, type Heard } from '../../bench/live-screens.js';
import { loggedTransitions } from '../../bench/scale-alongside.js';
import { openLoopCrowd } from '../../bench/status-crowd.js';

/**
 * The pure parts of the benchmarks' load modules (docs/PERFORMANCE.md "All at once"): how pushes
 * are matched to transitions, how the processor's transitions are read from the local log, and
 * that the crowd keeps its arrival rate and counts what it gets.
 */

const heard = (screen: number, monitorId: string, at: number, type = 'monitor.changed'): Heard => ({ screen, account: 0, type, monitorId, at });

describe('matchPushes', () => {
  it('matches a message to the transition it follows on its screen, and counts the rest as doubled or lost', () => {
    const match = matchPushes(
      [heard(0, 'a', 1_100), heard(0, 'a', 31_200), heard(1, 'a', 1_300), heard(1, 'a', 1_400), heard(0, 'b', 5_000, 'incident.changed')],
      [
        { screen: 0, monitorId: 'a', transitions: [1_000, 31_000] },
        { screen: 1, monitorId: 'a', transitions: [1_000, 31_000] },
        { screen: 0, monitorId: 'b', transitions: [2_000] },
      ],
    );
    // Screen 1 got the down push twice and the up push never; nobody got b's.
    expect(match).toMatchObject({ due: 5, received: 3, doubled: 1, lost: 2 });
    expect(match.matched.map((push) => [push.order, push.at - push.transitionAt])).toEqual([
      [0, 100],
      [1, 200],
      [0, 300],
    ]);
  });

  it('counts a second message for one transition as doubled, and one long before any as doubled too', () => {
    expect(matchPushes([heard(0, 'a', 10), heard(0, 'a', 20)], [{ screen: 0, monitorId: 'a', transitions: [5] }])).toMatchObject({ received: 1, doubled: 1, lost: 0 });
    expect(matchPushes([heard(0, 'a', 1_000), heard(0, 'a', 9_000)], [{ screen: 0, monitorId: 'a', transitions: [8_000] }])).toMatchObject({ received: 1, doubled: 1, lost: 0 });
  });
});

describe('loggedTransitions', () => {
  it('reads the processor\'s line as the local cloud prints it, on the day of the run', () => {
    const line = textLogLine({
      level: 'INFO',
      message: 'Monitor state changed',
      timestamp: '2026-11-28T12:03:04.123Z',
      function_name: 'processor',
      function_request_id: '5f1c2a9e-0000',
      monitorId: '01JB6Y9S5ZQ8N2W4X7V3K1M0PA',
      round: '2026-11-28T12:03:00.000Z',
      event: 'down',
      transitionId: '01JB6Y9S5ZQ8N2W4X7V3K1M0PA#2026-11-28T12:03:00.000Z#down',
    });
    const [transition] = loggedTransitions(`[processor] ${line}\n[processor] something else\n`, Date.parse('2026-11-28T12:00:00Z'));
    expect(transition).toEqual({
      monitorId: '01JB6Y9S5ZQ8N2W4X7V3K1M0PA',
      event: 'down',
      at: Date.parse('2026-11-28T12:03:04.123Z'),
      transitionId: '01JB6Y9S5ZQ8N2W4X7V3K1M0PA#2026-11-28T12:03:00.000Z#down',
    });
  });

  it('puts a line just past midnight on the next day', () => {
    const line = textLogLine({ level: 'INFO', message: 'Monitor state changed', timestamp: '2026-11-29T00:00:01.000Z', monitorId: 'm', event: 'up', transitionId: 'm#r#up' });
    expect(loggedTransitions(line, Date.parse('2026-11-28T23:59:50Z'))[0]?.at).toBe(Date.parse('2026-11-29T00:00:01.000Z'));
  });
});

describe('openLoopCrowd', () => {
  let server: http.Server;
  let port = 0;
  beforeAll(async () => {
    server = http.createServer((request, response) => response.writeHead(request.url === '/down' ? 503 : 200).end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => server.close());

  it('sends the rate asked for the seconds asked and counts the answers by status', async () => {
    const ports = { gateway: port, dynamodb: 0, ses: 0 };
    const [up, down] = await Promise.all([
      openLoopCrowd({ ports, label: 'up', path: '/', rate: 100, seconds: 1, connections: 5 }),
      openLoopCrowd({ ports, label: 'down', path: '/down', rate: 50, seconds: 1, connections: 5 }),
    ]);
    expect(up).toMatchObject({ requests: 100, non2xx: 0, errors: 0, timeouts: 0 });
    expect(up.latencies).toHaveLength(100);
    expect(down).toMatchObject({ requests: 50, non2xx: 50 });
    expect(down.statuses.get(503)).toBe(50);
  });
});
