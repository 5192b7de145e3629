/**
 * Live-push benchmark (docs/PERFORMANCE.md "Live pushes", docs/live-status.md "Pushes"): LIVE_USERS
 * accounts with one monitor each and LIVE_CONNECTIONS open WebSocket connections spread evenly over
 * them, then a burst of transitions: every monitor goes down in one round, then up in the next.
 * The rounds run through the real pipeline of a local cloud (check queues, checkers, result
 * processor), whose processor pushes each transition to every open screen of its owner through the
 * gateway's management API. Reported: the time from the transition (its commit, seen by polling
 * the state items every 100 ms) and from the round's start to each message received, p50/p95/max;
 * messages lost or doubled; CPU and memory of the gateway's process (idle, with the sockets open,
 * during the burst); and the host's calibration. Loopback only; it stops by itself
 * (watchdog BENCH_MAX_MINUTES).
 *
 *   npm run bench:live-push > live-push.md
 *
 * Knobs: LIVE_USERS (100), LIVE_CONNECTIONS (1000), LIVE_DATA_ROOT (/dev/shm where there is one),
 * UPWATCH_TEST_PORT_OFFSET (1700: shifts every port), BENCH_MAX_MINUTES (15).
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { ListQueuesCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { roundStartedAt } from '../../shared/checks/check-round.js';
import { checkQueueName } from '../../shared/queues.js';
import { TABLE } from '../../shared/table/table-definition.js';
import { monitorStateKey } from '../../shared/table/keys.js';
import { benchCloudPorts, cloudLogSince, cloudLogSize, startBenchCloud, type BenchCloud } from './bench-cloud.js';
import { exitOnFailure, fmt, intFromEnv, percentile, progress, report } from './bench-kit.js';
import { benchRequest, benchTable, enterpriseUser, expectStatus, type BenchUser } from './bench-users.js';
import { calibrateHost, describeHost, startStealMeter } from './host-calibration.js';
import { matchPushes, openScreens, processorPushCounts, type Screens } from './live-screens.js';
import { cloudProcesses } from './process-tree.js';

const USERS = intFromEnv('LIVE_USERS', 100, 1);
const CONNECTIONS = intFromEnv('LIVE_CONNECTIONS', 1000, 1);
const OFFSET = intFromEnv('UPWATCH_TEST_PORT_OFFSET', 1700);
const MAX_MINUTES = intFromEnv('BENCH_MAX_MINUTES', 15, 1);
const ports = benchCloudPorts(OFFSET);
const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------- the monitored site: up or down on command

let siteDown = false;
const site = http.createServer((_request, response) => {
  response.writeHead(siteDown ? 503 : 200, { 'content-type': 'text/plain' });
  response.end(siteDown ? 'down' : 'ok');
});

// ---------------------------------------------------------------- the cloud, as `npm start` runs it (no schedules: no rounds of its own)

const dataRoot = process.env.LIVE_DATA_ROOT ?? (fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir());
const dataDir = fs.mkdtempSync(path.join(dataRoot, 'upwatch-live-'));
let cloud: BenchCloud | undefined;
let screens: Screens | undefined;

const startCloud = async (): Promise<void> => {
  cloud = await startBenchCloud({ ports, dataDir, web: 'placeholder',
    env: { UPWATCH_RUN_SCHEDULES: '0' }, onUnexpectedExit: fail });
};

let stopping = false;
const cleanUp = async () => {
  if (stopping) return;
  stopping = true;
  screens?.close();
  await cloud?.stop();
  site.close();
  if (!process.env.LIVE_KEEP_DATA) fs.rmSync(dataDir, { recursive: true, force: true });
};
const fail = exitOnFailure(cleanUp, MAX_MINUTES);

// ---------------------------------------------------------------- accounts, monitors, sockets

interface Account extends BenchUser {
  index: number;
  monitorId: string;
}

const table = benchTable(ports);
const sqs = new SQSClient({ region: 'us-east-1', endpoint: `http://127.0.0.1:${ports.sqs}`, credentials });

/** Every account's state item (one BatchGet per 100), as the processor last committed it. */
const readStates = async (accounts: readonly Account[]): Promise<Map<string, Record<string, unknown>>> => {
  const found = new Map<string, Record<string, unknown>>();
  for (let i = 0; i < accounts.length; i += 100) {
    const slice = accounts.slice(i, i + 100);
    const answer = await table.send(
      new BatchGetCommand({
        RequestItems: {
          [TABLE.name]: { Keys: slice.map((account) => monitorStateKey(account.userId, account.monitorId)), ProjectionExpression: 'monitor_id, is_up, last_round' },
        },
      }),
    );
    for (const item of answer.Responses?.[TABLE.name] ?? []) found.set(String(item.monitor_id), item);
  }
  return found;
};

const loadAverage = () => os.loadavg().map((value) => value.toFixed(2)).join(' / ');
const gatewaySample = () => cloudProcesses(cloud!.pid).find((sample) => sample.pid === cloud!.pid)!;

/** One round of every monitor, to every checker region, as the dispatcher would send it; resolves with when each monitor's commit was seen. */
const playRound = async (accounts: readonly Account[], checkQueues: readonly string[], expectUp: boolean) => {
  const round = roundStartedAt(new Date());
  const siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  const jobs = accounts.map((account) => ({ userId: account.userId, monitorId: account.monitorId, url: `${siteUrl}/m/${account.index}`, timeoutSeconds: 5, slowThresholdMs: 5000, round }));
  const started = Date.now();
  for (let i = 0; i < jobs.length; i += 50) {
    const body = JSON.stringify({ kind: 'check_jobs', jobs: jobs.slice(i, i + 50) });
    await Promise.all(checkQueues.map((QueueUrl) => sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: body }))));
  }
  const committed = new Map<string, number>();
  const deadline = Date.now() + 120_000;
  while (committed.size < accounts.length) {
    if (Date.now() > deadline) throw new Error(`round ${round}: ${committed.size} of ${accounts.length} monitors committed in 2 minutes`);
    const states = await readStates(accounts);
    const now = Date.now();
    for (const [monitorId, state] of states) {
      if (!committed.has(monitorId) && state.last_round === round && state.is_up === expectUp) committed.set(monitorId, now);
    }
    await sleep(100);
  }
  return { round, started, committed };
};

const main = async () => {
  // Before anything else runs: the host's speed, while the machine is still quiet.
  const host = calibrateHost();
  progress(`host: SHA-256 calibration ${fmt(host.sha256Ms, 0)} ms; data dir ${dataDir}; starting the local cloud (gateway ${ports.gateway})`);
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  await startCloud();
  const { QueueUrls = [] } = await sqs.send(new ListQueuesCommand({}));
  const checkQueues = QueueUrls.filter((url) => url.split('/').pop()!.startsWith(checkQueueName('')));
  if (!checkQueues.length) throw new Error('no check queues');

  // ---- accounts with one monitor each, checked once (up) before anything is measured
  const accounts: Account[] = [];
  for (let index = 0; index < USERS; index++) {
    const user = await enterpriseUser(ports, index, 'Live');
    const created = expectStatus(
      'create monitor',
      await benchRequest(ports, '/api/monitors', { method: 'POST', token: user.token, client: index, body: { name: `Live ${index}`, url: `${siteUrl}/m/${index}`, check_interval: 3600, timeout: 5 } }),
      201,
    );
    accounts.push({ ...user, index, monitorId: (JSON.parse(created.text) as { id: string }).id });
    if ((index + 1) % 20 === 0 || index + 1 === USERS) progress(`account ${index + 1}/${USERS}`);
  }
  for (let tries = 0; ; tries++) {
    const states = await readStates(accounts);
    if ([...states.values()].filter((state) => state.is_up === true).length === USERS) break;
    if (tries > 300) throw new Error('the first checks did not all come back up');
    await sleep(200);
  }

  // ---- the sockets, spread evenly over the accounts
  await sleep(2000);
  const idle = gatewaySample();
  screens = await openScreens(ports, accounts, CONNECTIONS);
  const { heard, sockets, connectSeconds } = screens;
  await sleep(3000);
  const connected = gatewaySample();
  progress(`${sockets.length} sockets open in ${fmt(connectSeconds, 1)} s; gateway RSS ${fmt(idle.rssMb, 0)} -> ${fmt(connected.rssMb, 0)} MB`);

  // ---- the burst: every monitor down in one round, then up in the next
  const loadAtStart = loadAverage();
  const steal = startStealMeter();
  const results: { label: string; posts: ReturnType<typeof processorPushCounts>; load: string; allReceived: number; fromCommit: number[]; fromRound: number[]; expected: number; received: number; doubled: number; gatewayCpuMs: number; seconds: number; peakRss: number }[] = [];
  for (const [label, down] of [['down', true], ['up', false]] as const) {
    siteDown = down;
    const before = gatewaySample();
    const heardBefore = heard.length;
    const logBefore = cloudLogSize(cloud!);
    const { started, committed } = await playRound(accounts, checkQueues, !down);
    // Every screen of every account is due one monitor.changed: wait for them (or 15 s past the last commit).
    const expected = CONNECTIONS;
    const lastCommit = Math.max(...committed.values());
    let peakRss = before.rssMb;
    while (heard.slice(heardBefore).filter((entry) => entry.type === 'monitor.changed').length < expected && Date.now() < lastCommit + 15_000) {
      peakRss = Math.max(peakRss, gatewaySample().rssMb);
      await sleep(100);
    }
    const after = gatewaySample();
    const load = loadAverage();
    // The processor logs its batch's tally when the batch ends, a moment after its last push.
    await sleep(2000);
    const posts = processorPushCounts(cloudLogSince(cloud!, logBefore));
    const allReceived = heard.length - heardBefore;
    // Each screen is due its account's one monitor, once in this burst.
    const pushes = matchPushes(
      heard.slice(heardBefore),
      sockets.map((_, screen) => {
        const monitorId = accounts[screen % USERS]!.monitorId;
        return { screen, monitorId, transitions: [committed.get(monitorId)!] };
      }),
    );
    results.push({
      label,
      posts,
      load,
      allReceived,
      fromCommit: pushes.matched.map((push) => push.at - push.transitionAt),
      fromRound: pushes.matched.map((push) => push.at - started),
      expected,
      received: pushes.received,
      doubled: pushes.doubled,
      gatewayCpuMs: after.cpuMs - before.cpuMs,
      seconds: (Date.now() - started) / 1000,
      peakRss: Math.max(peakRss, after.rssMb),
    });
    progress(`${label}: ${results.at(-1)!.received}/${expected} pushes; from commit p95 ${fmt(percentile(results.at(-1)!.fromCommit, 95), 0)} ms; processor: ${JSON.stringify(posts)}`);
  }

  // ---- the report
  const row = (name: string, values: number[]) => `| ${name} | ${fmt(percentile(values, 50), 0)} | ${fmt(percentile(values, 95), 0)} | ${fmt(Math.max(...values), 0)} |`;
  report(`## Live pushes: ${CONNECTIONS} open connections over ${USERS} accounts, ${new Date().toISOString().slice(0, 10)}`);
  report('');
  report(`${describeHost(host, steal.read())} ${fmt(os.totalmem() / 2 ** 30, 1)} GiB; load average at the burst ${loadAtStart}.`);
  report(`Sockets: ${sockets.length} opened in ${fmt(connectSeconds, 1)} s (50 at a time, each authorized and recorded by \`$connect\`).`);
  report('');
  report('| burst | transitions | pushes expected | received | doubled | gateway CPU | gateway peak RSS |');
  report('|---|---:|---:|---:|---:|---:|---:|');
  for (const result of results) {
    report(`| ${result.label} | ${USERS} | ${result.expected} | ${result.received} | ${result.doubled} | ${fmt(result.gatewayCpuMs, 0)} ms in ${fmt(result.seconds, 1)} s | ${fmt(result.peakRss, 0)} MB |`);
  }
  report('');
  report('Every post, stage by stage (the processor\'s tally from its log, and what the sockets received):');
  report('');
  report('| burst | publishes | connections read | posts delivered (2xx) | gone (410) | failed (refused twice) | unsent (past the grace) | unread | messages received (all kinds) | load average after |');
  report('|---|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const result of results) {
    const { posts } = result;
    report(`| ${result.label} | ${posts.publishes} | ${posts.connections} | ${posts.delivered} | ${posts.gone} | ${posts.failed} | ${posts.unsent} | ${posts.unread} | ${result.allReceived} | ${result.load} |`);
  }
  report('');
  report('Time to each `monitor.changed` received (ms):');
  report('');
  report('| measured from | p50 | p95 | max |');
  report('|---|---:|---:|---:|');
  for (const result of results) {
    report(row(`${result.label}: the transition's commit (seen by polling, 100 ms)`, result.fromCommit));
    report(row(`${result.label}: the round's start (checks, quorum, commit, push)`, result.fromRound));
  }
  report('');
  const perSocketKiB = ((connected.rssMb - idle.rssMb) * 1024) / sockets.length;
  report(
    `Gateway process (cloud main): RSS ${fmt(idle.rssMb, 0)} MB before the sockets, ${fmt(connected.rssMb, 0)} MB with ${sockets.length} open` +
      (perSocketKiB > 0 ? ` (${fmt(perSocketKiB, 1)} KiB each)` : ' (a garbage collection in between: the sockets cost less than RSS moves by)') +
      `; CPU to accept them ${fmt(connected.cpuMs - idle.cpuMs, 0)} ms.`,
  );
  await cleanUp();
  process.exit(0);
};

main().catch(fail);
