/**
 * Fault-injection soak (docs/RELIABILITY.md "The soak"): N
 * monitors at 30 s from 3 regions on `npm start`'s local cloud (its own ports and data dir, the
 * fault hooks on), against loopback targets in this process that go down (503) and come back on a
 * plan fixed in advance, while one fault a minute is injected in rotation: a checker killed
 * mid-batch, DynamoDB throttling, the processor killed between its writes, SES failing a share of
 * sends, the whole cloud killed with SIGKILL and started again on the same data, a region silent,
 * DynamoDB latency. Then the faults stop, the pipeline drains, and a markdown report says what
 * was lost, missed, doubled, mailed and how long each recovery took, with the host's calibration
 * and the steal over the faults and the drain (docs/PERFORMANCE.md "Host calibration"). Stops by
 * itself (watchdog).
 *
 *   SOAK_MONITORS=100 SOAK_MINUTES=4 npx tsx test/bench/soak.ts > soak.md
 *
 * Knobs (defaults): SOAK_MONITORS (1000), SOAK_MINUTES of faults (20), SOAK_WARMUP_SECONDS (90),
 * SOAK_DOWN_SECONDS / SOAK_UP_SECONDS of each target's outages (180 / 180), SOAK_FAULTS (the
 * rotation, comma-separated kinds of soak-plan.ts), SOAK_LONG_FAULT_SECONDS (SES failing, region
 * silent: 300), SOAK_DB_FAULT_SECONDS (120), SOAK_SES_FAIL_PERCENT (30), SOAK_DB_THROTTLE_PERCENT
 * (25, of attempts), SOAK_DB_LATENCY_PERCENT (30, 500 ms each), SOAK_DRAIN_MINUTES at most (12),
 * UPWATCH_TEST_PORT_OFFSET, BENCH_MAX_MINUTES, SOAK_KEEP_DATA=1. Loopback only.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { requestKill, pendingKill, writeFaultPlan, type FaultPlan, type KillableWorker } from '../../infra/local/faults/fault-control.js';
import { DEFAULT_CHECKER_REGIONS } from '../../shared/queues.js';
import { exitOnFailure, fmt, intFromEnv, progress } from './bench-kit.js';
import { calibrateHost, describeHost, REFERENCE_SHA256_MS, startStealMeter } from './host-calibration.js';
import {
  deadLetters,
  enterpriseUser,
  incidentsOf,
  monitorIndexes,
  pendingOutbox,
  queueDepths,
  soakPorts,
  SoakCloud,
  uploadMonitors,
  type SoakUser,
} from './soak-cloud.js';
import { faultAt, isDownAt, outagesOf, parseFaultKinds, type FaultKind, type Outage } from './soak-plan.js';
import { writeReport, type InjectedFault } from './soak-report.js';

const MONITORS = intFromEnv('SOAK_MONITORS', 1000, 1);
const MINUTES = intFromEnv('SOAK_MINUTES', 20, 1);
const WARMUP_SECONDS = intFromEnv('SOAK_WARMUP_SECONDS', 90, 30);
const DOWN_MS = intFromEnv('SOAK_DOWN_SECONDS', 180, 60) * 1000;
const UP_MS = intFromEnv('SOAK_UP_SECONDS', 180, 60) * 1000;
const LONG_FAULT_MS = intFromEnv('SOAK_LONG_FAULT_SECONDS', 300, 10) * 1000;
const DB_FAULT_MS = intFromEnv('SOAK_DB_FAULT_SECONDS', 120, 10) * 1000;
const SES_FAIL = intFromEnv('SOAK_SES_FAIL_PERCENT', 30) / 100;
const DB_THROTTLE = intFromEnv('SOAK_DB_THROTTLE_PERCENT', 25) / 100;
const DB_LATENCY = intFromEnv('SOAK_DB_LATENCY_PERCENT', 30) / 100;
const DRAIN_MINUTES = intFromEnv('SOAK_DRAIN_MINUTES', 12, 1);
const FAULTS = parseFaultKinds(process.env.SOAK_FAULTS);
const OFFSET = intFromEnv('UPWATCH_TEST_PORT_OFFSET', 0);
const MAX_MINUTES = intFromEnv('BENCH_MAX_MINUTES', Math.ceil(WARMUP_SECONDS / 60) + MINUTES + DRAIN_MINUTES + 15, 1);
const INTERVAL = 30;
const TIMEOUT = 5;
const PER_USER = 500;
const REGIONS = DEFAULT_CHECKER_REGIONS;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const sleepUntil = (at: number) => sleep(Math.max(0, at - Date.now()));

// ---------------------------------------------------------------- the targets: the plan, and every hit

let outages: Outage[][] = [];
const hits = new Map<number, number[]>();
const target = http.createServer((request, response) => {
  const index = Number(/^\/m\/(\d+)/.exec(request.url ?? '')?.[1] ?? -1);
  const now = Date.now();
  if (index >= 0) {
    let list = hits.get(index);
    if (!list) hits.set(index, (list = []));
    list.push(now);
  }
  const down = index >= 0 && isDownAt(outages[index] ?? [], now);
  response.writeHead(down ? 503 : 200, { 'content-type': 'text/plain' }).end(down ? 'planned outage' : 'ok');
});

// ---------------------------------------------------------------- the cloud; stopping by itself

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'upwatch-soak-'));
const ports = soakPorts(OFFSET);
const cloud = new SoakCloud(dataDir, ports);
let cleaning = false;
const cleanUp = async () => {
  if (cleaning) return;
  cleaning = true;
  await cloud.stop().catch(() => undefined);
  target.close();
  if (!process.env.SOAK_KEEP_DATA) fs.rmSync(dataDir, { recursive: true, force: true });
  else progress(`data kept in ${dataDir}`);
};
const fail = exitOnFailure(cleanUp, MAX_MINUTES, 'soak');

// ---------------------------------------------------------------- the faults

let plan: FaultPlan = {};
const cloudKills: { at: number; readyAt: number }[] = [];
let restarting = false;
const occurrences = new Map<FaultKind, number>();

const waitForKill = async (worker: KillableWorker, timeoutMs: number): Promise<number | null> => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!pendingKill(cloud.faultsDir, worker)) return Date.now();
    await sleep(100);
  }
  return null;
};

const inject = async (kind: FaultKind): Promise<InjectedFault> => {
  const at = Date.now();
  const nth = occurrences.get(kind) ?? 0;
  occurrences.set(kind, nth + 1);
  const region = REGIONS[nth % REGIONS.length]!;
  const until = (ms: number) => new Date(at + ms).toISOString();
  switch (kind) {
    case 'checker-killed': {
      requestKill(cloud.faultsDir, 'checker', { region });
      const done = await waitForKill('checker', 30_000);
      return { kind, at, recoveryFrom: done ?? at, detail: done ? `mid-batch of ${region}` : `not carried out in 30 s (${region})` };
    }
    case 'processor-killed': {
      requestKill(cloud.faultsDir, 'processor');
      const done = await waitForKill('processor', 45_000);
      return { kind, at, recoveryFrom: done ?? at, detail: done ? `after a write, ${((done - at) / 1000).toFixed(1)} s after asked` : 'not carried out in 45 s' };
    }
    case 'ses-failing':
      plan = { ...plan, ses: { failShare: SES_FAIL, until: until(LONG_FAULT_MS) } };
      writeFaultPlan(cloud.faultsDir, plan);
      return { kind, at, recoveryFrom: at + LONG_FAULT_MS, detail: `${SES_FAIL * 100} % of sends for ${LONG_FAULT_MS / 1000} s` };
    case 'dynamodb-throttling':
    case 'dynamodb-latency': {
      const current = plan.dynamodb && Date.parse(plan.dynamodb.until) > at ? plan.dynamodb : { throttleShare: 0, latencyShare: 0, latencyMs: 500, until: until(0) };
      plan = {
        ...plan,
        dynamodb: {
          ...current,
          ...(kind === 'dynamodb-throttling' ? { throttleShare: DB_THROTTLE } : { latencyShare: DB_LATENCY, latencyMs: 500 }),
          until: until(DB_FAULT_MS),
        },
      };
      writeFaultPlan(cloud.faultsDir, plan);
      const what = kind === 'dynamodb-throttling' ? `${DB_THROTTLE * 100} % of attempts throttled` : `${DB_LATENCY * 100} % of calls +500 ms`;
      return { kind, at, recoveryFrom: at + DB_FAULT_MS, detail: `${what} for ${DB_FAULT_MS / 1000} s` };
    }
    case 'region-silent':
      plan = { ...plan, silentRegions: { ...plan.silentRegions, [region]: until(LONG_FAULT_MS) } };
      writeFaultPlan(cloud.faultsDir, plan);
      return { kind, at, recoveryFrom: at + LONG_FAULT_MS, detail: `${region} for ${LONG_FAULT_MS / 1000} s` };
    case 'cloud-killed': {
      restarting = true;
      try {
        await cloud.killHard();
        const killedAt = Date.now();
        await cloud.start();
        const readyAt = Date.now();
        cloudKills.push({ at: killedAt, readyAt });
        return { kind, at, recoveryFrom: readyAt, detail: `SIGKILL, ready again in ${((readyAt - killedAt) / 1000).toFixed(0)} s` };
      } finally {
        restarting = false;
      }
    }
  }
};

// ---------------------------------------------------------------- the run

const main = async () => {
  // Before the local cloud starts: the host's speed while the machine is quiet
  // (docs/PERFORMANCE.md "Host calibration"); the steal is measured from the first fault to the
  // end of the drain.
  const host = calibrateHost();
  progress(`host: SHA-256 calibration ${fmt(host.sha256Ms, 0)} ms (reference ${REFERENCE_SHA256_MS}), JSON ${fmt(host.jsonMs, 0)} ms`);
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', () => resolve()));
  const targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
  progress(`data dir ${dataDir}; starting the local cloud (gateway ${ports.gateway})`);
  await cloud.start();

  const users: SoakUser[] = [];
  for (let from = 0; from < MONITORS; from += PER_USER) {
    const user = await enterpriseUser(ports, users.length);
    await uploadMonitors(ports, user, from, Math.min(MONITORS, from + PER_USER), targetUrl, INTERVAL, TIMEOUT);
    users.push(user);
  }
  const indexes = await monitorIndexes(ports, users);
  if (indexes.size !== MONITORS) throw new Error(`found ${indexes.size} monitors of ${MONITORS}`);
  progress(`${MONITORS} monitors for ${users.length} users; warm-up ${WARMUP_SECONDS} s (load average ${os.loadavg()[0]!.toFixed(2)})`);
  await sleep(WARMUP_SECONDS * 1000);

  const t0 = Math.ceil(Date.now() / 10_000) * 10_000;
  const tEnd = t0 + MINUTES * 60_000;
  outages = Array.from({ length: MONITORS }, (_, index) => outagesOf(index, MONITORS, { from: t0 + 30_000, until: tEnd, downMs: DOWN_MS, upMs: UP_MS }));
  const loadAtStart = os.loadavg().map((value) => value.toFixed(2)).join(' / ');
  const steal = startStealMeter();
  progress(`faults from ${new Date(t0).toISOString()} for ${MINUTES} min: ${FAULTS.join(', ')}; ${outages.flat().length} outages planned`);

  const depthSamples: { at: number; depths: Record<string, number> }[] = [];
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      await sleep(5000);
      if (restarting) continue;
      if (cloud.isDown) {
        // A part crashed (not a planned kill): recorded as a finding, and the cloud is started again.
        progress('the local cloud went down unplanned; starting it again');
        restarting = true;
        await cloud.start().catch((error: unknown) => fail(error));
        restarting = false;
        continue;
      }
      const depths = await queueDepths(ports).catch(() => null);
      if (depths) depthSamples.push({ at: Date.now(), depths });
    }
  })();

  const faults: InjectedFault[] = [];
  for (let minute = 0; minute < MINUTES; minute++) {
    await sleepUntil(t0 + minute * 60_000 + 5_000);
    const kind = faultAt(minute, FAULTS);
    const fault = await inject(kind);
    faults.push(fault);
    progress(`minute ${minute}: ${kind} (${fault.detail})`);
  }
  await sleepUntil(tEnd);
  // Every lasting fault ends with the faults' time, whatever length it was given.
  plan = {};
  writeFaultPlan(cloud.faultsDir, plan);
  for (const fault of faults) fault.recoveryFrom = Math.min(fault.recoveryFrom, Math.max(tEnd, fault.at));

  // ---- drain: every planned transition opened and every alert finished, or the drain's limit
  const drainEnd = Math.max(tEnd, ...faults.map((fault) => fault.recoveryFrom)) + DRAIN_MINUTES * 60_000;
  const transitionsPlanned = outages.flat().length * 2;
  progress(`faults over; draining (at most until ${new Date(drainEnd).toISOString()})`);
  // Long enough after the last fault's end for its recovery to be measured (report: tCut - 30 s).
  await sleep(150_000);
  for (;;) {
    const [incidents, pending] = await Promise.all([incidentsOf(ports, users), pendingOutbox(ports)]);
    const opened = incidents.filter((incident) => indexes.has(incident.monitorId) && (incident.alertType === 'down' || incident.alertType === 'up')).length;
    progress(`drain: ${opened} of ${transitionsPlanned} transitions opened, ${pending.length} alerts unfinished`);
    if ((opened >= transitionsPlanned && pending.length === 0) || Date.now() > drainEnd) break;
    await sleep(15_000);
  }
  const tStop = Date.now();
  const incidents = await incidentsOf(ports, users);
  const pending = await pendingOutbox(ports);
  const dead = await deadLetters(ports);
  sampling = false;
  await sampler;
  const loadAtEnd = os.loadavg().map((value) => value.toFixed(2)).join(' / ');
  const stealShare = steal.read();
  await cloud.stop();

  const outcome = writeReport({
    monitors: MONITORS,
    minutes: MINUTES,
    t0,
    tEnd,
    tStop,
    tCut: tStop - 45_000,
    outages,
    hits,
    faults,
    cloudKills,
    crashes: cloud.crashes,
    faultsDir: cloud.faultsDir,
    indexes,
    incidents,
    pendingOutbox: pending,
    deadLetters: dead,
    depthSamples,
    settings: {
      SOAK_DOWN_SECONDS: DOWN_MS / 1000,
      SOAK_UP_SECONDS: UP_MS / 1000,
      SOAK_LONG_FAULT_SECONDS: LONG_FAULT_MS / 1000,
      SOAK_DB_FAULT_SECONDS: DB_FAULT_MS / 1000,
      SOAK_FAULTS: FAULTS.join(','),
    },
    host: describeHost(host, stealShare),
    machine: `${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), load average (1/5/15 min) ${loadAtStart} at the start of the faults, ${loadAtEnd} at the end`,
  });
  progress(`done: ${JSON.stringify(outcome)}`);
  await cleanUp();
};

main()
  .then(() => process.exit(0))
  .catch(fail);
