import http from 'node:http';
import https from 'node:https';
import type { LookupFunction, Socket } from 'node:net';
import type { CheckTimings } from '../../shared/checks/check-result.js';

/**
 * One HTTP(S) GET on a fresh connection, with the moments its phases ended taken from the socket's
 * own events. The caller owns the response (reads or destroys it) and the timeout (aborts
 * `signal`, which destroys the request at whatever phase it is in).
 */

export const USER_AGENT = 'Upwatch/1.0';

/** Monotonic clock in nanoseconds: wall-clock steps must not bend the timings. */
export const clock = (): bigint => process.hrtime.bigint();

export interface HopPhases {
  start: bigint;
  lookupAt: bigint | null;
  connectAt: bigint | null;
  secureAt: bigint | null;
  headersAt: bigint | null;
}

export interface HopOptions {
  lookup: LookupFunction;
  signal: AbortSignal;
  maxHeaderSize: number;
}

export type HopResult =
  | { ok: true; response: http.IncomingMessage; phases: HopPhases }
  | { ok: false; error: unknown; phases: HopPhases };

export const sendRequest = (url: URL, options: HopOptions): Promise<HopResult> =>
  new Promise((resolve) => {
    const phases: HopPhases = { start: clock(), lookupAt: null, connectAt: null, secureAt: null, headersAt: null };
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request({
      protocol: url.protocol,
      // WHATWG keeps the brackets of an IPv6 literal; the socket wants the bare address.
      hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: url.port === '' ? undefined : Number(url.port),
      path: `${url.pathname}${url.search}`,
      method: 'GET',
      headers: { 'User-Agent': USER_AGENT, Accept: '*/*', Connection: 'close' },
      // A fresh connection per check: no agent pool, so no socket is ever reused.
      agent: false,
      lookup: options.lookup,
      maxHeaderSize: options.maxHeaderSize,
      signal: options.signal,
    });
    request.once('socket', (socket: Socket) => {
      // With several addresses Node may emit `lookup`/`connect` per try; the first lookup and the
      // connect that succeeded are the phases.
      socket.once('lookup', () => (phases.lookupAt ??= clock()));
      socket.on('connect', () => (phases.connectAt = clock()));
      socket.once('secureConnect', () => (phases.secureAt = clock()));
    });
    request.once('response', (response) => {
      phases.headersAt = clock();
      resolve({ ok: true, response, phases });
    });
    // Stays attached: errors after the response (a reset mid-body) reach the body reader instead.
    request.on('error', (error) => resolve({ ok: false, error, phases }));
    request.end();
  });

const ms = (from: bigint, to: bigint): number => Math.round(Number(to - from) / 1_000) / 1_000;

/** Phase durations of one hop, null for phases that did not happen; `total` spans the whole check. */
export const hopTimings = (phases: HopPhases, checkStart: bigint, end: bigint): CheckTimings => {
  const connectedAt = phases.secureAt ?? phases.connectAt;
  return {
    dns: phases.lookupAt === null ? null : ms(phases.start, phases.lookupAt),
    connect: phases.connectAt === null ? null : ms(phases.lookupAt ?? phases.start, phases.connectAt),
    tls: phases.secureAt === null || phases.connectAt === null ? null : ms(phases.connectAt, phases.secureAt),
    ttfb: phases.headersAt === null || connectedAt === null ? null : ms(connectedAt, phases.headersAt),
    total: ms(checkStart, end),
  };
};
