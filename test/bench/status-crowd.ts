/**
 * A public status page and the crowd that reads it, as the benchmarks set them up through a local
 * cloud's API (docs/PERFORMANCE.md "Status page under a crowd", and "Scale" for the all-at-once
 * mode): the page made by its owner from monitors picked by their `/m/<index>` path, how the
 * gateway sends it, its staleness polled once a second, and the crowd itself.
 *
 * The crowd is open-loop: requests start at a fixed arrival rate whatever the answers do, as
 * visitors arrive, and each one's time runs from when it was due to start, so a slow gateway shows
 * as latency instead of as fewer requests (a closed loop waits for answers and hides it).
 */
import http from 'node:http';
import type { MonitorList } from '../../shared/monitors/schemas.js';
import { fmt, percentile } from './bench-kit.js';
import { benchRequest, expectStatus, type BenchPorts, type BenchUser } from './bench-users.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The ids of `user`'s monitors that check `/m/<index>` for each of `indexes`, in that order. */
export const monitorIdsByIndex = async (ports: BenchPorts, user: BenchUser, indexes: readonly number[]): Promise<string[]> => {
  const wanted = new Set(indexes);
  const byIndex = new Map<number, string>();
  for (let page = 1; byIndex.size < wanted.size; page++) {
    const list = JSON.parse(expectStatus('list monitors', await benchRequest(ports, `/api/monitors?page=${page}&limit=100`, { token: user.token }), 200).text) as MonitorList;
    for (const monitor of list.monitors) {
      const index = Number(/\/m\/(\d+)$/.exec(monitor.url)?.[1] ?? -1);
      if (wanted.has(index)) byIndex.set(index, monitor.id);
    }
    if (page >= list.pages) break;
  }
  if (byIndex.size !== wanted.size) throw new Error(`found ${byIndex.size} of ${wanted.size} component monitors`);
  return indexes.map((index) => byIndex.get(index)!);
};

/** Creates the page at `/status/<slug>` with these monitors as components, 10 to a group, through the API. */
export const createStatusPage = async (ports: BenchPorts, owner: BenchUser, slug: string, monitorIds: readonly string[]): Promise<void> => {
  const components = monitorIds.map((monitorId, index) => ({ monitor_id: monitorId, display_name: `Service ${index + 1}`, group: `Group ${Math.floor(index / 10) + 1}` }));
  expectStatus('create page', await benchRequest(ports, '/api/status-pages', { method: 'POST', token: owner.token, body: { name: 'Bench status', slug, components } }), 201);
};

/** The page's two addresses: the server-rendered HTML and its JSON. */
export const pageAddresses = (slug: string) => [
  { label: 'HTML `/status/<slug>`', path: `/status/${slug}` },
  { label: 'JSON `/api/public/status/<slug>`', path: `/api/public/status/${slug}` },
];

/** The body's encoding and size as the gateway sends it to the crowd (fetch would decompress it), from the cache. */
export const sentAs = (ports: BenchPorts, address: string, acceptEncoding: string): Promise<{ encoding: string; bytes: number }> =>
  new Promise((resolve, reject) => {
    const asked = http.get(`http://127.0.0.1:${ports.gateway}${address}`, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve({ encoding: String(response.headers['content-encoding'] ?? 'none'), bytes }));
    });
    asked.on('error', reject);
  });

/** The page's staleness over a window: the JSON's `generated_at` against the clock, and its `age` header, once a second until `end`. */
export const pollStaleness = async (ports: BenchPorts, slug: string, end: number): Promise<{ staleness: number[]; ageHeaders: number[] }> => {
  const staleness: number[] = [];
  const ageHeaders: number[] = [];
  while (Date.now() < end) {
    const response = await fetch(`http://127.0.0.1:${ports.gateway}/api/public/status/${slug}`);
    const body = (await response.json()) as { generated_at: string };
    staleness.push((Date.now() - Date.parse(body.generated_at)) / 1000);
    ageHeaders.push(Number(response.headers.get('age') ?? 0));
    await sleep(1000);
  }
  return { staleness, ageHeaders };
};

export interface Crowd {
  label: string;
  /** Requests asked per second. */
  rate: number;
  /** ms from each request's due start to the end of its answer, for every answer. */
  latencies: number[];
  /** Answers received (any status). */
  requests: number;
  non2xx: number;
  /** Answers by HTTP status. */
  statuses: Map<number, number>;
  /** Requests that failed without an answer (refused, reset), timeouts apart. */
  errors: number;
  /** Requests not answered within the timeout (aborted). */
  timeouts: number;
  /** The arrival window, s. */
  seconds: number;
  /** How late the generator itself started requests (ms, its own event loop): high means the figures are the load generator's. */
  startLateMs: number[];
}

/**
 * An open-loop crowd on one address: `rate` requests a second for `seconds`, over at most
 * `connections` keep-alive sockets (more waiting requests queue for a socket, and that wait is in
 * their time), each aborted after `timeoutMs` from its due start. Resolves when every request has
 * ended.
 */
export const openLoopCrowd = async (opts: {
  ports: BenchPorts;
  label: string;
  path: string;
  rate: number;
  seconds: number;
  connections: number;
  headers?: Record<string, string>;
  timeoutMs?: number;
}): Promise<Crowd> => {
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.connections });
  const crowd: Crowd = { label: opts.label, rate: opts.rate, latencies: [], requests: 0, non2xx: 0, statuses: new Map(), errors: 0, timeouts: 0, seconds: opts.seconds, startLateMs: [] };
  const total = Math.round(opts.rate * opts.seconds);
  const started = performance.now();
  const pending = new Set<Promise<void>>();
  const one = (due: number): Promise<void> =>
    new Promise<void>((resolve) => {
      const signal = AbortSignal.timeout(Math.max(1, Math.round(timeoutMs - (performance.now() - due))));
      const asked = http.get(`http://127.0.0.1:${opts.ports.gateway}${opts.path}`, { agent, headers: opts.headers ?? {}, signal }, (response) => {
        response.resume();
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          crowd.requests++;
          crowd.latencies.push(performance.now() - due);
          crowd.statuses.set(status, (crowd.statuses.get(status) ?? 0) + 1);
          if (status < 200 || status >= 300) crowd.non2xx++;
          resolve();
        });
        response.on('error', () => resolve());
      });
      asked.on('error', () => {
        if (signal.aborted) crowd.timeouts++;
        else crowd.errors++;
        resolve();
      });
    });
  for (let sent = 0; sent < total; ) {
    const now = performance.now();
    // Every request due by now starts now; the lateness of each is recorded.
    while (sent < total && started + (sent * 1000) / opts.rate <= now) {
      const due = started + (sent * 1000) / opts.rate;
      crowd.startLateMs.push(now - due);
      const request = one(due);
      pending.add(request);
      void request.then(() => pending.delete(request));
      sent++;
    }
    await sleep(Math.max(0, started + (sent * 1000) / opts.rate - performance.now()));
  }
  await Promise.all(pending);
  agent.destroy();
  return crowd;
};

/** The crowd's table, one row per address (status-page.ts and scale.ts report it alike). */
export const crowdTable = (crowds: readonly Crowd[]): string[] => [
  '| address | requests | requests/s | p50 ms | p95 ms | p99 ms | max ms | non-2xx | errors | timeouts |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...crowds.map((crowd) => {
    const others = [...crowd.statuses].filter(([status]) => status < 200 || status >= 300).map(([status, count]) => `${status} x ${count}`);
    return (
      `| ${crowd.label} | ${crowd.requests} | ${fmt(crowd.requests / crowd.seconds, 0)} | ${fmt(percentile(crowd.latencies, 50), 1)} | ${fmt(percentile(crowd.latencies, 95), 1)} | ` +
      `${fmt(percentile(crowd.latencies, 99), 1)} | ${fmt(crowd.latencies.reduce((a, b) => (b > a ? b : a), 0), 0)} | ${crowd.non2xx}${others.length ? ` (${others.join(', ')})` : ''} | ${crowd.errors} | ${crowd.timeouts} |`
    );
  }),
];

/** One line on how the crowd was made: asked rate, open loop, and whether the generator kept its pace. */
export const crowdNote = (crowds: readonly Crowd[], connections: number): string =>
  `Open loop: ${crowds.map((crowd) => `${crowd.rate}/s`).join(' + ')} asked, each request timed from when it was due to start (queueing for one of ${connections} sockets per address included); ` +
  `the generator started them late by p99 ${crowds.map((crowd) => fmt(percentile(crowd.startLateMs, 99), 1)).join(' / ')} ms, max ${crowds.map((crowd) => fmt(crowd.startLateMs.reduce((a, b) => (b > a ? b : a), 0), 0)).join(' / ')} ms.`;
