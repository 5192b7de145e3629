import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createGateway, GATEWAY_KEEP_ALIVE_MS } from '../../../infra/local/gateway.js';

/**
 * The local gateway keeps an idle keep-alive connection open well past Node's 5 s default
 * (docs/live-status.md "Pushes"): the live publishers pool their connections to its management API,
 * and one closed under them mid-burst failed the post ("socket hang up").
 */
let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

describe('the local gateway', () => {
  it('keeps an idle connection open for a minute, and says so to the client', async () => {
    server = createGateway({ handlers: {} as never, authorize: async () => null, runtimeConfig: {}, isReady: () => true, webRoot: '/nonexistent' } as never);
    expect(server.keepAliveTimeout).toBe(GATEWAY_KEEP_ALIVE_MS);
    expect(GATEWAY_KEEP_ALIVE_MS).toBeGreaterThanOrEqual(60_000);
    expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: true });
    const keepAlive = await new Promise<string | undefined>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: '/config.json', agent }, (response) => {
          response.resume();
          resolve(String(response.headers['keep-alive']));
        })
        .on('error', reject);
    });
    agent.destroy();
    expect(keepAlive).toBe(`timeout=${GATEWAY_KEEP_ALIVE_MS / 1000}`);
  });
});
