/**
 * The loopback web sites of test/bench/checker.ts, run in a CHILD process (`child_process.fork`):
 * the checker benchmark charges `process.cpuUsage()` to the checks, so the servers' CPU must not be
 * in the same process, and on a 2-core machine the child's event loop gets the other core instead of
 * delaying the checker's. Not runnable on its own: it talks to its parent over the IPC channel.
 *
 * `GET /d/<ms>/<id>` holds the response headers for <ms> milliseconds (setTimeout), then answers
 * `200 ok` with `Connection: close`. For ids other than `-` it records how long it really held the
 * request, from its `request` event to just before `writeHead`, on its own monotonic clock: timers
 * fire late (and, with libuv's cached loop time, sometimes a little early), and that slack belongs to
 * the target, not to the checker that measures it.
 *
 * The request event and the answer are also sent as moments on the monotonic clock, which the
 * parent shares: it compares them with when its sockets connected and got their first byte.
 *
 * IPC: parent -> `{ type: 'collect' | 'stats', seq }`; child -> `{ type: 'ready', ports }`, and answers
 * echoing `seq`: `{ type: 'held', held: [id, [microseconds, requestAtNs, answeredAtNs]][] }` (then
 * forgets them), `{ type: 'stats', cpu, fds }`.
 * The child exits when the parent goes away (IPC disconnect).
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const SERVERS = Number(process.env.BENCH_TARGET_SERVERS ?? 1);
/** Per recorded id: microseconds held, and the request event and the answer on the monotonic clock (ns). */
const held = new Map<string, [number, string, string]>();
const PATH = /^\/d\/(\d+)\/([^/?#]+)/;

const handle = (request: http.IncomingMessage, response: http.ServerResponse) => {
  const start = process.hrtime.bigint();
  const match = PATH.exec(request.url ?? '');
  const delayMs = match ? Number(match[1]) : 0;
  const id = match?.[2] ?? '-';
  const answer = () => {
    const at = process.hrtime.bigint();
    if (id !== '-') held.set(id, [Number(at - start) / 1000, String(start), String(at)]);
    response.writeHead(200, { 'content-type': 'text/plain', 'content-length': '2', connection: 'close' });
    response.end('ok');
  };
  // Drain the (empty) GET body so the socket can close cleanly.
  request.resume();
  if (delayMs > 0) setTimeout(answer, delayMs);
  else answer();
};

const send = (message: unknown) => process.send?.(message);

const main = async () => {
  const ports: number[] = [];
  for (let i = 0; i < SERVERS; i++) {
    const server = http.createServer({ keepAlive: false }, handle);
    // The default backlog (511) is too small for 500 checks connecting at once; the kernel caps it
    // at net.core.somaxconn.
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ port: 0, host: '127.0.0.1', backlog: 4096 }, () => resolve());
    });
    ports.push((server.address() as AddressInfo).port);
  }
  process.on('message', (message: { type?: string; seq?: number }) => {
    if (message.type === 'collect') {
      send({ type: 'held', seq: message.seq, held: [...held] });
      held.clear();
    } else if (message.type === 'stats') {
      let fds = -1;
      try {
        fds = fs.readdirSync('/proc/self/fd').length;
      } catch {
        // not Linux
      }
      send({ type: 'stats', seq: message.seq, cpu: process.cpuUsage(), fds });
    }
  });
  process.on('disconnect', () => process.exit(0));
  send({ type: 'ready', ports });
};

main().catch((error: unknown) => {
  console.error('[bench target] failed:', error);
  process.exit(1);
});
