import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { GetQueueAttributesCommand, ListQueuesCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { readAccessToken } from '../../functions/services/auth/access-token.js';
import { FAULTS_DIR_ENV } from '../../infra/local/faults/fault-control.js';
import { TABLE } from '../../shared/table/table-definition.js';
import { INCIDENT_SK_PREFIX, MONITOR_SK_PREFIX, OUTBOX_PENDING_PARTITION, userKey } from '../../shared/table/keys.js';

/**
 * The soak's local cloud: `npm start`'s script in a child process on ports and a data dir of its
 * own, with the fault hooks switched on (UPWATCH_FAULTS_DIR), killed with SIGKILL and started again
 * on the same data when the plan says so; and what the soak reads of it: the API for setting up
 * users and monitors, the table for incidents and the outbox, the queues for depths and DLQs.
 */
const PASSWORD = 'soak-password-1';
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

export interface SoakUser {
  userId: string;
  token: string;
}

const api = async (ports: SoakPorts, route: string, opts: { method?: string; token?: string; body?: unknown; form?: FormData; client: number }) => {
  const headers: Record<string, string> = { 'x-forwarded-for': `10.78.${opts.client >> 8}.${opts.client & 255}` };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`http://127.0.0.1:${ports.gateway}${route}`, {
    method: opts.method ?? 'GET',
    headers,
    body: opts.form ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
  });
  return { status: response.status, text: await response.text() };
};

const expectStatus = (what: string, result: { status: number; text: string }, expected: number) => {
  if (result.status !== expected) throw new Error(`${what}: expected ${expected}, got ${result.status}: ${result.text.slice(0, 300)}`);
  return result;
};

export const tableClient = (ports: SoakPorts) =>
  DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1', endpoint: `http://127.0.0.1:${ports.dynamodb}`, credentials }));

const verificationToken = async (ports: SoakPorts, address: string): Promise<string> => {
  for (let i = 0; i < 150; i++) {
    const { emails } = (await (await fetch(`http://127.0.0.1:${ports.ses}/store`)).json()) as {
      emails: { destination: { to: string[] }; body: { text?: string; html?: string } }[];
    };
    const mail = emails.filter((candidate) => candidate.destination.to.some((to) => to.includes(address))).at(-1);
    const found = mail && /\/verify-email\?token=([A-Za-z0-9_%-]+)/.exec(mail.body.text ?? mail.body.html ?? '');
    if (found?.[1]) return decodeURIComponent(found[1]);
    await sleep(200);
  }
  throw new Error(`no verification mail to ${address}`);
};

/** A verified user on the enterprise plan (set in the table, as a paid checkout would). */
export const enterpriseUser = async (ports: SoakPorts, index: number): Promise<SoakUser> => {
  const email = `soak-${index}-${Date.now().toString(36)}@example.com`;
  expectStatus('register', await api(ports, '/api/auth/register', { method: 'POST', body: { name: `Soak ${index}`, email, password: PASSWORD }, client: index }), 201);
  const verify = await verificationToken(ports, email);
  expectStatus('verify', await api(ports, `/api/auth/verify-email?token=${encodeURIComponent(verify)}`, { method: 'POST', client: index }), 200);
  const login = expectStatus('login', await api(ports, '/api/auth/login', { method: 'POST', body: { email, password: PASSWORD }, client: index }), 200);
  const token = (JSON.parse(login.text) as { access_token: string }).access_token;
  const userId = readAccessToken(token).sub;
  await tableClient(ports).send(
    new UpdateCommand({
      TableName: TABLE.name,
      Key: userKey(userId),
      UpdateExpression: 'SET subscription_tier = :tier',
      ExpressionAttributeValues: { ':tier': 'enterprise' },
    }),
  );
  return { userId, token };
};

/** Bulk-uploads monitors [from, to) named `Soak <i>` at `<target>/m/<i>`: one CSV, as the upload modal sends it. */
export const uploadMonitors = async (ports: SoakPorts, user: SoakUser, from: number, to: number, target: string, interval: number, timeout: number) => {
  const rows = Array.from({ length: to - from }, (_, i) => `Soak ${from + i},${target}/m/${from + i},${interval},${timeout}`);
  const form = new FormData();
  form.append('file', new Blob([['name,url,check_interval,timeout', ...rows].join('\n') + '\n'], { type: 'text/csv' }), 'monitors.csv');
  const result = expectStatus('bulk upload', await api(ports, '/api/monitors/bulk-upload', { method: 'POST', token: user.token, form, client: 0 }), 200);
  const body = JSON.parse(result.text) as { successful: number; errors: string[] };
  if (body.successful !== to - from) throw new Error(`bulk upload created ${body.successful} of ${to - from}: ${body.errors.slice(0, 3).join('; ')}`);
};

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
