/**
 * Scale benchmark (docs/PERFORMANCE.md "Scale"): N monitors at
 * 30 s over 3 regions through the product's own API, on `npm start`'s local cloud (its own ports and
 * data dir), against a loopback target in this process that records every hit. After a warm-up it
 * measures one window and prints a markdown report: done/due, missed rounds, lateness and spacing
 * of rounds, the age of `last_checked` as the API shows it, queue depths, CPU and RSS per process,
 * CPU ms and DynamoDB units per check, and API p50/p95 for the list and dashboard of a
 * 500-monitor user during the load. It stops by itself (watchdog `BENCH_MAX_MINUTES`).
 *
 *   SCALE_MONITORS=1000 npx tsx test/bench/scale.ts > scale.md
 *
 * Knobs: SCALE_MONITORS (1000; 0 measures the idle cloud), SCALE_WARMUP_SECONDS (120),
 * SCALE_WINDOW_SECONDS (180), SCALE_QUIET_SECONDS (60: the window's last seconds without API probes), SCALE_DATA_ROOT (/dev/shm where there is one), UPWATCH_TEST_PORT_OFFSET
 * (shifts every port), BENCH_MAX_MINUTES, SCALE_CLOUD_NODE_ARGS (Node flags for the cloud's main process,
 * e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`; UPWATCH_WORKER_NODE_ARGS does the same for its workers).
 * SCALE_ALONGSIDE=1 adds, on the same cloud and in the same window, a status page under an
 * open-loop crowd, open screens and a storm of monitors that go down and come back through the real
 * pipeline, with their alerts (scale-alongside.ts; knobs SCALE_STATUS_RPS, SCALE_SCREENS,
 * SCALE_STORM_MONITORS, SCALE_STORM_AT_SECONDS, SCALE_STORM_WATCH_SECONDS; docs/PERFORMANCE.md "All at once").
 * SCALE_QUERY_PROBE=1 times, after each list probe, the list's own DynamoDB query (the probe user's
 * monitor items, the list's projection) sent from this process straight to DynamoDB Local: how much
 * of the list's time is the emulator's (docs/PERFORMANCE.md "What the pages wait behind, all at once").
 * The users' plan is set to enterprise in the table (as a paid checkout would); everything else
 * goes through the API. Loopback only.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { GetQueueAttributesCommand, ListQueuesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBClient, QueryCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { monitorViewProjection } from '../../functions/repositories/monitor-items.js';
import { MONITOR_SK_PREFIX, userMonitorsPartition } from '../../shared/table/keys.js';
import { TABLE } from '../../shared/table/table-definition.js';
import { benchCloudPorts, startBenchCloud, type BenchCloud } from './bench-cloud.js';
import { exitOnFailure, fmt, intFromEnv, percentile, progress, report } from './bench-kit.js';
import { benchRequest, enterpriseUser, uploadMonitors, userItems, type BenchUser } from './bench-users.js';
import { atReferenceSpeed, calibrateHost, describeHost, REFERENCE_SHA256_MS, startStealMeter } from './host-calibration.js';
import { cloudProcesses, type ProcessSample } from './process-tree.js';
import { alongsideFromEnv, setUpAlongside } from './scale-alongside.js';

const MONITORS = intFromEnv('SCALE_MONITORS', 1000);
const WARMUP_SECONDS = intFromEnv('SCALE_WARMUP_SECONDS', 120);
const WINDOW_SECONDS = intFromEnv('SCALE_WINDOW_SECONDS', 180, 30);
/** The "all at once" mode's sizes (SCALE_ALONGSIDE=1; scale-alongside.ts), or null for the steady monitors alone. */
const ALONGSIDE = MONITORS > 0 ? alongsideFromEnv(MONITORS) : null;
const QUERY_PROBE = process.env.SCALE_QUERY_PROBE === '1';
/**
 * The window's last seconds without API requests: CPU per check of the check pipeline alone, next
 * to the whole window's, which includes what the probes' page reads cost (fixed, whatever N). None
 * by default in the "all at once" mode, whose other parts run through the whole window.
 */
const QUIET_SECONDS = Math.min(intFromEnv('SCALE_QUIET_SECONDS', ALONGSIDE ? 0 : 60), WINDOW_SECONDS - 30);
const INTERVAL = 30;
const TIMEOUT = 5;
const REGIONS = 3;
const PER_USER = 500;
const OFFSET = intFromEnv('UPWATCH_TEST_PORT_OFFSET', 0);
const MAX_MINUTES = intFromEnv('BENCH_MAX_MINUTES', Math.ceil((WARMUP_SECONDS + WINDOW_SECONDS + (ALONGSIDE?.stormWatchSeconds ?? 0)) / 60) + 15, 1);
const ports = benchCloudPorts(OFFSET);
const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------- the target: records every hit

const hits = new Map<number, number[]>();
/** The answer to a monitor's check: 200, or in the "all at once" mode 500 for a storm monitor's failing round. */
let statusOf = (_index: number, _now: number): number => 200;
const target = http.createServer((request, response) => {
  const index = Number(/^\/m\/(\d+)/.exec(request.url ?? '')?.[1] ?? -1);
  const now = Date.now();
  if (index >= 0) {
    let list = hits.get(index);
    if (!list) hits.set(index, (list = []));
    list.push(now);
  }
  const status = index >= 0 ? statusOf(index, now) : 200;
  response.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : 'down');
});

// ---------------------------------------------------------------- the cloud, as `npm start` runs it

/**
 * Where the cloud keeps its data for the run (SCALE_DATA_ROOT; by default tmpfs, /dev/shm, where
 * there is one). DynamoDB Local commits every write as its own SQLite transaction with the journal
 * and fsyncs, on one thread: on this machine's disk that caps it at about 550 single-item writes a
 * second, on tmpfs at 1,500-2,300 (docs/PERFORMANCE.md "Scale"). The run never needs its data
 * again, and DynamoDB on AWS has no such ceiling, so the benchmark measures the pipeline, not the
 * emulator's disk. SCALE_DATA_ROOT=/tmp measures it on the disk, as `npm start` keeps it.
 */
const dataRoot = process.env.SCALE_DATA_ROOT ?? (fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir());
const dataDir = fs.mkdtempSync(path.join(dataRoot, 'upwatch-scale-'));
const capacityDir = path.join(dataDir, 'capacity');
let cloud: BenchCloud | undefined;
let alongside: Awaited<ReturnType<typeof setUpAlongside>> | undefined;

const startCloud = async (): Promise<void> => {
  cloud = await startBenchCloud({
    ports,
    dataDir,
    env: { UPWATCH_RUN_SCHEDULES: '1', UPWATCH_CAPACITY_DIR: capacityDir },
    nodeArgs: (process.env.SCALE_CLOUD_NODE_ARGS ?? '').split(' ').filter(Boolean),
    onUnexpectedExit: fail,
  });
};

let stopping = false;
const cleanUp = async () => {
  if (stopping) return;
  stopping = true;
  alongside?.close();
  listQueryClient?.destroy();
  await cloud?.stop();
  target.close();
  if (!process.env.SCALE_KEEP_DATA) fs.rmSync(dataDir, { recursive: true, force: true });
};
const fail = exitOnFailure(cleanUp, MAX_MINUTES);

/** The largest value (NaN for none), without spreading: a 10,000-monitor window has ~300,000 values. */
const maxOf = (values: readonly number[]): number => (values.length ? values.reduce((a, b) => (b > a ? b : a)) : Number.NaN);

// ---------------------------------------------------------------- the users, through the API

const request = (route: string, opts: Parameters<typeof benchRequest>[2] = {}) => benchRequest(ports, route, opts);

/** A bench user, how many monitors it has (the last_checked probe pages through them) and the index of its first. */
type ScaleUser = BenchUser & { monitors: number; first: number };

/** The phase of every monitor (its due-index sort key, keys.ts 8) and its id, by monitor index. */
const readPhases = async (users: readonly BenchUser[]): Promise<{ phases: Map<number, number>; ids: Map<number, string> }> => {
  const phases = new Map<number, number>();
  const ids = new Map<number, string>();
  for (const user of users) {
    for (const item of await userItems(ports, user.userId, MONITOR_SK_PREFIX)) {
      const index = /\/m\/(\d+)$/.exec(String(item.url ?? ''))?.[1];
      if (index !== undefined && item.GSI2SK !== undefined) phases.set(Number(index), Number(item.GSI2SK));
      if (index !== undefined) ids.set(Number(index), String(item.id));
    }
  }
  return { phases, ids };
};

// ---------------------------------------------------------------- queues, capacity

const sqs = new SQSClient({ region: 'us-east-1', endpoint: `http://127.0.0.1:${ports.sqs}`, credentials });

type QueueDepths = Record<string, { visible: number; inFlight: number; delayed: number }>;

const queueDepths = async (): Promise<QueueDepths> => {
  const { QueueUrls = [] } = await sqs.send(new ListQueuesCommand({}));
  const depths: QueueDepths = {};
  for (const url of QueueUrls.sort()) {
    const { Attributes = {} } = await sqs.send(
      new GetQueueAttributesCommand({
        QueueUrl: url,
        AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible', 'ApproximateNumberOfMessagesDelayed'],
      }),
    );
    depths[url.split('/').pop()!] = {
      visible: Number(Attributes.ApproximateNumberOfMessages ?? 0),
      inFlight: Number(Attributes.ApproximateNumberOfMessagesNotVisible ?? 0),
      delayed: Number(Attributes.ApproximateNumberOfMessagesDelayed ?? 0),
    };
  }
  return depths;
};

interface CapacityFile {
  role: string;
  pid: number;
  writeUnits: number;
  readUnits: number;
  commands: Record<string, { calls: number; units: number }>;
  /** Calls per command and item kind (infra/local/capacity-counter.ts). */
  byKind?: Record<string, number>;
}

const readCapacity = (): CapacityFile[] =>
  fs.existsSync(capacityDir)
    ? fs.readdirSync(capacityDir).map((file) => JSON.parse(fs.readFileSync(path.join(capacityDir, file), 'utf8')) as CapacityFile)
    : [];

/** The list's DynamoDB query for a user, every page, sent straight to the emulator; its time in ms (SCALE_QUERY_PROBE). */
const queryClient = () =>
  new DynamoDBClient({ region: 'us-east-1', endpoint: `http://127.0.0.1:${ports.dynamodb}`, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
let listQueryClient: DynamoDBClient | undefined;
const timeListQuery = async (userId: string): Promise<number> => {
  listQueryClient ??= queryClient();
  const started = performance.now();
  let from: Record<string, AttributeValue> | undefined;
  do {
    const page = await listQueryClient.send(
      new QueryCommand({
        TableName: TABLE.name,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': { S: userMonitorsPartition(userId) }, ':prefix': { S: MONITOR_SK_PREFIX } },
        ScanIndexForward: false,
        ...monitorViewProjection(),
        ExclusiveStartKey: from,
      }),
    );
    from = page.LastEvaluatedKey;
  } while (from);
  return performance.now() - started;
};

// ---------------------------------------------------------------- the run

const loadAverage = () => os.loadavg().map((value) => value.toFixed(2)).join(' / ');

const main = async () => {
  // Before anything else runs: the host's speed, while the machine is still quiet.
  const host = calibrateHost();
  progress(`host: SHA-256 calibration ${fmt(host.sha256Ms, 0)} ms (reference ${REFERENCE_SHA256_MS}), JSON ${fmt(host.jsonMs, 0)} ms`);
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', () => resolve()));
  const targetPort = (target.address() as AddressInfo).port;
  progress(`data dir ${dataDir}; starting the local cloud (gateway ${ports.gateway})`);
  await startCloud();

  const users: ScaleUser[] = [];
  for (let from = 0; from < MONITORS; from += PER_USER) {
    const user = await enterpriseUser(ports, users.length, 'Scale');
    const to = Math.min(MONITORS, from + PER_USER);
    const created = await uploadMonitors(ports, user, { from, to, label: 'Scale', target: `http://127.0.0.1:${targetPort}`, interval: INTERVAL, timeout: TIMEOUT });
    users.push({ ...user, monitors: created, first: from });
    progress(`user ${users.length}: ${created} monitors`);
  }
  const { phases, ids } = await readPhases(users);
  if (phases.size !== MONITORS) throw new Error(`found ${phases.size} scheduled monitors of ${MONITORS}`);
  if (ALONGSIDE) {
    alongside = await setUpAlongside({ ports, cloud: cloud!, users, monitorIds: ids, phases, sizes: ALONGSIDE, monitors: MONITORS });
    statusOf = alongside.answer;
  }
  progress(`warm-up ${WARMUP_SECONDS} s (load average ${loadAverage()})`);
  await sleep(WARMUP_SECONDS * 1000);
  await alongside?.openScreens();

  // ---- the window
  const loadAtStart = loadAverage();
  const steal = startStealMeter();
  const t0 = Date.now();
  const depthsAtStart = await queueDepths();
  const capacityAtStart = readCapacity();
  const procsAtStart = cloudProcesses(cloud!.pid);
  // This process shares the cores: the target every check hits, the probes, and (all at once) the crowd and the screens.
  const benchCpuAtStart = process.cpuUsage();
  const depthSamples: { at: number; depths: QueueDepths }[] = [];
  const ages: number[] = [];
  // All at once, the same samples split: a storm monitor's failing round is decided after its
  // retries, so its last_checked waits longer by design; the others show what the load does.
  const stormAges: number[] = [];
  const otherAges: number[] = [];
  const listMs: number[] = [];
  const queryMs: number[] = [];
  const dashboardMs: number[] = [];
  const windowEnd = t0 + WINDOW_SECONDS * 1000;
  /** The API probes stop here; the rest of the window is the pipeline alone. */
  const probesEnd = windowEnd - QUIET_SECONDS * 1000;
  const probe = users[0];
  progress(`measuring ${WINDOW_SECONDS} s`);

  const probeLoop = async () => {
    while (probe && Date.now() < probesEnd) {
      const list = await request('/api/monitors?page=1&limit=100', { token: probe.token });
      if (list.status === 200) listMs.push(list.ms);
      if (QUERY_PROBE) queryMs.push(await timeListQuery(probe.userId));
      const dashboard = await request('/api/dashboard/stats', { token: probe.token });
      if (dashboard.status === 200) dashboardMs.push(dashboard.ms);
      await sleep(1000);
    }
  };
  const ageLoop = async () => {
    let turn = 0;
    while (users.length && Date.now() < probesEnd) {
      const user = users[turn % users.length]!;
      const page = 1 + (Math.floor(turn / users.length) % Math.ceil(user.monitors / 100));
      turn++;
      const list = await request(`/api/monitors?page=${page}&limit=100`, { token: user.token });
      if (list.status === 200) {
        const now = Date.now();
        for (const monitor of (JSON.parse(list.text) as { monitors: { id: string; last_checked: string | null }[] }).monitors) {
          const age = monitor.last_checked ? (now - Date.parse(monitor.last_checked)) / 1000 : Infinity;
          ages.push(age);
          if (alongside) (alongside.stormIds.has(monitor.id) ? stormAges : otherAges).push(age);
        }
      }
      await sleep(3000);
    }
  };
  const depthLoop = async () => {
    while (Date.now() < windowEnd) {
      await sleep(10_000);
      depthSamples.push({ at: Date.now(), depths: await queueDepths() });
    }
  };
  const quietStart = (async () => {
    await sleep(probesEnd - Date.now());
    return { at: Date.now(), procs: cloudProcesses(cloud!.pid) };
  })();
  await Promise.all([probeLoop(), ageLoop(), depthLoop(), quietStart, alongside?.during(windowEnd), sleep(windowEnd - Date.now())]);
  const t1 = Date.now();
  const procsAtEnd = cloudProcesses(cloud!.pid);
  const benchCpu = process.cpuUsage(benchCpuAtStart);
  const capacityAtEnd = readCapacity();
  const depthsAtEnd = await queueDepths();
  const loadAtEnd = loadAverage();
  const stealShare = steal.read();
  // The storm's alerts may still be on their way: watched to the end, on the same cloud, after the window's figures are taken.
  await alongside?.finish();
  await cleanUp();

  // ---- figures
  let due = 0;
  let done = 0;
  let missedRounds = 0;
  let shortRegionChecks = 0;
  const lateness: number[] = [];
  const spacing: number[] = [];
  for (const [index, phase] of phases) {
    const times = hits.get(index) ?? [];
    const firstSlot = Math.ceil((t0 / 1000 - phase) / INTERVAL) * INTERVAL + phase;
    let previousFirst: number | null = null;
    // Only slots whose whole interval lies in the window: a round due just before the end is made
    // after it, when the cloud is already stopping, and would count as missed.
    for (let slot = firstSlot; (slot + INTERVAL) * 1000 <= t1; slot += INTERVAL) {
      due += REGIONS;
      const inSlot = times.filter((at) => at >= slot * 1000 && at < (slot + INTERVAL) * 1000);
      done += Math.min(REGIONS, inSlot.length);
      if (!inSlot.length) missedRounds++;
      shortRegionChecks += Math.max(0, REGIONS - inSlot.length);
      for (const at of inSlot) lateness.push((at - slot * 1000) / 1000);
      const first = inSlot.length ? Math.min(...inSlot) : null;
      if (first !== null && previousFirst !== null) spacing.push(Math.abs((first - previousFirst) / 1000 - INTERVAL));
      previousFirst = first;
    }
  }
  const hitsBetween = (from: number, to: number) => [...hits.values()].reduce((sum, times) => sum + times.filter((at) => at >= from && at < to).length, 0);
  const hitsInWindow = hitsBetween(t0, t1);
  const windowSeconds = (t1 - t0) / 1000;

  /** Each process's CPU between two samples; one not in the first sample (started since) counts 0. */
  const cpuRows = (from: ProcessSample[], to: ProcessSample[]) =>
    to.map((end) => {
      const start = from.find((candidate) => candidate.pid === end.pid && candidate.startedAt === end.startedAt);
      return { ...end, cpuMs: end.cpuMs - (start?.cpuMs ?? end.cpuMs) };
    });
  const cpuBetween = (from: ProcessSample[], to: ProcessSample[]) => cpuRows(from, to).reduce((sum, row) => sum + row.cpuMs, 0);
  const procRows = cpuRows(procsAtStart, procsAtEnd);
  const totalCpuMs = cpuBetween(procsAtStart, procsAtEnd);
  // No hits (SCALE_MONITORS=0, the idle cloud): every per-check figure is n/a (fmt), not CPU over 1.
  const checks = hitsInWindow || NaN;
  // The same split at the moment the probes stopped: with the API probes, and the pipeline alone.
  const quiet = await quietStart;
  const probedCpuMs = cpuBetween(procsAtStart, quiet.procs);
  const probedHits = hitsBetween(t0, quiet.at) || NaN;
  const quietCpuMs = cpuBetween(quiet.procs, procsAtEnd);
  const quietHits = hitsBetween(quiet.at, t1) || NaN;

  const capacityDelta = (pick: (file: CapacityFile) => number, role?: string) =>
    capacityAtEnd
      .filter((file) => !role || file.role === role)
      .reduce((sum, file) => sum + pick(file) - pick(capacityAtStart.find((old) => old.pid === file.pid) ?? { ...file, writeUnits: 0, readUnits: 0, commands: {} }), 0);
  const commandsDelta = (role: string) => {
    const end = capacityAtEnd.find((file) => file.role === role);
    const start = capacityAtStart.find((file) => file.pid === end?.pid);
    return Object.entries(end?.commands ?? {}).map(([command, tally]) => ({
      command,
      calls: tally.calls - (start?.commands[command]?.calls ?? 0),
      units: tally.units - (start?.commands[command]?.units ?? 0),
    }));
  };

  const kindsDelta = (role: string) => {
    const end = capacityAtEnd.find((file) => file.role === role);
    const start = capacityAtStart.find((file) => file.pid === end?.pid);
    return Object.entries(end?.byKind ?? {}).map(([kind, calls]) => ({ kind, calls: calls - (start?.byKind?.[kind] ?? 0) }));
  };

  const depthLine = (depths: QueueDepths) =>
    Object.entries(depths)
      .map(([name, depth]) => `${name} ${depth.visible}/${depth.inFlight}/${depth.delayed}`)
      .join(', ');
  const maxVisible = (name: string) => Math.max(0, ...depthSamples.map((sample) => sample.depths[name]?.visible ?? 0));

  report(`# Scale benchmark: ${MONITORS} monitors at ${INTERVAL} s from ${REGIONS} regions${ALONGSIDE ? ', all at once (see the last section)' : ''}\n`);
  report(`- Window ${new Date(t0).toISOString()} - ${new Date(t1).toISOString()} (${fmt(windowSeconds, 0)} s after ${WARMUP_SECONDS} s warm-up)`);
  report(`- ${describeHost(host, stealShare)}`);
  report(`- Load average (1 / 5 / 15 min) at start ${loadAtStart}, at end ${loadAtEnd}; ${os.cpus().length} CPUs; the cloud's data in ${dataRoot}`);
  report(`- Checks due ${due} (${fmt(due / windowSeconds, 1)}/s), done ${done}: **done/due ${fmt(due ? done / due : NaN, 3)}**`);
  report(`- Rounds with no hit at all: ${missedRounds}; region-checks missing: ${shortRegionChecks}`);
  report(`- Hit lateness after the slot, s: p50 ${fmt(percentile(lateness, 50))}, p95 ${fmt(percentile(lateness, 95))}, max ${fmt(maxOf(lateness))}`);
  report(`- Round-spacing deviation, s: p95 ${fmt(percentile(spacing, 95))}, max ${fmt(maxOf(spacing))}`);
  const finiteAges = ages.filter(Number.isFinite);
  report(`- Age of last_checked (API, ${ages.length} samples, ${ages.length - finiteAges.length} never checked), s: p50 ${fmt(percentile(finiteAges, 50), 1)}, p95 ${fmt(percentile(finiteAges, 95), 1)}, max ${fmt(maxOf(finiteAges), 1)}`);
  if (alongside) {
    const split = (values: number[]) => {
      const finite = values.filter(Number.isFinite);
      return `p50 ${fmt(percentile(finite, 50), 1)}, p95 ${fmt(percentile(finite, 95), 1)}, max ${fmt(maxOf(finite), 1)} (${values.length} samples)`;
    };
    report(`  - of them the storm's monitors, s: ${split(stormAges)}; the others: ${split(otherAges)}`);
  }
  if (QUERY_PROBE) report(`- The list's query alone (this process to DynamoDB Local, the same items and projection), ms: p50 ${fmt(percentile(queryMs, 50), 0)} / p95 ${fmt(percentile(queryMs, 95), 0)} (${queryMs.length})`);
  report(`- API, ${probe?.monitors ?? 0}-monitor user, ms: list p50 ${fmt(percentile(listMs, 50), 0)} / p95 ${fmt(percentile(listMs, 95), 0)} (${listMs.length}), dashboard p50 ${fmt(percentile(dashboardMs, 50), 0)} / p95 ${fmt(percentile(dashboardMs, 95), 0)} (${dashboardMs.length})`);
  report(`- Queues (visible/in flight/delayed) at start: ${depthLine(depthsAtStart)}`);
  report(`- Queues at end: ${depthLine(depthsAtEnd)}`);
  report(`- Largest visible during the window: ${Object.keys(depthsAtEnd).map((name) => `${name} ${maxVisible(name)}`).join(', ')}`);
  report(
    `- CPU of the whole local cloud: ${fmt(totalCpuMs / (t1 - t0), 2)} cores; **${fmt(totalCpuMs / checks, 3)} CPU ms per check** (${hitsInWindow} hits in the window${ALONGSIDE ? '; with the status page, the screens and the storm on the same cloud' : ''}); ` +
      `at the reference host's speed ${fmt(atReferenceSpeed(totalCpuMs / (t1 - t0), host), 2)} cores, **${fmt(atReferenceSpeed(totalCpuMs / checks, host), 3)} CPU ms per check**`,
  );
  report(
    `- CPU of this benchmark's own process beside it (the target every check hits, the API probes${ALONGSIDE ? ', the crowd and the screens' : ''}): ` +
      `${fmt((benchCpu.user + benchCpu.system) / 1000 / (t1 - t0), 2)} cores, so ${fmt((totalCpuMs + (benchCpu.user + benchCpu.system) / 1000) / (t1 - t0), 2)} of the ${os.cpus().length} cores were busy`,
  );
  if (QUIET_SECONDS > 0) {
    report(
      `- CPU ms per check, split: ${fmt(probedCpuMs / probedHits, 3)} while the API probes ran (first ${fmt((quiet.at - t0) / 1000, 0)} s), ` +
        `**${fmt(quietCpuMs / quietHits, 3)} for the pipeline alone** (last ${fmt((t1 - quiet.at) / 1000, 0)} s, no API requests)`,
    );
  }
  const writeUnits = capacityDelta((file) => file.writeUnits);
  const readUnits = capacityDelta((file) => file.readUnits);
  report(`- DynamoDB (Local's ConsumedCapacity, every process): **${fmt(writeUnits / checks, 3)} WU** and ${fmt(readUnits / checks, 3)} RU per region-check (${fmt(writeUnits, 0)} WU, ${fmt(readUnits, 0)} RU)`);
  report('\n| process | CPU cores | CPU ms per check | at reference speed | RSS MB |\n|---|---:|---:|---:|---:|');
  for (const row of procRows.sort((a, b) => b.cpuMs - a.cpuMs)) {
    report(`| ${row.label} (pid ${row.pid}) | ${fmt(row.cpuMs / (t1 - t0), 3)} | ${fmt(row.cpuMs / checks, 3)} | ${fmt(atReferenceSpeed(row.cpuMs / checks, host), 3)} | ${fmt(row.rssMb, 0)} |`);
  }
  for (const role of [...new Set(capacityAtEnd.map((file) => file.role))].sort()) {
    const rows = commandsDelta(role).filter((row) => row.calls > 0);
    if (!rows.length) continue;
    report(`\nDynamoDB calls in the window, ${role}: ${rows.map((row) => `${row.command} ${row.calls} calls / ${fmt(row.units, 1)} units`).join('; ')}`);
    const kinds = kindsDelta(role).filter((row) => row.calls > 0).sort((a, b) => b.calls - a.calls);
    report(`  by item kind: ${kinds.slice(0, 24).map((row) => `${row.kind} ${row.calls}`).join(', ')}`);
  }
  if (alongside) for (const line of alongside.report()) report(line);
};

main()
  .then(() => process.exit(0))
  .catch(fail);


