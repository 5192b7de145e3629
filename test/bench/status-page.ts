/**
 * Status page under a crowd (docs/PERFORMANCE.md "Status page under a crowd"): a 50-component
 * public status page, with incidents and their updates, read by an open-loop crowd (status-crowd.ts)
 * at STATUS_BENCH_RATE requests/s on each of its two addresses (the server-rendered HTML `/status/<slug>` and the JSON
 * `/api/public/status/<slug>`) for STATUS_BENCH_SECONDS, while STATUS_BENCH_MONITORS monitors are
 * checked every 30 s from 3 regions by the pipeline of a local cloud with its edge cache on
 * (infra/local/response-cache.ts, docs/status-pages.md "Caching"). Reported: latency p50/p95/p99
 * and requests/s achieved per address, errors and non-2xx answers, the page's staleness (the
 * JSON's `generated_at` against the clock, polled every second) and the pipeline's freshness
 * (hits received against hits due, and the age of `last_checked` as the API shows it, as
 * scale.ts reports them) in a window without the crowd and one with it; plus the host's
 * calibration and steal (host-calibration.ts), load average and the CPU others used. Loopback only; it stops by itself (watchdog
 * BENCH_MAX_MINUTES).
 *
 *   npm run bench:status-page > status-page.md
 *
 * Knobs: STATUS_BENCH_SECONDS (60: each window), STATUS_BENCH_MONITORS (3000, at least 50: the
 * page's components are the first 50), STATUS_BENCH_RATE (1000 requests/s per address),
 * STATUS_BENCH_CONNECTIONS (50 sockets at most per address), STATUS_BENCH_ACCEPT_ENCODING (`gzip, deflate, br`, as a browser;
 * '' for none), STATUS_BENCH_WARMUP_SECONDS (60), STATUS_BENCH_BASELINE
 * (1: measure a window without the crowd first; 0 skips it), STATUS_BENCH_DATA_ROOT (/dev/shm where
 * there is one), UPWATCH_TEST_PORT_OFFSET (2300: shifts every port), BENCH_MAX_MINUTES.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { IncidentList } from '../../shared/incidents/schemas.js';
import type { MonitorList } from '../../shared/monitors/schemas.js';
import { benchCloudPorts, startBenchCloud, type BenchCloud } from './bench-cloud.js';
import { exitOnFailure, fmt, intFromEnv, percentile, progress, report } from './bench-kit.js';
import { benchRequest, enterpriseUser, expectStatus, uploadMonitors, type BenchUser } from './bench-users.js';
import { calibrateHost, describeHost, startStealMeter } from './host-calibration.js';
import { formatLoad, startLoadSampler } from './load-sampler.js';
import { createStatusPage, crowdNote, crowdTable, monitorIdsByIndex, openLoopCrowd, pageAddresses, pollStaleness, sentAs, type Crowd } from './status-crowd.js';

const SECONDS = intFromEnv('STATUS_BENCH_SECONDS', 60, 5);
const MONITORS = intFromEnv('STATUS_BENCH_MONITORS', 3000, 50);
const RATE = intFromEnv('STATUS_BENCH_RATE', 1000, 1);
const CONNECTIONS = intFromEnv('STATUS_BENCH_CONNECTIONS', 50, 1);
const WARMUP_SECONDS = intFromEnv('STATUS_BENCH_WARMUP_SECONDS', 60);
const BASELINE = intFromEnv('STATUS_BENCH_BASELINE', 1) > 0;
/** What the crowd's browsers accept (Chrome's own header, less zstd); '' for none. */
const ACCEPT_ENCODING = process.env.STATUS_BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br';
const OFFSET = intFromEnv('UPWATCH_TEST_PORT_OFFSET', 2300);
const MAX_MINUTES = intFromEnv('BENCH_MAX_MINUTES', Math.ceil((WARMUP_SECONDS + 2 * SECONDS) / 60) + 20, 1);
const COMPONENTS = 50;
/** Components whose site answers 503: their checks open down incidents, which get updates. */
const DOWN = 3;
const INTERVAL = 30;
const REGIONS = 3;
const PER_USER = 500;
const SLUG = 'bench-status';
const ports = benchCloudPorts(OFFSET);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------- the monitored sites: every hit recorded

const hits: number[] = [];
const target = http.createServer((request, response) => {
  const index = Number(/^\/m\/(\d+)/.exec(request.url ?? '')?.[1] ?? -1);
  if (index >= 0) hits.push(Date.now());
  const down = index >= 0 && index < DOWN;
  response.writeHead(down ? 503 : 200, { 'content-type': 'text/plain' }).end(down ? 'down' : 'ok');
});
const hitsBetween = (from: number, to: number) => hits.reduce((sum, at) => sum + (at >= from && at < to ? 1 : 0), 0);

// ---------------------------------------------------------------- the cloud, with schedules and the edge cache on

const dataRoot = process.env.STATUS_BENCH_DATA_ROOT ?? (fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir());
const dataDir = fs.mkdtempSync(path.join(dataRoot, 'upwatch-status-bench-'));
let cloud: BenchCloud | undefined;
let cleaned = false;
const cleanUp = async () => {
  if (cleaned) return;
  cleaned = true;
  await cloud?.stop();
  target.close();
  if (!process.env.STATUS_BENCH_KEEP_DATA) fs.rmSync(dataDir, { recursive: true, force: true });
};
const fail = exitOnFailure(cleanUp, MAX_MINUTES);

const request = (route: string, opts: Parameters<typeof benchRequest>[2] = {}) => benchRequest(ports, route, opts);
const loadAverage = () => os.loadavg().map((value) => value.toFixed(2)).join(' / ');

// ---------------------------------------------------------------- the page: 50 components, incidents with updates

type PipelineUser = BenchUser & { monitors: number };

/** Waits for the down components' incidents (the checks open them) and posts two updates to each. */
const incidentsWithUpdates = async (user: BenchUser, downIds: readonly string[]): Promise<number> => {
  const deadline = Date.now() + 180_000;
  for (;;) {
    const list = JSON.parse(expectStatus('list incidents', await request('/api/incidents?page=1&limit=50', { token: user.token }), 200).text) as IncidentList;
    const open = list.incidents.filter((incident) => incident.alert_type === 'down' && incident.status === 'open' && downIds.includes(incident.monitor_id));
    if (open.length >= downIds.length) {
      for (const [n, incident] of open.entries()) {
        const updates = [
          { status: 'investigating', message: `We're looking into errors on **${incident.monitor_name}**.` },
          { status: 'identified', message: 'A failed deploy is the cause; we are rolling it back.', impact: { [incident.monitor_id]: n === 0 ? 'major' : 'partial' } },
        ];
        for (const update of updates) expectStatus('post update', await request(`/api/incidents/${incident.id}/updates`, { method: 'POST', token: user.token, body: update }), 200);
      }
      return open.length;
    }
    if (Date.now() > deadline) throw new Error(`${open.length} of ${downIds.length} down incidents opened in 3 minutes`);
    await sleep(2000);
  }
};

// ---------------------------------------------------------------- one measured window

interface Window {
  crowd: Crowd[];
  start: number;
  end: number;
  hits: number;
  due: number;
  ages: number[];
  staleness: number[];
  ageHeaders: number[];
  loadAtStart: string;
  loadAtEnd: string;
  others: string;
}

const measureWindow = async (users: readonly PipelineUser[], withCrowd: boolean, sampler: ReturnType<typeof startLoadSampler>): Promise<Window> => {
  const loadAtStart = loadAverage();
  const start = Date.now();
  const perfStart = performance.now();
  const end = start + SECONDS * 1000;
  const ages: number[] = [];
  const ageLoop = async () => {
    for (let turn = 0; Date.now() < end; turn++) {
      const user = users[turn % users.length]!;
      const page = 1 + (Math.floor(turn / users.length) % Math.ceil(user.monitors / 100));
      const list = await request(`/api/monitors?page=${page}&limit=100`, { token: user.token });
      if (list.status === 200) {
        const now = Date.now();
        for (const monitor of (JSON.parse(list.text) as MonitorList).monitors) ages.push(monitor.last_checked ? (now - Date.parse(monitor.last_checked)) / 1000 : Infinity);
      }
      await sleep(3000);
    }
  };
  const crowdOn = (address: { label: string; path: string }) =>
    openLoopCrowd({ ports, ...address, rate: RATE, seconds: SECONDS, connections: CONNECTIONS, headers: ACCEPT_ENCODING ? { 'accept-encoding': ACCEPT_ENCODING } : {} });
  const crowds = withCrowd ? Promise.all(pageAddresses(SLUG).map(crowdOn)) : Promise.resolve([]);
  const [crowd, , { staleness, ageHeaders }] = await Promise.all([crowds, ageLoop(), pollStaleness(ports, SLUG, end), sleep(end - Date.now())]);
  const stop = Date.now();
  // Only whole seconds of hits already made: a round due near the end is counted as due in proportion.
  const windowHits = hitsBetween(start, stop);
  return {
    crowd,
    start,
    end: stop,
    hits: windowHits,
    due: (MONITORS * REGIONS * (stop - start)) / 1000 / INTERVAL,
    ages,
    staleness,
    ageHeaders,
    loadAtStart,
    loadAtEnd: loadAverage(),
    others: formatLoad(sampler.summarize(perfStart, performance.now())),
  };
};

// ---------------------------------------------------------------- the run

const main = async () => {
  // Before anything else runs: the host's speed, while the machine is still quiet.
  const host = calibrateHost();
  progress(`host: SHA-256 calibration ${fmt(host.sha256Ms, 0)} ms, load ${loadAverage()}; data dir ${dataDir}`);
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', () => resolve()));
  const targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
  cloud = await startBenchCloud({ ports, dataDir, env: { UPWATCH_RUN_SCHEDULES: '1', UPWATCH_EDGE_CACHE: '1' }, onUnexpectedExit: fail });
  progress(`cloud ready (gateway ${ports.gateway})`);

  const users: PipelineUser[] = [];
  for (let from = 0; from < MONITORS; from += PER_USER) {
    const user = await enterpriseUser(ports, users.length, 'Status');
    const to = Math.min(MONITORS, from + PER_USER);
    const created = await uploadMonitors(ports, user, { from, to, label: 'Status', target: targetUrl, interval: INTERVAL, timeout: 5 });
    users.push({ ...user, monitors: created });
    progress(`user ${users.length}: ${created} monitors`);
  }
  const sinceUpload = Date.now();
  const owner = users[0]!;
  const componentIds = await monitorIdsByIndex(ports, owner, Array.from({ length: COMPONENTS }, (_, index) => index));
  await createStatusPage(ports, owner, SLUG, componentIds);
  const incidents = await incidentsWithUpdates(owner, componentIds.slice(0, DOWN));
  progress(`page /status/${SLUG}: ${COMPONENTS} components, ${incidents} incidents with 2 updates each`);
  const html = expectStatus('read the page', await request(`/status/${SLUG}`), 200);
  const json = expectStatus('read the JSON', await request(`/api/public/status/${SLUG}`), 200);
  const htmlSent = await sentAs(ports, `/status/${SLUG}`, ACCEPT_ENCODING);
  const jsonSent = await sentAs(ports, `/api/public/status/${SLUG}`, ACCEPT_ENCODING);
  const banner = (JSON.parse(json.text) as { overall: { text: string } }).overall.text;

  progress(`warm-up ${WARMUP_SECONDS} s`);
  await sleep(Math.max(0, WARMUP_SECONDS * 1000 - (Date.now() - sinceUpload)));
  const sampler = startLoadSampler();
  const steal = startStealMeter();
  const windows: { label: string; window: Window }[] = [];
  if (BASELINE) {
    progress(`window without the crowd, ${SECONDS} s`);
    windows.push({ label: 'pipeline alone', window: await measureWindow(users, false, sampler) });
  }
  progress(`window with the crowd, ${SECONDS} s at ${RATE} requests/s on each address`);
  windows.push({ label: 'with the crowd', window: await measureWindow(users, true, sampler) });
  sampler.stop();
  const stealShare = steal.read();
  await cleanUp();

  // ---- the report
  const kib = (body: string | Buffer) => fmt(Buffer.byteLength(body) / 1024, 1);
  const crowdWindow = windows.at(-1)!.window;
  report(`## Status page under a crowd: ${COMPONENTS} components, ${RATE} requests/s on each address for ${SECONDS} s, ${MONITORS} monitors checked, ${new Date(crowdWindow.start).toISOString().slice(0, 16)}Z`);
  report('');
  report(`${describeHost(host, stealShare)} ${fmt(os.totalmem() / 2 ** 30, 1)} GiB; the cloud's data in ${dataRoot}; edge cache on.`);
  report(`Page: ${COMPONENTS} components in 5 groups, ${incidents} open incidents with 2 updates each (banner ${JSON.stringify(banner)}); HTML ${kib(html.text)} KiB, JSON ${kib(json.text)} KiB; as sent for \`Accept-Encoding: ${ACCEPT_ENCODING || '(none)'}\` ${htmlSent.encoding} ${fmt(htmlSent.bytes / 1024, 1)} and ${jsonSent.encoding} ${fmt(jsonSent.bytes / 1024, 1)} KiB (gzip ${kib(zlib.gzipSync(html.text))} and ${kib(zlib.gzipSync(json.text))} KiB). ${CONNECTIONS} connections per address.`);
  report('');
  for (const line of crowdTable(crowdWindow.crowd)) report(line);
  report('');
  report(crowdNote(crowdWindow.crowd, CONNECTIONS));
  report('');
  report('| window | page staleness p95 / max, s (`generated_at` vs clock) | `age` header max, s | pipeline hits / due | `last_checked` age p50 / p95 / max, s | load average start -> end | other processes |');
  report('|---|---|---:|---:|---|---|---|');
  for (const { label, window } of windows) {
    const finite = window.ages.filter(Number.isFinite);
    report(
      `| ${label} | ${fmt(percentile(window.staleness, 95), 1)} / ${fmt(Math.max(...window.staleness), 1)} (${window.staleness.length} polls) | ${fmt(Math.max(...window.ageHeaders), 0)} | ` +
        `${window.hits} / ${fmt(window.due, 0)} = **${fmt(window.hits / window.due, 3)}** | ${fmt(percentile(finite, 50), 1)} / ${fmt(percentile(finite, 95), 1)} / ${fmt(Math.max(...finite), 1)} (${window.ages.length} samples, ${window.ages.length - finite.length} never checked) | ` +
        `${window.loadAtStart} -> ${window.loadAtEnd} | ${window.others} |`,
    );
  }
};

main()
  .then(() => process.exit(0))
  .catch(fail);
