import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback web site that checks can reach (the test cloud allows loopback targets), and that a
 * test can take down and bring back on the same port. Free of vitest, so scripts use it too.
 */
export const startTargetSite = async () => {
  let server: http.Server | undefined;
  let port = 0;
  let delayMs = 0;
  const up = async () => {
    server = http.createServer((_request, response) => {
      setTimeout(() => response.writeHead(200, { 'content-type': 'text/plain' }).end('ok'), delayMs);
    });
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', () => resolve()));
    port = (server.address() as AddressInfo).port;
  };
  const down = async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = undefined;
  };
  await up();
  /** Answers every later request after `ms` (a slow site). */
  const answerAfter = (ms: number) => void (delayMs = ms);
  return { url: (path = '') => `http://127.0.0.1:${port}/${path}`, up, down, answerAfter };
};
