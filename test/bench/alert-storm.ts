/**
 * Alert-storm benchmark (docs/PERFORMANCE.md "Alert storms", docs/alerts.md "Storms and pacing"):
 * STORM_MONITORS monitors across accounts of 50 monitors each, every account with a Slack, a
 * signed-webhook and an e-mail channel, all go down in one round. It writes the round's outbox
 * entries as the result processor's transaction does and sends their messages to the alerts
 * queue (the checker and processor are not run: their cost is the scale benchmark's), then
 * watches what arrives: the channel sink (Slack), one loopback receiver per account (webhooks,
 * each on its own port so each account's webhook is its own destination), the SES emulator
 * (e-mail). It reports, per channel type, the time from transition to the message that told it
 * (p50/p95/max), pacing violations (more than the provider's rate to one destination, from the
 * arrival times), duplicates and losses, the messages sent, CPU and RSS of the cloud's processes,
 * and the host's calibration. It stops by itself (watchdog BENCH_MAX_MINUTES).
 *
 *   STORM_MONITORS=500 npx tsx test/bench/alert-storm.ts > storm.md
 *
 * Knobs: STORM_MONITORS (500), STORM_PER_ACCOUNT (50), STORM_DATA_ROOT (/dev/shm where there is
 * one), STORM_ARRIVALS_FILE (writes every arrival there as JSON, for a closer look), UPWATCH_TEST_PORT_OFFSET (1500: shifts every port), BENCH_MAX_MINUTES (15). Loopback only.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ListQueuesCommand, SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { ALERTS_QUEUE } from '../../shared/queues.js';
import { TABLE } from '../../shared/table/table-definition.js';
import { ENTITY, MONITOR_SK_PREFIX, outboxKey, outboxPendingKey } from '../../shared/table/keys.js';
import { downIncident } from '../../shared/checks/incident-details.js';
import type { AlertEvent } from '../../shared/checks/monitor-state.js';
import { alertWatch, fanOutTimes } from './alert-watch.js';
import { benchCloudPorts, startBenchCloud, type BenchCloud } from './bench-cloud.js';
import { exitOnFailure, fmt, intFromEnv, percentile, progress, report } from './bench-kit.js';
import { benchTable, enterpriseUser, uploadMonitors, userItems, type BenchUser } from './bench-users.js';
import { calibrateHost, describeHost, startStealMeter } from './host-calibration.js';
import { cloudProcesses, type ProcessSample } from './process-tree.js';

const MONITORS = intFromEnv('STORM_MONITORS', 500, 1);
const PER_ACCOUNT = intFromEnv('STORM_PER_ACCOUNT', 50, 1);
const ACCOUNTS = Math.ceil(MONITORS / PER_ACCOUNT);
const OFFSET = intFromEnv('UPWATCH_TEST_PORT_OFFSET', 1500);
const MAX_MINUTES = intFromEnv('BENCH_MAX_MINUTES', 15, 1);
const ports = benchCloudPorts(OFFSET);
const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The monitors' site: up, so the check a new monitor gets at once finds it up and makes no
 * transition of its own (the round below is the only one).
 */
const site = http.createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/plain' }).end('ok'));

// ---------------------------------------------------------------- the cloud, as `npm start` runs it (no schedules: no rounds)

const dataRoot = process.env.STORM_DATA_ROOT ?? (fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir());
const dataDir = fs.mkdtempSync(path.join(dataRoot, 'upwatch-storm-'));
let cloud: BenchCloud | undefined;

const startCloud = async (): Promise<void> => {
  cloud = await startBenchCloud({ ports, dataDir, web: 'placeholder', onUnexpectedExit: fail });
};

let stopping = false;
const cleanUp = async () => {
  if (stopping) return;
  stopping = true;
  await cloud?.stop();
  watch.close();
  site.close();
  if (!process.env.STORM_KEEP_DATA) fs.rmSync(dataDir, { recursive: true, force: true });
};
const fail = exitOnFailure(cleanUp, MAX_MINUTES);

// ---------------------------------------------------------------- the accounts, through the API

const table = benchTable(ports);
const sqs = new SQSClient({ region: 'us-east-1', endpoint: `http://127.0.0.1:${ports.sqs}`, credentials });
const watch = alertWatch(ports, 'Storm');

interface StormMonitor {
  index: number;
  userId: string;
  id: string;
  name: string;
  url: string;
}

const monitorsOf = async (user: BenchUser): Promise<StormMonitor[]> =>
  (await userItems(ports, user.userId, MONITOR_SK_PREFIX)).flatMap((item) => {
    const index = /^Storm (\d+)$/.exec(String(item.name ?? ''))?.[1];
    return index === undefined ? [] : [{ index: Number(index), userId: user.userId, id: String(item.id), name: String(item.name), url: String(item.url) }];
  });

/** The round's transition of one monitor, as the result processor writes it. */
const downAlert = (monitor: StormMonitor, at: string): AlertEvent => {
  const text = downIncident({ errorCategory: 'connection_refused', statusCode: null, responseTimeMs: null });
  return {
    transitionId: `${monitor.id}#${at}#down`,
    event: 'down',
    monitorId: monitor.id,
    round: at,
    incidentId: randomUUID(),
    title: text.title,
    message: text.message,
    details: text.details,
    occurredAt: at,
    since: at,
  };
};

// ---------------------------------------------------------------- the run

const loadAverage = () => os.loadavg().map((value) => value.toFixed(2)).join(' / ');
const maxOf = (values: readonly number[]): number => (values.length ? values.reduce((a, b) => (b > a ? b : a)) : Number.NaN);

const main = async () => {
  // Before anything else runs: the host's speed, while the machine is still quiet.
  const host = calibrateHost();
  progress(`host: SHA-256 calibration ${fmt(host.sha256Ms, 0)} ms; data dir ${dataDir}; starting the local cloud (gateway ${ports.gateway})`);
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  await startCloud();

  const monitors: StormMonitor[] = [];
  const setupStarted = Date.now();
  for (let account = 0; account < ACCOUNTS; account++) {
    const user = await enterpriseUser(ports, account, 'Storm');
    const from = account * PER_ACCOUNT;
    const to = Math.min(MONITORS, from + PER_ACCOUNT);
    await uploadMonitors(ports, user, { from, to, label: 'Storm', target: siteUrl, interval: 3600, timeout: 5 });
    await watch.addChannels(user, account);
    monitors.push(...(await monitorsOf(user)));
    if ((account + 1) % 10 === 0 || account + 1 === ACCOUNTS) progress(`account ${account + 1}/${ACCOUNTS}: ${monitors.length} monitors`);
  }
  if (monitors.length !== MONITORS) throw new Error(`found ${monitors.length} monitors of ${MONITORS}`);
  const setupSeconds = (Date.now() - setupStarted) / 1000;
  const { QueueUrls = [] } = await sqs.send(new ListQueuesCommand({}));
  const alertsQueue = QueueUrls.find((url) => url.endsWith(`/${ALERTS_QUEUE}`));
  if (!alertsQueue) throw new Error('no alerts queue');
  await sleep(3000);

  // ---- the round: every monitor down at once
  const loadAtStart = loadAverage();
  const procsAtStart = cloudProcesses(cloud!.pid);
  const steal = startStealMeter();
  const t0 = Date.now();
  const at = new Date(t0).toISOString();
  progress(`${MONITORS} monitors go down at ${at}`);
  const alerts = monitors.map((monitor) => ({ monitor, alert: downAlert(monitor, at) }));
  // The processor's transactions write the entries, then send the messages, 10 to a batch.
  for (let i = 0; i < alerts.length; i += 25) {
    await Promise.all(
      alerts.slice(i, i + 25).map(({ monitor, alert }) =>
        table.send(
          new PutCommand({
            TableName: TABLE.name,
            Item: {
              ...outboxKey(alert.transitionId),
              ...outboxPendingKey(alert.occurredAt),
              entity: ENTITY.outbox,
              user_id: monitor.userId,
              monitor_name: monitor.name,
              monitor_url: monitor.url,
              status: 'pending',
              created_at: alert.occurredAt,
              alert,
            },
          }),
        ),
      ),
    );
  }
  for (let i = 0; i < alerts.length; i += 10) {
    await sqs.send(
      new SendMessageBatchCommand({
        QueueUrl: alertsQueue,
        Entries: alerts.slice(i, i + 10).map(({ monitor, alert }, j) => ({
          Id: String(j),
          MessageBody: JSON.stringify({ kind: 'alert', userId: monitor.userId, monitorName: monitor.name, monitorUrl: monitor.url, alert }),
        })),
      }),
    );
  }
  const queuedSeconds = (Date.now() - t0) / 1000;
  progress(`entries written and queued in ${fmt(queuedSeconds, 1)} s`);

  // ---- watch until every monitor is told on every channel (or the watchdog)
  const due = alerts.map(({ monitor, alert }) => ({ monitor: monitor.index, at: t0, transitionId: alert.transitionId }));
  let peakRss = 0;
  await watch.untilTold(due, { from: t0, onTick: () => (peakRss = Math.max(peakRss, cloudProcesses(cloud!.pid).reduce((sum, sample) => sum + sample.rssMb, 0))) });
  const t1 = Date.now();
  const procsAtEnd = cloudProcesses(cloud!.pid);
  const loadAtEnd = loadAverage();
  const pickedUp = await fanOutTimes(ports, due.map((transition) => transition.transitionId));
  const stealShare = steal.read();
  await cleanUp();

  // ---- figures
  if (process.env.STORM_ARRIVALS_FILE) fs.writeFileSync(process.env.STORM_ARRIVALS_FILE, JSON.stringify({ t0, arrivals: watch.arrivals }, null, 1));
  report(`# Alert-storm benchmark: ${MONITORS} monitors in ${ACCOUNTS} accounts go down at once\n`);
  report(`- ${new Date(t0).toISOString()}; ${os.platform()} ${os.release()}; ${fmt(os.totalmem() / 1024 ** 3, 1)} GB RAM`);
  report(`- ${describeHost(host, stealShare)} (Calibration before the cloud started; steal from the round to the end.) Load average (1 / 5 / 15 min) at the round ${loadAtStart}, at the end ${loadAtEnd}`);
  report(`- Each account: ${PER_ACCOUNT} monitors, a Slack channel (the channel sink), a signed webhook (a loopback receiver of its own) and an e-mail channel (the SES emulator), all default channels`);
  report(`- The round: ${MONITORS} outbox entries written as the processor's transaction does and their ${MONITORS} messages queued in ${fmt(queuedSeconds, 1)} s (setup before it: ${fmt(setupSeconds, 0)} s); watched for ${fmt((t1 - t0) / 1000, 0)} s`);
  const waits = [...pickedUp.values()].map((time) => (time - t0) / 1000);
  report(`- The alerts consumer took the transitions (fan-out) after p50 ${fmt(percentile(waits, 50), 1)} / p95 ${fmt(percentile(waits, 95), 1)} / max ${fmt(maxOf(waits), 1)} s (${pickedUp.size} of ${MONITORS} found taken)`);
  report('');
  for (const line of watch.rows(due, pickedUp)) report(line);
  report('\nE-mail arrival times are the SES emulator\'s whole seconds: its pacing check counts more than 10 mails to one address in one second.');
  const rows = procsAtEnd.map((end) => {
    const start = procsAtStart.find((candidate: ProcessSample) => candidate.pid === end.pid && candidate.startedAt === end.startedAt);
    return { ...end, cpuMs: end.cpuMs - (start?.cpuMs ?? 0) };
  });
  const cpuMs = rows.reduce((sum, row) => sum + row.cpuMs, 0);
  report(`\nCPU of the whole local cloud from the round to the end: ${fmt(cpuMs / 1000, 1)} s (${fmt(cpuMs / (t1 - t0), 2)} cores on average); peak RSS of its processes together ${fmt(peakRss, 0)} MB.`);
  report('\n| process | CPU s | cores | RSS MB at the end |\n|---|---:|---:|---:|');
  for (const row of rows.sort((a, b) => b.cpuMs - a.cpuMs)) report(`| ${row.label} (pid ${row.pid}) | ${fmt(row.cpuMs / 1000, 1)} | ${fmt(row.cpuMs / (t1 - t0), 2)} | ${fmt(row.rssMb, 0)} |`);
};

main()
  .then(() => process.exit(0))
  .catch(fail);
