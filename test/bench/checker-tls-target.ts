/**
 * The loopback HTTPS site of test/bench/checker-tls.ts, in a CHILD process (`child_process.fork`) so
 * that the server's side of every handshake is not charged to the checker. It gets its key and
 * certificate from the parent (env), answers every request `200 ok` with `Connection: close` (each
 * check makes a fresh connection and handshake, as the checker does), and sends `{ type: 'ready',
 * port }`, then on `{ type: 'stats' }` its CPU so far. It exits when the parent goes away.
 */
import https from 'node:https';
import type { AddressInfo } from 'node:net';

const server = https.createServer({ key: process.env.TLS_BENCH_KEY, cert: process.env.TLS_BENCH_CERT }, (_request, response) => {
  response.writeHead(200, { 'content-type': 'text/plain', 'content-length': '2', connection: 'close' });
  response.end('ok');
});
server.listen(0, '127.0.0.1', () => {
  process.send?.({ type: 'ready', port: (server.address() as AddressInfo).port });
});
process.on('message', (message: { type?: string }) => {
  if (message.type === 'stats') {
    const cpu = process.cpuUsage();
    process.send?.({ type: 'stats', cpuMs: (cpu.user + cpu.system) / 1000 });
  }
});
process.on('disconnect', () => process.exit(0));
