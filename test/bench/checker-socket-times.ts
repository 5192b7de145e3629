/**
 * The checker benchmark's own view of each connection the checker opens, on the monotonic clock
 * that the target child shares (`process.hrtime` reads CLOCK_MONOTONIC, one clock per machine):
 * when the socket connected, and when the first byte of the answer reached JavaScript.
 *
 * The listeners are added when the socket is created (diagnostics channel `net.client.socket`,
 * published inside `net.createConnection`), so they run in the same events as the checker's own
 * stamps, right after them: these moments are the checker's, within microseconds. Next to the
 * moments the target got the request and wrote the answer, they split a ttfb error in two:
 * connect -> the target's request event (the request's way in, and the target's own lateness) and
 * answer written -> first byte stamped (the checker's lateness, plus loopback transit).
 *
 * Only plain-http connections are seen (TLS sockets are not made by `net.createConnection`), which
 * is all the benchmark opens.
 */
import dc from 'node:diagnostics_channel';
import type { ClientRequest } from 'node:http';
import type { Socket } from 'node:net';

export interface SocketTimes {
  connectedAt?: bigint;
  firstByteAt?: bigint;
}

// Module-level references: a channel nobody holds can be collected, and its subscribers with it.
const socketChannel = dc.channel('net.client.socket');
const requestChannel = dc.channel('http.client.request.start');

export interface SocketTimesObserver {
  /** The times of the connection that carried the request with this id (the path's last part). */
  timesOf(id: string): SocketTimes | undefined;
  stop(): void;
}

export const observeSocketTimes = (idOfPath: (path: string) => string | null): SocketTimesObserver => {
  const bySocket = new WeakMap<object, SocketTimes>();
  const byId = new Map<string, SocketTimes>();
  const onSocket = (message: unknown): void => {
    const { socket } = message as { socket: Socket };
    const times: SocketTimes = {};
    bySocket.set(socket, times);
    socket.prependListener('connect', () => (times.connectedAt = process.hrtime.bigint()));
    socket.prependOnceListener('data', () => (times.firstByteAt = process.hrtime.bigint()));
  };
  // Published once the request is written, so its socket is known by then.
  const onRequest = (message: unknown): void => {
    const { request } = message as { request: ClientRequest };
    const id = idOfPath(request.path);
    const times = request.socket ? bySocket.get(request.socket) : undefined;
    if (id !== null && times) byId.set(id, times);
  };
  socketChannel.subscribe(onSocket);
  requestChannel.subscribe(onRequest);
  return {
    timesOf: (id) => byId.get(id),
    stop: () => {
      socketChannel.unsubscribe(onSocket);
      requestChannel.unsubscribe(onRequest);
    },
  };
};
