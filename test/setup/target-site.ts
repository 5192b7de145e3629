import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the site answers: by default 200 text/plain "ok". */
export interface TargetAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const DEFAULT_ANSWER: TargetAnswer = { status: 200, headers: { 'content-type': 'text/plain' }, body: 'ok' };

/** A request the site received. */
export interface TargetRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A loopback web site that checks can reach (the test cloud allows loopback targets), and that a
 * test can take down and bring back on the same port. Free of vitest, so scripts use it too.
 * `answerWith` sets the status, headers and body of every later answer (assertion tests), and
 * `requests` lists what it received (request-option tests).
 */
export const startTargetSite = async () => {
  let server: http.Server | undefined;
  let port = 0;
  let delayMs = 0;
  let answer: TargetAnswer = DEFAULT_ANSWER;
  const requests: TargetRequest[] = [];
  const up = async () => {
    server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        requests.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        const { status, headers, body } = answer;
        setTimeout(() => response.writeHead(status, headers).end(body), delayMs);
      });
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
  /** Answers every later request with this status, headers and body (fields left out: the default's). */
  const answerWith = (next: Partial<TargetAnswer>) => void (answer = { ...DEFAULT_ANSWER, ...next });
  return { url: (path = '') => `http://127.0.0.1:${port}/${path}`, up, down, answerAfter, answerWith, requests };
};
