import http from 'node:http';
import https from 'node:https';
import net, { isIP, type LookupFunction, type Socket } from 'node:net';
import tls, { type PeerCertificate } from 'node:tls';
import type { CheckTimings } from '../../shared/checks/check-result.js';
import { checkServerAsBrowsers } from './certificate-strength.js';

/**
 * One HTTP(S) request (a GET unless the monitor says otherwise) on a fresh connection, with the moments its phases ended taken from the socket's
 * own events; ttfb ends at the first byte of the answer. The caller owns the response (reads or
 * destroys it) and the timeout: `cancel()` destroys the request at whatever phase it is in. No
 * AbortSignal on purpose: aborting a request, finished or not, builds a DOMException with a
 * source-mapped stack (--enable-source-maps) that nobody reads, and that was about half of the CPU
 * of a loopback check (docs/PERFORMANCE.md).
 */

export const USER_AGENT = 'Upwatch/1.0';

/** Monotonic clock in nanoseconds: wall-clock steps must not bend the timings. */
export const clock = (): bigint => process.hrtime.bigint();

export interface HopPhases {
  start: bigint;
  lookupAt: bigint | null;
  connectAt: bigint | null;
  secureAt: bigint | null;
  firstByteAt: bigint | null;
  /** The certificate the server presented, taken as the handshake ends, before it is verified. */
  certificate?: PeerCertificate;
}

/** What a hop sends (docs/checks.md "Request options"); secrets are already opened. */
export interface HopRequest {
  method: string;
  /** Sent after our defaults, so a monitor may set its own Accept or User-Agent. */
  headers: Record<string, string>;
  body?: { text: string; contentType: string };
}

export const PLAIN_GET: HopRequest = { method: 'GET', headers: {} };

export interface HopOptions {
  lookup: LookupFunction;
  maxHeaderSize: number;
  request?: HopRequest;
  /** Trusted roots instead of Node's (tests with their own certificate authority); absent on the main path. */
  ca?: string;
}

export type HopResult =
  | { ok: true; response: http.IncomingMessage; phases: HopPhases }
  | { ok: false; error: unknown; phases: HopPhases };

export interface Hop {
  /** Settles once the response headers are in, or the request failed. */
  result: Promise<HopResult>;
  /** Destroys the request (and its response) at whatever phase it is in; harmless when it is over. */
  cancel(): void;
}

/**
 * Opens the connection of one request and stamps its phases from the moment the socket exists.
 * Each stamp goes AHEAD of Node's own listeners (the request write waiting for `connect`, the HTTP
 * parser on `data`), so it is the first thing done when the event comes: ttfb holds the request
 * write, and the first byte of the answer is stamped before anything is parsed.
 *
 * Not `agent: false`: that builds a whole Agent per request (a sixth of a check's garbage, and
 * its CPU) only to open one connection, which this does directly. TLS gets the host name for SNI
 * and the certificate check unless it is an IP literal, as Node's agent would send it.
 */
const openConnection = (url: URL, hostname: string, phases: HopPhases, ca: string | undefined) => (options: http.ClientRequestArgs): Socket => {
  const socket =
    url.protocol === 'https:'
      ? tls.connect({
          ...(options as tls.ConnectionOptions),
          servername: isIP(hostname) === 0 ? hostname : '',
          ...(ca ? { ca } : {}),
          // What browsers refuse on top of OpenSSL's checks (docs/checks.md "Certificates browsers refuse").
          checkServerIdentity: checkServerAsBrowsers,
        })
      : net.createConnection(options as net.NetConnectOpts);
  // With several addresses Node may emit `lookup`/`connect` per try; the first lookup and the
  // connect that succeeded are the phases.
  socket.once('lookup', () => (phases.lookupAt ??= clock()));
  socket.prependListener('connect', () => (phases.connectAt = clock()));
  socket.prependOnceListener('secureConnect', () => (phases.secureAt = clock()));
  if (socket instanceof tls.TLSSocket) {
    // `secure` comes as the handshake ends and before Node verifies the chain and the name (and
    // refuses a bad certificate): the certificate is seen here whether or not it is then refused.
    socket.prependOnceListener('secure', () => {
      // With its chain (issuerCertificate), which certificate-strength.ts judges too.
      const certificate = socket.getPeerCertificate(true);
      if (certificate && Object.keys(certificate).length) phases.certificate = certificate;
    });
  }
  socket.prependOnceListener('data', () => (phases.firstByteAt ??= clock()));
  return socket;
};

export const sendRequest = (url: URL, options: HopOptions): Hop => {
  const phases: HopPhases = { start: clock(), lookupAt: null, connectAt: null, secureAt: null, firstByteAt: null };
  const client = url.protocol === 'https:' ? https : http;
  // WHATWG keeps the brackets of an IPv6 literal; the socket wants the bare address.
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const { method, headers, body } = options.request ?? PLAIN_GET;
  const payload = body ? Buffer.from(body.text, 'utf8') : undefined;
  const request = client.request({
    protocol: url.protocol,
    hostname,
    port: url.port === '' ? undefined : Number(url.port),
    path: `${url.pathname}${url.search}`,
    method,
    headers: {
      'User-Agent': USER_AGENT,
      Accept: '*/*',
      ...headers,
      ...(payload && body ? { 'Content-Type': body.contentType, 'Content-Length': String(payload.length) } : {}),
      Connection: 'close',
    },
    // A fresh connection per check, never from a pool, so no socket is ever reused.
    createConnection: openConnection(url, hostname, phases, options.ca),
    lookup: options.lookup,
    maxHeaderSize: options.maxHeaderSize,
  });
  const result = new Promise<HopResult>((resolve) => {
    request.once('response', (response) => {
      phases.firstByteAt ??= clock();
      resolve({ ok: true, response, phases });
    });
    // Stays attached: errors after the response (a reset mid-body) reach the body reader instead.
    request.on('error', (error) => resolve({ ok: false, error, phases }));
  });
  request.end(payload);
  return {
    result,
    cancel: () => {
      if (!request.destroyed) request.destroy();
    },
  };
};

const ms = (from: bigint, to: bigint): number => Math.round(Number(to - from) / 1_000) / 1_000;

/** Phase durations of one hop, null for phases that did not happen; `total` spans the whole check. */
export const hopTimings = (phases: HopPhases, checkStart: bigint, end: bigint): CheckTimings => {
  const connectedAt = phases.secureAt ?? phases.connectAt;
  return {
    dns: phases.lookupAt === null ? null : ms(phases.start, phases.lookupAt),
    connect: phases.connectAt === null ? null : ms(phases.lookupAt ?? phases.start, phases.connectAt),
    tls: phases.secureAt === null || phases.connectAt === null ? null : ms(phases.connectAt, phases.secureAt),
    ttfb: phases.firstByteAt === null || connectedAt === null ? null : ms(connectedAt, phases.firstByteAt),
    total: ms(checkStart, end),
  };
};
