import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { GetQueueAttributesCommand, ListQueuesCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { FAULTS_DIR_ENV } from '../../infra/local/faults/fault-control.js';
import { benchTable, enterpriseUser as benchEnterpriseUser, uploadMonitors as benchUploadMonitors, type BenchUser } from './bench-users.js';
import { TABLE } from '../../shared/table/table-definition.js';
import { INCIDENT_SK_PREFIX, MONITOR_SK_PREFIX, OUTBOX_PENDING_PARTITION, userKey } from '../../shared/table/keys.js';

/**
 * The soak's local cloud: `npm start`'s script in a child process on ports and a data dir of its
 * own, with the fault hooks switched on (UPWATCH_FAULTS_DIR), killed with SIGKILL and started again
 * on the same data when the plan says so; and what the soak reads of it: the API for setting up
 * users and monitors, the table for incidents and the outbox, the queues for depths and DLQs.
 */
const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const soakPorts = (offset: number) => ({
  gateway: 3900 + offset,
  dynamodb: 18900 + offset,
  cognito: 19900 + offset,
  ses: 18905 + offset,
  sqs: 14900 + offset,
  stripe: 12911 + offset,
  razorpay: 12912 + offset,
  channels: 18910 + offset,
});
export type SoakPorts = ReturnType<typeof soakPorts>;

export class SoakCloud {
  private child: ChildProcess | undefined;
  private planned = false;
  readonly faultsDir: string;
  readonly logFile: string;
  /** Unplanned exits of the cloud (a part crashed): a finding, reported. */
  readonly crashes: { at: number; tail: string }[] = [];

  constructor(
    readonly dataDir: string,
    readonly ports: SoakPorts,
  ) {
    this.faultsDir = path.join(dataDir, 'faults');
    this.logFile = path.join(dataDir, 'cloud.log');
  }

  /** Starts a life of the cloud and resolves once it printed "Ready." (ms it took). */
  async start(): Promise<number> {
    const started = Date.now();
    const webRoot = fs.existsSync('frontend/dist/index.html') ? 'frontend/dist' : this.placeholderWebRoot();
    const from = fs.existsSync(this.logFile) ? fs.statSync(this.logFile).size : 0;
    const log = fs.openSync(this.logFile, 'a');
    const child = spawn(process.execPath, ['--import', 'tsx', 'infra/local/start.ts'], {
      env: {
        ...process.env,
        PORT: String(this.ports.gateway),
        UPWATCH_DYNAMODB_PORT: String(this.ports.dynamodb),
        UPWATCH_COGNITO_PORT: String(this.ports.cognito),
        UPWATCH_SES_PORT: String(this.ports.ses),
        UPWATCH_SQS_PORT: String(this.ports.sqs),
        UPWATCH_STRIPE_PORT: String(this.ports.stripe),
        UPWATCH_RAZORPAY_PORT: String(this.ports.razorpay),
        UPWATCH_CHANNELS_PORT: String(this.ports.channels),
        UPWATCH_DATA_DIR: this.dataDir,
        UPWATCH_ALLOW_PRIVATE_TARGETS: '1',
        UPWATCH_RUN_SCHEDULES: '1',
        UPWATCH_WEB_ROOT: webRoot,
        UPWATCH_TRUST_FORWARDED_FOR: '1',
        [FAULTS_DIR_ENV]: this.faultsDir,
      },
      stdio: ['ignore', log, log],
    });
    fs.closeSync(log);
    this.child = child;
    this.planned = false;
    child.once('exit', () => {
      if (!this.planned && this.child === child) this.crashes.push({ at: Date.now(), tail: this.logTail(from) });
    });
    const deadline = Date.now() + 240_000;
    while (!this.logTail(from).includes('Ready.')) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the local cloud exited while starting:\n${this.logTail(from).slice(-3000)}`);
      if (Date.now() > deadline) throw new Error('the local cloud did not get ready in 4 minutes');
      await sleep(250);
    }
    return Date.now() - started;
  }

  /** Whether the cloud died without being asked to (see `crashes`). */
  get isDown(): boolean {
    return !this.child || this.child.exitCode !== null || this.child.signalCode !== null;
  }

  /** kill -9 of `npm start`, as a power cut would; its emulators are stopped by the next start. */
  async killHard(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    this.planned = true;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  /** Ctrl-C: the cloud stops its parts. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    this.planned = true;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, sleep(20_000)]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }

  private logTail(from: number): string {
    try {
      const text = fs.readFileSync(this.logFile);
      return text.subarray(from).toString('utf8');
    } catch {
      return '';
    }
  }

  private placeholderWebRoot(): string {
    const dir = path.join(this.dataDir, 'web');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>soak</title>');
    return dir;
  }
}

// ---------------------------------------------------------------- users and monitors, through the API

export type SoakUser = BenchUser;

/** A verified user on the enterprise plan (bench-users.ts). */
export const enterpriseUser = (ports: SoakPorts, index: number): Promise<SoakUser> => benchEnterpriseUser(ports, index, 'Soak');

/** Bulk-uploads monitors [from, to) named `Soak <i>` at `<target>/m/<i>` (bench-users.ts). */
export const uploadMonitors = async (ports: SoakPorts, user: SoakUser, from: number, to: number, target: string, interval: number, timeout: number) => {
  await benchUploadMonitors(ports, user, { from, to, label: 'Soak', target, interval, timeout });
};

const tableClient = (ports: SoakPorts) => benchTable(ports);

// ---------------------------------------------------------------- the table

const queryAll = async (ports: SoakPorts, input: ConstructorParameters<typeof QueryCommand>[0]): Promise<Record<string, unknown>[]> => {
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await tableClient(ports).send(new QueryCommand({ ...input, ExclusiveStartKey }));
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
};

/** Monitor id -> monitor index (from its URL `/m/<i>`). */
export const monitorIndexes = async (ports: SoakPorts, users: readonly SoakUser[]): Promise<Map<string, number>> => {
  const indexes = new Map<string, number>();
  for (const user of users) {
    const items = await queryAll(ports, {
      TableName: TABLE.name,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': userKey(user.userId).PK, ':prefix': MONITOR_SK_PREFIX },
    });
    for (const item of items) {
      const index = /\/m\/(\d+)$/.exec(String(item.url ?? ''))?.[1];
      if (index !== undefined && typeof item.id === 'string') indexes.set(item.id, Number(index));
    }
  }
  return indexes;
};

export interface StoredIncident {
  monitorId: string;
  alertType: string;
  startedAt: number;
  id: string;
}

export const incidentsOf = async (ports: SoakPorts, users: readonly SoakUser[]): Promise<StoredIncident[]> => {
  const incidents: StoredIncident[] = [];
  for (const user of users) {
    const items = await queryAll(ports, {
      TableName: TABLE.name,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': userKey(user.userId).PK, ':prefix': INCIDENT_SK_PREFIX },
    });
    for (const item of items) {
      incidents.push({
        monitorId: String(item.monitor_id),
        alertType: String(item.alert_type),
        startedAt: Date.parse(String(item.started_at)),
        id: String(item.id),
      });
    }
  }
  return incidents;
};

/** Outbox entries not finished yet (pending, or claimed by a mailer): the index 14b. */
export const pendingOutbox = async (ports: SoakPorts): Promise<{ status: string; transitionId: string; lastError?: string }[]> =>
  (
    await queryAll(ports, {
      TableName: TABLE.name,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': OUTBOX_PENDING_PARTITION },
    })
  ).map((item) => ({ status: String(item.status), transitionId: String(item.transition_id ?? item.PK), lastError: item.last_error as string | undefined }));

// ---------------------------------------------------------------- the queues

export const sqsClient = (ports: SoakPorts) => new SQSClient({ region: 'us-east-1', endpoint: `http://127.0.0.1:${ports.sqs}`, credentials });

export type QueueDepths = Record<string, number>;

/** Messages in each queue (visible + in flight + delayed). */
export const queueDepths = async (ports: SoakPorts): Promise<QueueDepths> => {
  const sqs = sqsClient(ports);
  const { QueueUrls = [] } = await sqs.send(new ListQueuesCommand({}));
  const depths: QueueDepths = {};
  for (const url of QueueUrls.sort()) {
    const { Attributes = {} } = await sqs.send(
      new GetQueueAttributesCommand({
        QueueUrl: url,
        AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible', 'ApproximateNumberOfMessagesDelayed'],
      }),
    );
    depths[url.split('/').pop()!] =
      Number(Attributes.ApproximateNumberOfMessages ?? 0) +
      Number(Attributes.ApproximateNumberOfMessagesNotVisible ?? 0) +
      Number(Attributes.ApproximateNumberOfMessagesDelayed ?? 0);
  }
  return depths;
};

/** Every message body in the dead-letter queues, by queue (read at the end; they stay hidden). */
export const deadLetters = async (ports: SoakPorts): Promise<Record<string, string[]>> => {
  const sqs = sqsClient(ports);
  const { QueueUrls = [] } = await sqs.send(new ListQueuesCommand({}));
  const bodies: Record<string, string[]> = {};
  for (const url of QueueUrls.filter((candidate) => candidate.endsWith('-dlq'))) {
    const name = url.split('/').pop()!;
    bodies[name] = [];
    for (;;) {
      const { Messages = [] } = await sqs.send(new ReceiveMessageCommand({ QueueUrl: url, MaxNumberOfMessages: 10, VisibilityTimeout: 600, WaitTimeSeconds: 0 }));
      if (!Messages.length) break;
      bodies[name].push(...Messages.map((message) => message.Body ?? ''));
    }
  }
  return bodies;
};
