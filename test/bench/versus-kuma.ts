/**
 * Upwatch against Uptime Kuma on the same host (docs/PERFORMANCE.md "Against Uptime Kuma on the
 * same host"; issue "headroom", item 4): N HTTP monitors checked every 30 s against a loopback
 * target of the same shape, first by Uptime Kuma (one process, checking from one place), then by
 * Upwatch (the repository's scale benchmark, test/bench/scale.ts, run as it is in a child: the
 * whole local cloud, checking from 3 regions). Never both at once. For each it reports the CPU of
 * all of the product's processes ÷ target hits in the window (CPU ms per region-check) and per
 * monitor round (1 hit for Kuma, 3 for Upwatch), cores, RSS, hits done against due, and for
 * Upwatch the list and dashboard p95 of the 500-monitor user; then the ratio Upwatch / Kuma, with
 * the host's calibration and every CPU figure also at the reference host's speed.
 *
 *   KUMA_DIR=/work/kuma npm run bench:versus-kuma > versus-kuma.md
 *
 * Knobs: KUMA_DIR (required: a built Uptime Kuma checkout), VERSUS_KUMA_MONITORS (3000),
 * VERSUS_KUMA_WARMUP_SECONDS (120), VERSUS_KUMA_WINDOW_SECONDS (180), VERSUS_KUMA_SIDES
 * (`kuma,upwatch`; one of them alone for a quick look), VERSUS_KUMA_ADD_IN_FLIGHT (8: Kuma's `add`
 * calls at once while setting up), VERSUS_KUMA_DASHBOARD (0; 1 keeps the benchmark's socket.io
 * connection to Kuma open through the window, as an open dashboard tab would), SCALE_DATA_ROOT
 * (/dev/shm where there is one: both products keep their data there), UPWATCH_TEST_PORT_OFFSET
 * (Kuma listens on 3801 + offset; the scale run takes its own ports with the same offset),
 * VERSUS_KUMA_PORT_WAIT_MINUTES (15: how long the scale run waits for its ports if another
 * process holds one), BENCH_MAX_MINUTES. Loopback only; markdown report on stdout, progress on stderr.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { benchCloudPorts } from './bench-cloud.js';
import { exitOnFailure, fmt, intFromEnv, percentile, progress, report } from './bench-kit.js';
import { atReferenceSpeed, calibrateHost, describeHost, REFERENCE_SHA256_MS, startStealMeter, type HostCalibration } from './host-calibration.js';
import { startKuma } from './kuma-peer.js';
import { cloudProcesses, type ProcessSample } from './process-tree.js';
import { readScaleFigures, type ScaleFigures } from './scale-report-figures.js';

const MONITORS = intFromEnv('VERSUS_KUMA_MONITORS', 3000, 1);
const WARMUP_SECONDS = intFromEnv('VERSUS_KUMA_WARMUP_SECONDS', 120);
const WINDOW_SECONDS = intFromEnv('VERSUS_KUMA_WINDOW_SECONDS', 180, 60);
const ADD_IN_FLIGHT = intFromEnv('VERSUS_KUMA_ADD_IN_FLIGHT', 8, 1);
const KEEP_DASHBOARD = process.env.VERSUS_KUMA_DASHBOARD === '1';
const SIDES = new Set((process.env.VERSUS_KUMA_SIDES ?? 'kuma,upwatch').split(',').map((side) => side.trim()));
const OFFSET = intFromEnv('UPWATCH_TEST_PORT_OFFSET', 0);
const KUMA_PORT = 3801 + OFFSET;
const INTERVAL = 30;
const TIMEOUT = 5;
const UPWATCH_REGIONS = 3;
const PORT_WAIT_MINUTES = intFromEnv('VERSUS_KUMA_PORT_WAIT_MINUTES', 15);
const MAX_MINUTES = intFromEnv('BENCH_MAX_MINUTES', Math.ceil((2 * (WARMUP_SECONDS + WINDOW_SECONDS)) / 60) + 25 + PORT_WAIT_MINUTES, 1);
const dataRoot = process.env.SCALE_DATA_ROOT ?? (fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir());
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

for (const side of SIDES) if (side !== 'kuma' && side !== 'upwatch') throw new Error(`VERSUS_KUMA_SIDES: unknown side ${side}`);
const kumaDir = process.env.KUMA_DIR;
if (SIDES.has('kuma') && !kumaDir) {
  throw new Error('KUMA_DIR must name a built Uptime Kuma checkout: see docs/PERFORMANCE.md "Against Uptime Kuma on the same host"');
}

// ---------------------------------------------------------------- Kuma's target: scale.ts's shape

/**
 * The loopback site Kuma checks: the same server as test/bench/scale.ts's target (`GET /m/<index>`
 * answers `200 ok` at once and records the time per monitor), in this process, so its CPU is
 * counted for neither product. The scale run brings its own, identical one.
 */
const hits = new Map<number, number[]>();
const target = http.createServer((request, response) => {
  const index = Number(/^\/m\/(\d+)/.exec(request.url ?? '')?.[1] ?? -1);
  if (index >= 0) {
    let list = hits.get(index);
    if (!list) hits.set(index, (list = []));
    list.push(Date.now());
  }
  response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
});

// ---------------------------------------------------------------- cleanup and watchdog

let stopKuma: (() => Promise<void>) | undefined;
let scaleChild: ChildProcess | undefined;
/** The one cleanup, shared: a second signal (Ctrl-C reaches tsx and this process both) waits for it too. */
let cleaning: Promise<void> | undefined;

const stopScaleChild = async (): Promise<void> => {
  const child = scaleChild;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // scale.ts stops its cloud and removes its data on SIGTERM; SIGKILL only if that hangs.
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  await exited;
  clearTimeout(timer);
};

const cleanUp = (): Promise<void> =>
  (cleaning ??= (async () => {
    await stopKuma?.();
    await stopScaleChild();
    target.close();
  })());
const fail = exitOnFailure(cleanUp, MAX_MINUTES);

// ---------------------------------------------------------------- Kuma's run

/** Whether something answers TCP on 127.0.0.1:`port`. */
const portTaken = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });


interface KumaFigures {
  version: string;
  started: number;
  ended: number;
  due: number;
  done: number;
  monitorsWithoutHit: number;
  periodP50: number;
  periodP95: number;
  cpuMs: number;
  rssMb: number;
  steal: number;
  loadAtStart: string;
  loadAtEnd: string;
  vacuumRuns: number;
  logErrors: number;
}

/** Each process's CPU between two samples; one that started in between counts from 0. */
const cpuBetween = (from: ProcessSample[], to: ProcessSample[]): number =>
  to.reduce((sum, end) => {
    const start = from.find((candidate) => candidate.pid === end.pid && candidate.startedAt === end.startedAt);
    return sum + end.cpuMs - (start?.cpuMs ?? 0);
  }, 0);

const loadAverage = () => os.loadavg().map((value) => value.toFixed(2)).join(' / ');

/** How many times Kuma's `incremental-vacuum` job (cron `*\/5 * * * *`, UTC here) fell in the window. */
const fiveMinuteMarks = (from: number, to: number): number => Math.floor(to / 300_000) - Math.floor(from / 300_000);

const runKuma = async (targetPort: number): Promise<KumaFigures> => {
  if (await portTaken(KUMA_PORT)) throw new Error(`port ${KUMA_PORT} for Uptime Kuma is taken: set UPWATCH_TEST_PORT_OFFSET`);
  const dataDir = fs.mkdtempSync(path.join(dataRoot, 'kuma-versus-'));
  progress(`Uptime Kuma from ${kumaDir}, data in ${dataDir}, port ${KUMA_PORT}`);
  const kuma = await startKuma({ kumaDir: kumaDir!, port: KUMA_PORT, dataDir, onUnexpectedExit: fail, onSpawned: (stop) => (stopKuma = stop) });
  progress(`Uptime Kuma ${kuma.version} is up (pid ${kuma.pid}); adding ${MONITORS} HTTP monitors through its socket.io API`);
  const specs = Array.from({ length: MONITORS }, (_, index) => ({
    name: `Versus ${index}`,
    url: `http://127.0.0.1:${targetPort}/m/${index}`,
    intervalSeconds: INTERVAL,
    timeoutSeconds: TIMEOUT,
  }));
  await kuma.addMonitors(specs, ADD_IN_FLIGHT, (added) => progress(`Kuma: ${added} monitors added`));
  if (!KEEP_DASHBOARD) kuma.disconnect();
  progress(`Kuma: warm-up ${WARMUP_SECONDS} s (load average ${loadAverage()})`);
  await sleep(WARMUP_SECONDS * 1000);

  const loadAtStart = loadAverage();
  const steal = startStealMeter();
  const started = Date.now();
  const procsAtStart = cloudProcesses(kuma.pid);
  progress(`Kuma: measuring ${WINDOW_SECONDS} s`);
  await sleep(WINDOW_SECONDS * 1000);
  const ended = Date.now();
  const procsAtEnd = cloudProcesses(kuma.pid);
  const stealShare = steal.read();
  const loadAtEnd = loadAverage();

  // Kuma waits `interval` after each check ends, so its period is 30 s plus the check's own time:
  // due is every monitor's share of the window at one check per 30 s, the rate a user asked for.
  const due = Math.floor((MONITORS * (ended - started)) / (INTERVAL * 1000));
  let done = 0;
  let monitorsWithoutHit = 0;
  const periods: number[] = [];
  for (let index = 0; index < MONITORS; index++) {
    const times = hits.get(index) ?? [];
    const inWindow = times.filter((at) => at >= started && at < ended);
    done += inWindow.length;
    if (!inWindow.length) monitorsWithoutHit++;
    for (let i = 1; i < times.length; i++) if (times[i]! >= started && times[i]! < ended) periods.push((times[i]! - times[i - 1]!) / 1000);
  }
  const logText = fs.existsSync(kuma.logPath) ? fs.readFileSync(kuma.logPath, 'utf8') : '';
  const logErrors = logText.split('\n').filter((line) => /\bERROR\b/.test(line)).length;
  const version = kuma.version;
  await kuma.stop();
  return {
    version,
    started,
    ended,
    due,
    done,
    monitorsWithoutHit,
    periodP50: percentile(periods, 50),
    periodP95: percentile(periods, 95),
    cpuMs: cpuBetween(procsAtStart, procsAtEnd),
    rssMb: procsAtEnd.reduce((sum, sample) => sum + sample.rssMb, 0),
    steal: stealShare,
    loadAtStart,
    loadAtEnd,
    vacuumRuns: fiveMinuteMarks(started, ended),
    logErrors,
  };
};

// ---------------------------------------------------------------- Upwatch's run: the scale benchmark

/**
 * Waits (up to PORT_WAIT_MINUTES) until none of the scale run's ports is taken: another session's
 * benchmark cloud, or anything else, can hold one of them, and the scale run would fail.
 */
const waitForScalePorts = async (): Promise<void> => {
  const ports = Object.entries(benchCloudPorts(OFFSET));
  const deadline = Date.now() + PORT_WAIT_MINUTES * 60_000;
  for (;;) {
    const taken: string[] = [];
    for (const [name, port] of ports) if (await portTaken(port)) taken.push(`${name} ${port}`);
    if (!taken.length) return;
    if (Date.now() > deadline) throw new Error(`the scale run's ports are still taken after ${PORT_WAIT_MINUTES} min: ${taken.join(', ')}`);
    progress(`Upwatch: waiting for ports in use by another process: ${taken.join(', ')}`);
    await sleep(15_000);
  }
};

const runUpwatch = async (): Promise<{ figures: ScaleFigures; text: string }> => {
  await waitForScalePorts();
  progress(`Upwatch: test/bench/scale.ts with SCALE_MONITORS=${MONITORS} (its progress follows)`);
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/bench/scale.ts'], {
    // Its own process group: a Ctrl-C reaches only this script, which sends the scale run one
    // SIGTERM (a second signal would make scale.ts exit before it has removed its data dir).
    detached: true,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      SCALE_MONITORS: String(MONITORS),
      SCALE_WARMUP_SECONDS: String(WARMUP_SECONDS),
      SCALE_WINDOW_SECONDS: String(WINDOW_SECONDS),
      SCALE_DATA_ROOT: dataRoot,
      UPWATCH_TEST_PORT_OFFSET: String(OFFSET),
    },
  });
  scaleChild = child;
  let text = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
  const code = await new Promise<number | null>((resolve) => child.once('exit', (exitCode) => resolve(exitCode)));
  scaleChild = undefined;
  if (code !== 0) throw new Error(`test/bench/scale.ts exited with code ${code}`);
  return { figures: readScaleFigures(text), text };
};

// ---------------------------------------------------------------- the report

const perCheck = (cpuMs: number, checks: number) => cpuMs / Math.max(1, checks);

const writeReport = (host: HostCalibration, kumaFigures: KumaFigures | undefined, upwatch: { figures: ScaleFigures; text: string } | undefined) => {
  /**
   * One speed for both sides: the faster of this script's calibration (before Kuma) and the scale
   * run's (before Upwatch's cloud). Both products ran on this one host minutes apart, and a
   * calibration taken while other processes run reads slower than the host is (best of three
   * only softens that), so scaling each side by its own would put that noise into the ratio.
   */
  const speed: HostCalibration = upwatch && upwatch.figures.sha256Ms < host.sha256Ms ? { ...host, sha256Ms: upwatch.figures.sha256Ms } : host;
  report(`# Upwatch against Uptime Kuma on the same host: ${MONITORS} HTTP monitors every ${INTERVAL} s\n`);
  report(`- ${describeHost(host, kumaFigures?.steal ?? Number.NaN)} (steal: Kuma's window)`);
  report(
    `- Reference-speed figures use one calibration for both products, the faster of the two taken: ${fmt(speed.sha256Ms, 0)} ms ` +
      `(${fmt(host.sha256Ms, 0)} ms before Kuma${upwatch ? `, ${fmt(upwatch.figures.sha256Ms, 0)} ms before Upwatch's cloud` : ''}; reference host ${REFERENCE_SHA256_MS} ms), so the ratio is the same at either speed.`,
  );
  report(`- Both products check \`GET /m/<i>\` on a loopback \`node:http\` target that answers \`200 ok\` at once (timeout ${TIMEOUT} s), one after the other, never at once; data on ${dataRoot}. Warm-up ${WARMUP_SECONDS} s, window ${WINDOW_SECONDS} s each.`);
  const rows: string[] = [];
  const kumaPerHit = kumaFigures ? perCheck(kumaFigures.cpuMs, kumaFigures.done) : Number.NaN;
  const upwatchPerHit = upwatch?.figures.cpuMsPerCheck ?? Number.NaN;
  const kumaPerHitRef = atReferenceSpeed(kumaPerHit, speed);
  const upwatchPerHitRef = atReferenceSpeed(upwatchPerHit, speed);
  if (kumaFigures) {
    const seconds = (kumaFigures.ended - kumaFigures.started) / 1000;
    report(`- Uptime Kuma **${kumaFigures.version}** (KUMA_DIR ${kumaDir}), one Node process, SQLite; window ${new Date(kumaFigures.started).toISOString()} - ${new Date(kumaFigures.ended).toISOString()}, load average ${kumaFigures.loadAtStart} at start, ${kumaFigures.loadAtEnd} at end; its 5-minute incremental-vacuum job fell ${kumaFigures.vacuumRuns} time(s) in the window; ${kumaFigures.logErrors} ERROR line(s) in its log; benchmark's socket.io client ${KEEP_DASHBOARD ? 'connected through the window (VERSUS_KUMA_DASHBOARD=1)' : 'disconnected before the warm-up'}.`);
    report(`- Kuma's period per monitor (gap between its hits) p50 ${fmt(kumaFigures.periodP50, 2)} s, p95 ${fmt(kumaFigures.periodP95, 2)} s (it waits ${INTERVAL} s after each check ends); monitors with no hit in the window: ${kumaFigures.monitorsWithoutHit}.`);
    rows.push(
      `| Uptime Kuma ${kumaFigures.version} | 1 | ${kumaFigures.due} / ${kumaFigures.done} (**${fmt(kumaFigures.done / Math.max(1, kumaFigures.due), 3)}**) | ${fmt(kumaFigures.cpuMs / (seconds * 1000), 3)} | ${fmt(kumaFigures.rssMb, 0)} | **${fmt(kumaPerHit, 3)}** | ${fmt(kumaPerHit, 3)} | ${fmt(kumaPerHitRef, 3)} | ${fmt(kumaPerHitRef, 3)} | - | - |`,
    );
  }
  if (upwatch) {
    const f = upwatch.figures;
    report(`- Upwatch: the scale benchmark's run (its report is below), whole local cloud (${[...new Set(f.processes.map((row) => row.label))].join(', ')}); steal over its window ${Number.isFinite(f.steal) ? `${fmt(f.steal * 100, 1)} %` : 'n/a'}; CPU ms per region-check ${fmt(f.cpuMsPerCheck, 3)} over the whole window with the API probes, ${fmt(f.pipelineAloneCpuMsPerCheck, 3)} for the pipeline alone (the window's quiet end).`);
    rows.push(
      `| Upwatch (scale.ts) | ${UPWATCH_REGIONS} | ${f.due} / ${f.done} (**${fmt(f.doneDue, 3)}**) | ${fmt(f.cores, 3)} | ${fmt(f.rssMb, 0)} | **${fmt(upwatchPerHit, 3)}** | ${fmt(upwatchPerHit * UPWATCH_REGIONS, 3)} | ${fmt(upwatchPerHitRef, 3)} | ${fmt(upwatchPerHitRef * UPWATCH_REGIONS, 3)} | ${fmt(f.listP50Ms, 0)} / **${fmt(f.listP95Ms, 0)}** | ${fmt(f.dashboardP50Ms, 0)} / **${fmt(f.dashboardP95Ms, 0)}** |`,
    );
  }
  report(
    `\n| product | regions | region-checks due / done (done/due) | CPU cores | RSS MB | **CPU ms per region-check** (hit) | CPU ms per monitor round | per hit at reference speed (${REFERENCE_SHA256_MS} ms) | per round at reference speed | list p50 / p95 ms | dashboard p50 / p95 ms |\n|---|---:|---|---:|---:|---:|---:|---:|---:|---|---|`,
  );
  for (const row of rows) report(row);
  if (kumaFigures && upwatch) {
    const ratio = upwatchPerHit / kumaPerHit;
    report(
      `\n**Upwatch / Kuma, CPU per region-check (hit): ${fmt(ratio, 3)}**; ` +
        `**per monitor round (Upwatch's 3 region-checks against Kuma's 1 check): ${fmt(ratio * UPWATCH_REGIONS, 3)}**. ` +
        `The headroom aim: <= 0.2 per check, with list and dashboard p95 < 100 ms (here ${fmt(upwatch.figures.listP95Ms, 0)} / ${fmt(upwatch.figures.dashboardP95Ms, 0)} ms). ` +
        `Pipeline alone (no API probes): ${fmt(upwatch.figures.pipelineAloneCpuMsPerCheck / kumaPerHit, 3)} per region-check.`,
    );
  }
  if (upwatch) report(`\n## Upwatch's scale report, as test/bench/scale.ts printed it\n\n${upwatch.text.replace(/^# /m, '### ')}`);
};

// ---------------------------------------------------------------- the run

const main = async () => {
  // Before anything else runs: the host's speed, while the machine is still quiet.
  const host = calibrateHost();
  progress(`host: SHA-256 calibration ${fmt(host.sha256Ms, 0)} ms (reference ${REFERENCE_SHA256_MS}), JSON ${fmt(host.jsonMs, 0)} ms`);
  let kumaFigures: KumaFigures | undefined;
  if (SIDES.has('kuma')) {
    await new Promise<void>((resolve) => target.listen({ port: 0, host: '127.0.0.1', backlog: 4096 }, () => resolve()));
    kumaFigures = await runKuma((target.address() as AddressInfo).port);
    target.close();
    progress(`Kuma: ${fmt(perCheck(kumaFigures.cpuMs, kumaFigures.done), 3)} CPU ms per check; stopped, data removed`);
  }
  const upwatch = SIDES.has('upwatch') ? await runUpwatch() : undefined;
  writeReport(host, kumaFigures, upwatch);
};

main()
  .then(() => process.exit(0))
  .catch(fail);
