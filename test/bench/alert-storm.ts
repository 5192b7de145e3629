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
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { GetCommand, QueryCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ListQueuesCommand, SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { ALERTS_QUEUE } from '../../shared/queues.js';
import { TABLE } from '../../shared/table/table-definition.js';
import { channelKey, ENTITY, MONITOR_SK_PREFIX, outboxKey, outboxPendingKey, userKey } from '../../shared/table/keys.js';
import { downIncident } from '../../shared/checks/incident-details.js';
import type { AlertEvent } from '../../shared/checks/monitor-state.js';
import { benchCloudPorts, startBenchCloud, type BenchCloud } from './bench-cloud.js';
import { fmt, hashingMs, intFromEnv, percentile, progress, report } from './bench-kit.js';
import { benchRequest, benchTable, enterpriseUser, expectStatus, uploadMonitors, type BenchUser } from './bench-users.js';
import { cloudProcesses, type ProcessSample } from './process-tree.js';

const MONITORS = intFromEnv('STORM_MONITORS', 500, 1);
const PER_ACCOUNT = intFromEnv('STORM_PER_ACCOUNT', 50, 1);
const ACCOUNTS = Math.ceil(MONITORS / PER_ACCOUNT);
const OFFSET = intFromEnv('UPWATCH_TEST_PORT_OFFSET', 1500);
const MAX_MINUTES = intFromEnv('BENCH_MAX_MINUTES', 15, 1);
const ports = benchCloudPorts(OFFSET);
const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The providers' own limits (shared/alerts/channels/<type>.ts `pacing`), which violations are counted against. */
const LIMITS = { slack: { messages: 1, perSeconds: 1 }, webhook: { messages: 10, perSeconds: 1 }, email: { messages: 10, perSeconds: 1 } } as const;
type Kind = keyof typeof LIMITS;
const KINDS = Object.keys(LIMITS) as Kind[];

// ---------------------------------------------------------------- what arrives

/** One message a destination received: when, and which monitors (by index) it told about. */
interface Arrival {
  kind: Kind;
  destination: string;
  at: number;
  monitors: number[];
}
const arrivals: Arrival[] = [];
const NAME = /Storm (\d+)(?!\d)/g;
const monitorsIn = (text: string): number[] => [...new Set([...text.matchAll(NAME)].map((match) => Number(match[1])))];

/**
 * The monitors' site: up, so the check a new monitor gets at once finds it up and makes no
 * transition of its own (the round below is the only one).
 */
const site = http.createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/plain' }).end('ok'));

/** One loopback receiver per account: its webhook is a destination of its own (the host and port). */
const receivers: http.Server[] = [];
const startReceiver = async (account: number): Promise<string> => {
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const at = Date.now();
      let names: string[] = [];
      try {
        const payload = JSON.parse(body) as { type: string; data: { monitor?: { name: string }; events?: { data: { monitor: { name: string } } }[] } };
        names = payload.type === 'incident.digest' ? (payload.data.events ?? []).map((event) => event.data.monitor.name) : [payload.data.monitor?.name ?? ''];
      } catch {
        names = [];
      }
      arrivals.push({ kind: 'webhook', destination: `webhook:${account}`, at, monitors: monitorsIn(names.join(' ')) });
      response.writeHead(204).end();
    });
  });
  receivers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/${account}`;
};

/** The channel sink's Slack messages not yet seen (it lists them oldest first; `received_at` is its clock, the same host's). */
const slackSeen = new Set<string>();
const pollSlack = async (): Promise<void> => {
  const { messages } = (await (await fetch(`http://127.0.0.1:${ports.channels}/store?channel_type=slack`)).json()) as {
    messages: { url: string; body: unknown; received_at: string }[];
  };
  for (const message of messages) {
    const text = JSON.stringify(message.body);
    const key = `${message.received_at}|${message.url}|${createHash('sha256').update(text).digest('base64url')}`;
    if (slackSeen.has(key)) continue;
    slackSeen.add(key);
    arrivals.push({ kind: 'slack', destination: message.url, at: Date.parse(message.received_at), monitors: monitorsIn(text) });
  }
};

/** The SES emulator's mails to the channels' addresses (its `at` is whole seconds). */
const mailSeen = new Set<string>();
const pollMail = async (): Promise<void> => {
  const { emails } = (await (await fetch(`http://127.0.0.1:${ports.ses}/store`)).json()) as {
    emails: { messageId: string; at: number; destination: { to: string[] }; subject: string; body: { text?: string; html?: string } }[];
  };
  for (const mail of emails) {
    const to = mail.destination.to.find((address) => address.startsWith('storm-channel-'));
    if (!to || mailSeen.has(mail.messageId)) continue;
    mailSeen.add(mail.messageId);
    const monitors = monitorsIn(`${mail.subject} ${mail.body.text ?? ''}`);
    // The address's confirmation mail names no monitor: it is not an alert.
    if (monitors.length) arrivals.push({ kind: 'email', destination: to, at: mail.at * 1000, monitors });
  }
};

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
  for (const server of receivers) server.close();
  site.close();
  if (!process.env.STORM_KEEP_DATA) fs.rmSync(dataDir, { recursive: true, force: true });
};
const fail = (error: unknown) => {
  console.error('[bench] failed:', error);
  void cleanUp().finally(() => process.exit(1));
};
process.on('SIGINT', () => fail(new Error('interrupted')));
process.on('SIGTERM', () => fail(new Error('terminated')));
setTimeout(() => fail(new Error(`watchdog: more than ${MAX_MINUTES} minutes`)), MAX_MINUTES * 60_000).unref();

// ---------------------------------------------------------------- the accounts, through the API

const table = benchTable(ports);
const sqs = new SQSClient({ region: 'us-east-1', endpoint: `http://127.0.0.1:${ports.sqs}`, credentials });
const request = (route: string, opts: Parameters<typeof benchRequest>[2] = {}) => benchRequest(ports, route, opts);

interface StormMonitor {
  index: number;
  userId: string;
  id: string;
  name: string;
  url: string;
}

const monitorsOf = async (user: BenchUser): Promise<StormMonitor[]> => {
  const found: StormMonitor[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await table.send(
      new QueryCommand({
        TableName: TABLE.name,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': userKey(user.userId).PK, ':prefix': MONITOR_SK_PREFIX },
        ExclusiveStartKey,
      }),
    );
    for (const item of page.Items ?? []) {
      const index = /^Storm (\d+)$/.exec(String(item.name ?? ''))?.[1];
      if (index !== undefined) found.push({ index: Number(index), userId: user.userId, id: String(item.id), name: String(item.name), url: String(item.url) });
    }
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return found;
};

const addChannel = async (user: BenchUser, account: number, body: unknown): Promise<{ id: string; status: string }> => {
  const created = expectStatus('add a channel', await request('/api/channels', { method: 'POST', token: user.token, body, client: account }), 201);
  return JSON.parse(created.text) as { id: string; status: string };
};

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

/** Arrivals to one destination that break its provider's limit: more than `messages` within any `perSeconds`. */
const violations = (times: number[], limit: { messages: number; perSeconds: number }, resolutionMs: number): number => {
  const sorted = [...times].sort((a, b) => a - b);
  let count = 0;
  for (let i = limit.messages; i < sorted.length; i++) {
    // With whole-second clocks (SES), two arrivals in one second are at most 999 ms apart.
    if (sorted[i]! - sorted[i - limit.messages]! < limit.perSeconds * 1000 - (resolutionMs > 1 ? resolutionMs - 1 : 0)) count++;
  }
  return count;
};

const main = async () => {
  const calibrationMs = hashingMs();
  const cpus = os.cpus();
  progress(`host: ${cpus.length} x ${cpus[0]?.model.trim() ?? '?'}, hashing ${fmt(calibrationMs, 0)} ms; data dir ${dataDir}; starting the local cloud (gateway ${ports.gateway})`);
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  await startCloud();

  const monitors: StormMonitor[] = [];
  const destinations = new Map<Kind, Set<string>>(KINDS.map((kind) => [kind, new Set<string>()]));
  const setupStarted = Date.now();
  for (let account = 0; account < ACCOUNTS; account++) {
    const user = await enterpriseUser(ports, account, 'Storm');
    const from = account * PER_ACCOUNT;
    const to = Math.min(MONITORS, from + PER_ACCOUNT);
    await uploadMonitors(ports, user, { from, to, label: 'Storm', target: siteUrl, interval: 3600, timeout: 5 });
    // The owner's own alert mails are off: this measures the channels (and keeps the SES emulator's store small).
    expectStatus('mail preference', await request('/api/notifications/preferences', { method: 'PUT', token: user.token, body: { incident_alerts: false }, client: account }), 200);
    const slackUrl = `https://hooks.slack.com/services/TSTORM/B${account}/storm${account}`;
    await addChannel(user, account, { type: 'slack', name: 'Slack', config: { webhook_url: slackUrl } });
    await addChannel(user, account, { type: 'webhook', name: 'Receiver', config: { url: await startReceiver(account) } });
    const address = `storm-channel-${account}@example.com`;
    const email = await addChannel(user, account, { type: 'email', name: 'On call', config: { address } });
    // An address that awaits confirmation gets nothing: the bench confirms it in the table, as its link would.
    if (email.status !== 'active') {
      await table.send(new UpdateCommand({ TableName: TABLE.name, Key: channelKey(user.userId, email.id), UpdateExpression: 'SET #status = :active', ExpressionAttributeNames: { '#status': 'status' }, ExpressionAttributeValues: { ':active': 'active' } }));
    }
    destinations.get('slack')!.add(slackUrl);
    destinations.get('webhook')!.add(`webhook:${account}`);
    destinations.get('email')!.add(address);
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
  const told = () => {
    const seen = new Map<Kind, Set<number>>(KINDS.map((kind) => [kind, new Set<number>()]));
    for (const arrival of arrivals) for (const index of arrival.monitors) seen.get(arrival.kind)!.add(index);
    return seen;
  };
  let lastProgress = 0;
  let peakRss = 0;
  let quietSince = Date.now();
  let lastCount = 0;
  let polls = 0;
  for (;;) {
    await sleep(1000);
    await pollSlack();
    // The SES emulator's clock is whole seconds anyway: every few seconds is enough.
    if (++polls % 3 === 0) await pollMail();
    peakRss = Math.max(peakRss, cloudProcesses(cloud!.pid).reduce((sum, sample) => sum + sample.rssMb, 0));
    const seen = told();
    const complete = KINDS.every((kind) => seen.get(kind)!.size >= MONITORS);
    if (arrivals.length !== lastCount) {
      lastCount = arrivals.length;
      quietSince = Date.now();
    }
    if (Date.now() - lastProgress > 10_000) {
      lastProgress = Date.now();
      progress(`${fmt((Date.now() - t0) / 1000, 0)} s: told ${KINDS.map((kind) => `${kind} ${seen.get(kind)!.size}`).join(', ')} of ${MONITORS}; ${arrivals.length} messages`);
    }
    // Done: everything told and nothing more for 10 s (a duplicate would come now); or nothing at all for 3 minutes.
    if ((complete && Date.now() - quietSince > 10_000) || Date.now() - quietSince > 180_000) break;
  }
  await pollMail();
  const t1 = Date.now();
  const procsAtEnd = cloudProcesses(cloud!.pid);
  const loadAtEnd = loadAverage();
  // When the alerts consumer took each transition (its claim's time, kept as the entry's finish): the
  // local cloud runs it as 4 sequential batches at a time, where Lambda would scale out.
  const pickedUp = new Map<number, number>();
  for (let i = 0; i < alerts.length; i += 25) {
    await Promise.all(
      alerts.slice(i, i + 25).map(async ({ monitor, alert }) => {
        const { Item } = await table.send(new GetCommand({ TableName: TABLE.name, Key: outboxKey(alert.transitionId) }));
        if (typeof Item?.finished_at === 'string') pickedUp.set(monitor.index, Date.parse(Item.finished_at));
      }),
    );
  }
  await cleanUp();

  // ---- figures
  if (process.env.STORM_ARRIVALS_FILE) fs.writeFileSync(process.env.STORM_ARRIVALS_FILE, JSON.stringify({ t0, arrivals }, null, 1));
  report(`# Alert-storm benchmark: ${MONITORS} monitors in ${ACCOUNTS} accounts go down at once\n`);
  report(`- ${new Date(t0).toISOString()}; Node ${process.version}; ${os.platform()} ${os.release()}; ${cpus.length} x ${cpus[0]?.model.trim() ?? '?'}; ${fmt(os.totalmem() / 1024 ** 3, 1)} GB RAM`);
  report(`- Host calibration: 200 x SHA-256 of 1 MiB in **${fmt(calibrationMs, 0)} ms** (before the cloud started); load average (1 / 5 / 15 min) at the round ${loadAtStart}, at the end ${loadAtEnd}`);
  report(`- Each account: ${PER_ACCOUNT} monitors, a Slack channel (the channel sink), a signed webhook (a loopback receiver of its own) and an e-mail channel (the SES emulator), all default channels`);
  report(`- The round: ${MONITORS} outbox entries written as the processor's transaction does and their ${MONITORS} messages queued in ${fmt(queuedSeconds, 1)} s (setup before it: ${fmt(setupSeconds, 0)} s); watched for ${fmt((t1 - t0) / 1000, 0)} s`);
  const waits = [...pickedUp.values()].map((time) => (time - t0) / 1000);
  report(`- The alerts consumer took the transitions (fan-out) after p50 ${fmt(percentile(waits, 50), 1)} / p95 ${fmt(percentile(waits, 95), 1)} / max ${fmt(maxOf(waits), 1)} s (${pickedUp.size} of ${MONITORS} found taken)`);
  report('\n| channel | messages | of them digests | transition -> delivery p50 / p95 / max, s | fan-out -> delivery p50 / p95 / max, s | pacing violations | duplicates | lost |\n|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const kind of KINDS) {
    const mine = arrivals.filter((arrival) => arrival.kind === kind);
    const latency: number[] = [];
    const afterFanOut: number[] = [];
    const count = new Map<number, number>();
    for (const arrival of [...mine].sort((a, b) => a.at - b.at)) {
      for (const index of arrival.monitors) {
        count.set(index, (count.get(index) ?? 0) + 1);
        if (count.get(index) !== 1) continue;
        latency.push((arrival.at - t0) / 1000);
        const taken = pickedUp.get(index);
        if (taken !== undefined) afterFanOut.push((arrival.at - taken) / 1000);
      }
    }
    const duplicates = [...count.values()].reduce((sum, n) => sum + n - 1, 0);
    const lost = MONITORS - count.size;
    let paced = 0;
    for (const destination of destinations.get(kind)!) {
      paced += violations(mine.filter((arrival) => arrival.destination === destination).map((arrival) => arrival.at), LIMITS[kind], kind === 'email' ? 1000 : 1);
    }
    const digests = mine.filter((arrival) => arrival.monitors.length > 1).length;
    report(
      `| ${kind} | ${mine.length} | ${digests} | ${fmt(percentile(latency, 50), 1)} / ${fmt(percentile(latency, 95), 1)} / ${fmt(maxOf(latency), 1)} | ` +
        `${fmt(percentile(afterFanOut, 50), 1)} / ${fmt(percentile(afterFanOut, 95), 1)} / ${fmt(maxOf(afterFanOut), 1)} | ${paced} | ${duplicates} | ${lost} |`,
    );
  }
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
