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
import WebSocket from 'ws';
import { roundStartedAt } from '../../shared/checks/check-round.js';
import { LIVE_STAGE, parseLiveMessage } from '../../shared/live/messages.js';
import { checkQueueName } from '../../shared/queues.js';
import { TABLE } from '../../shared/table/table-definition.js';
import { monitorStateKey } from '../../shared/table/keys.js';
import { benchCloudPorts, startBenchCloud, type BenchCloud } from './bench-cloud.js';
import { fmt, hashingMs, intFromEnv, percentile, progress, report } from './bench-kit.js';
import { benchRequest, benchTable, enterpriseUser, expectStatus, type BenchUser } from './bench-users.js';
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
const sockets: WebSocket[] = [];

const startCloud = async (): Promise<void> => {
  cloud = await startBenchCloud({ ports, dataDir, web: 'placeholder',
    env: { UPWATCH_RUN_SCHEDULES: '0' }, onUnexpectedExit: fail });
};

let stopping = false;
const cleanUp = async () => {
  if (stopping) return;
  stopping = true;
  for (const socket of sockets) socket.terminate();
  await cloud?.stop();
  site.close();
  if (!process.env.LIVE_KEEP_DATA) fs.rmSync(dataDir, { recursive: true, force: true });
};
const fail = (error: unknown) => {
  console.error('[bench] failed:', error);
  void cleanUp().finally(() => process.exit(1));
};
process.on('SIGINT', () => fail(new Error('interrupted')));
process.on('SIGTERM', () => fail(new Error('terminated')));
setTimeout(() => fail(new Error(`watchdog: more than ${MAX_MINUTES} minutes`)), MAX_MINUTES * 60_000).unref();

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

/** One message a socket received: which monitor it named, and when. */
interface Heard {
  account: number;
  type: string;
  monitorId: string;
  at: number;
}
const heard: Heard[] = [];

const openSocket = (account: Account): Promise<WebSocket> =>
  new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${ports.gateway}/${LIVE_STAGE}?token=${encodeURIComponent(account.token)}`);
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
    socket.on('message', (data: Buffer) => {
      const message = parseLiveMessage(data.toString('utf8'));
      if (message && message.type !== 'plan.changed') heard.push({ account: account.index, type: message.type, monitorId: message.monitor_id, at: Date.now() });
    });
  });

/** What the processor says became of its posts (batch-pushes.ts logs one line per batch), summed over `logText`. */
const POST_COUNTS = ['publishes', 'unread', 'connections', 'delivered', 'gone', 'failed', 'unsent'] as const;
const processorPushCounts = (logText: string): Record<(typeof POST_COUNTS)[number], number> => {
  const sums = Object.fromEntries(POST_COUNTS.map((key) => [key, 0])) as Record<(typeof POST_COUNTS)[number], number>;
  for (const line of logText.split('\n').filter((one) => one.includes('Live pushes of the batch'))) {
    for (const key of POST_COUNTS) sums[key] += Number(new RegExp(`\\b${key}=(\\d+)`).exec(line)?.[1] ?? 0);
  }
  return sums;
};
const cloudLogSize = () => fs.statSync(path.join(dataDir, 'cloud.log')).size;
const cloudLogSince = (offset: number) => fs.readFileSync(path.join(dataDir, 'cloud.log')).subarray(offset).toString('utf8');

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
  const calibrationMs = hashingMs();
  const cpus = os.cpus();
  progress(`host: ${cpus.length} x ${cpus[0]?.model.trim() ?? '?'}, hashing ${fmt(calibrationMs, 0)} ms; data dir ${dataDir}; starting the local cloud (gateway ${ports.gateway})`);
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
  const connectStarted = Date.now();
  for (let i = 0; i < CONNECTIONS; i += 50) {
    sockets.push(...(await Promise.all(Array.from({ length: Math.min(50, CONNECTIONS - i) }, (_, k) => openSocket(accounts[(i + k) % USERS]!)))));
  }
  const connectSeconds = (Date.now() - connectStarted) / 1000;
  await sleep(3000);
  const connected = gatewaySample();
  const perAccount = new Map<number, number>();
  for (let i = 0; i < CONNECTIONS; i++) perAccount.set(i % USERS, (perAccount.get(i % USERS) ?? 0) + 1);
  progress(`${sockets.length} sockets open in ${fmt(connectSeconds, 1)} s; gateway RSS ${fmt(idle.rssMb, 0)} -> ${fmt(connected.rssMb, 0)} MB`);

  // ---- the burst: every monitor down in one round, then up in the next
  const loadAtStart = loadAverage();
  const results: { label: string; posts: ReturnType<typeof processorPushCounts>; load: string; allReceived: number; fromCommit: number[]; fromRound: number[]; expected: number; received: number; doubled: number; gatewayCpuMs: number; seconds: number; peakRss: number }[] = [];
  for (const [label, down] of [['down', true], ['up', false]] as const) {
    siteDown = down;
    const before = gatewaySample();
    const heardBefore = heard.length;
    const logBefore = cloudLogSize();
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
    const posts = processorPushCounts(cloudLogSince(logBefore));
    const burst = heard.slice(heardBefore).filter((entry) => entry.type === 'monitor.changed');
    const allReceived = heard.length - heardBefore;
    const perScreen = new Map<string, number>();
    for (const entry of burst) perScreen.set(`${entry.account}`, (perScreen.get(`${entry.account}`) ?? 0) + 1);
    const doubled = [...perScreen.entries()].reduce((sum, [account, count]) => sum + Math.max(0, count - perAccount.get(Number(account))!), 0);
    results.push({
      label,
      posts,
      load,
      allReceived,
      fromCommit: burst.map((entry) => entry.at - committed.get(entry.monitorId)!),
      fromRound: burst.map((entry) => entry.at - started),
      expected,
      received: burst.length,
      doubled,
      gatewayCpuMs: after.cpuMs - before.cpuMs,
      seconds: (Date.now() - started) / 1000,
      peakRss: Math.max(peakRss, after.rssMb),
    });
    progress(`${label}: ${burst.length}/${expected} pushes; from commit p95 ${fmt(percentile(results.at(-1)!.fromCommit, 95), 0)} ms; processor: ${JSON.stringify(posts)}`);
  }

  // ---- the report
  const row = (name: string, values: number[]) => `| ${name} | ${fmt(percentile(values, 50), 0)} | ${fmt(percentile(values, 95), 0)} | ${fmt(Math.max(...values), 0)} |`;
  report(`## Live pushes: ${CONNECTIONS} open connections over ${USERS} accounts, ${new Date().toISOString().slice(0, 10)}`);
  report('');
  report(`Host: ${cpus.length} x ${cpus[0]?.model.trim() ?? '?'}, ${fmt(os.totalmem() / 2 ** 30, 1)} GiB; calibration (200 x SHA-256 of 1 MiB) ${fmt(calibrationMs, 0)} ms; load average at the burst ${loadAtStart}; Node ${process.version}.`);
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
