/**
 * Check pipeline benchmark on the local cloud (docs/PERFORMANCE.md, (c) and (d)).
 *
 *   npx tsx test/bench/pipeline.ts              # markdown report on stdout, progress on stderr
 *
 * Starts the local cloud on ports of its own (gateway 3600, DynamoDB 18600, cognito 19600, SES 18605,
 * channel sink 18610, SQS 14600) with a fresh temp data dir, the dispatcher timers off (UPWATCH_RUN_SCHEDULES=0: rounds
 * come when this script says) and loopback targets allowed (UPWATCH_ALLOW_PRIVATE_TARGETS=1). A user
 * registers and verifies through the e-mailed link and gets one monitor on a loopback site served by
 * this process. Rounds are started the way test/integration/helpers/pipeline.ts does: one job with a
 * fresh round id on every checker region's queue (3 regions); the pollers of the local cloud (in
 * this process) run the real checker and result-processor handlers.
 *
 * (c) Detection latency. Each trial: site up, one round, wait until the monitor is up; then the site
 * stops (connections refused), a new round starts, and the trial waits for the `down` alert.
 * Moments are taken in this process on one monotonic clock, by SDK middleware added to the product's
 * own client singletons (no product code changes): when a checker hands a failing result to SQS
 * (its check, retry included, has ended), when the processor's transaction with the outbox entry
 * commits, when its SendMessageBatch to the alerts queue returns, and when the mailer (the cloud's
 * consumer of that queue, in this process) has the down mail accepted by the local SES, i.e. the
 * mail is in the SES store. "First failing check -> alert event" runs from the first region's
 * failing result to the alert on the alerts queue; the mail is the line after it. The mailer's own
 * DynamoDB calls (claim, profile, preferences, marking sent) are per alert, not per check: they are
 * left out of (d).
 *
 * (d) DynamoDB units per check. In a measured round the same middleware adds
 * ReturnConsumedCapacity=INDEXES to every call of the product's DynamoDB client and records what
 * DynamoDB Local returns. A calibration step first checks those figures against AWS's published
 * rules on scratch items: Local gets single-item writes and reads right (GSI writes included) but
 * not TransactWriteItems. So write units are also computed by the rules, from item images read
 * with a separate client (not counted) before and after the round, never during it, so the
 * processor's timing is not disturbed: 1 WU per started KB of the larger image, x2 inside a
 * transaction, plus one index write per GSI holding the item (two when its index key moves).
 * Each measured round includes the round's deadline message, which the dispatcher always sends;
 * the dispatcher's tick (the interval list and due-index queries; it writes nothing) is measured
 * by calling the repository functions it calls. A steady round is one without a state
 * change; the aim's "check" is read as one region's check of one monitor (docs/checks.md "One check":
 * one HTTP request), and per-round figures are printed too.
 *
 * The report names the host's calibration, timed before the cloud starts, and the steal over the
 * measured rounds and trials (docs/PERFORMANCE.md "Host calibration").
 *
 * Nothing here asserts on time. Other processes' CPU use is sampled every second; disturbed trials
 * are flagged, and more trials run until BENCH_TRIALS undisturbed ones are in (at most twice as many).
 *
 * Knobs (optional): BENCH_TRIALS (30), BENCH_WARMUP_TRIALS (5), BENCH_STEADY_ROUNDS (3),
 * BENCH_MAX_OTHER_LOAD (0.25 cores), BENCH_MAX_MINUTES (15, a watchdog).
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetQueueAttributesCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { startLocalCloud, type LocalCloud } from '../../infra/local/cloud.js';
import { readLocalSettings } from '../../infra/local/settings.js';
import { dynamo } from '../../functions/clients/dynamodb.js';
import { ses } from '../../functions/clients/ses.js';
import { sqsIn } from '../../functions/clients/sqs.js';
import { listCheckIntervals, queryScheduledMonitors } from '../../functions/repositories/dispatch-repository.js';
import { readAccessToken } from '../../functions/services/auth/access-token.js';
import type { CheckJobMessage, ResultsQueueMessage } from '../../shared/checks/check-job.js';
import { phaseRangesInWindow, shardOf, slotsInWindow, tickWindowStart } from '../../shared/checks/dispatch.js';
import { incidentKey, monitorKey, monitorStateKey, rollupKey } from '../../shared/table/keys.js';
import { hourBucket } from '../../shared/checks/rollups.js';
import { cancellationReasons } from '../../functions/repositories/dynamo-errors.js';
import { TABLE } from '../../shared/table/table-definition.js';
import { formatLoad, startLoadSampler, type LoadSampler, type LoadSummary } from './load-sampler.js';
import { fmt, intFromEnv, percentile, progress, report } from './bench-kit.js';
import { calibrateHost, describeHost, REFERENCE_SHA256_MS, startStealMeter } from './host-calibration.js';

const BENCH_ENV = {
  PORT: '3600',
  UPWATCH_DYNAMODB_PORT: '18600',
  UPWATCH_COGNITO_PORT: '19600',
  UPWATCH_SES_PORT: '18605',
  UPWATCH_CHANNELS_PORT: '18610',
  UPWATCH_SQS_PORT: '14600',
  UPWATCH_ADMIN_EMAIL: 'admin@upwatch.bench',
  UPWATCH_ADMIN_PASSWORD: 'bench-admin-password',
  UPWATCH_ALLOW_PRIVATE_TARGETS: '1',
  UPWATCH_RUN_SCHEDULES: '0',
  // Checkers and processor in this process: the timings come from middleware on its own clients.
  UPWATCH_LOCAL_WORKERS: '0',
};


const TRIALS = Math.max(1, intFromEnv('BENCH_TRIALS', 30));
const WARMUP_TRIALS = intFromEnv('BENCH_WARMUP_TRIALS', 5);
const STEADY_ROUNDS = Math.max(1, intFromEnv('BENCH_STEADY_ROUNDS', 3));
const MAX_OTHER_LOAD = Number(process.env.BENCH_MAX_OTHER_LOAD ?? 0.25);
const MAX_MINUTES = Number(process.env.BENCH_MAX_MINUTES ?? 15);
const PASSWORD = 'correct-horse-battery';
const TIMEOUT_SECONDS = 5;
const INTERVAL_SECONDS = 300;
const GSI_KEYS = TABLE.globalIndexes.map((index) => ({ name: index.name, pk: index.partitionKey, sk: index.sortKey }));

// stdout carries the report only; the handlers' JSON log lines (console.log) go to stderr.
console.log = (...args: unknown[]) => console.error(...args);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Nearest-rank percentile. */

let crash: string | undefined;
const checkCrash = () => {
  if (crash) throw new Error(`local cloud part crashed: ${crash}`);
};

const waitFor = async <T>(what: string, probe: () => T | undefined | null | false | Promise<T | undefined | null | false>, timeoutMs = 20_000, everyMs = 10): Promise<T> => {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    checkCrash();
    const value = await probe();
    if (value) return value;
    if (performance.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(everyMs);
  }
};

// ---------------------------------------------------------------- item sizes and AWS's capacity rules

const utf8 = (text: string) => Buffer.byteLength(text, 'utf8');

/** DynamoDB's documented size of a number: 1 byte per two significant digits, plus 1. */
const numberSize = (value: number): number => {
  const digits = Math.abs(value).toExponential().split('e')[0]!.replace('.', '').replace(/0+$/, '') || '0';
  return 1 + Math.ceil(digits.length / 2);
};

const valueSize = (value: unknown): number => {
  if (value === null || typeof value === 'boolean') return 1;
  if (typeof value === 'string') return utf8(value);
  if (typeof value === 'number') return numberSize(value);
  if (value instanceof Uint8Array) return value.byteLength;
  if (value instanceof Set) return [...value].reduce<number>((sum, element) => sum + valueSize(element), 0);
  if (Array.isArray(value)) return 3 + value.reduce<number>((sum, element) => sum + 1 + valueSize(element), 0);
  if (typeof value === 'object') {
    return 3 + Object.entries(value).reduce((sum, [name, element]) => (element === undefined ? sum : sum + 1 + utf8(name) + valueSize(element)), 0);
  }
  return 0;
};

/** Item size per https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/CapacityUnitCalculations.html */
const itemSize = (item: Record<string, unknown> | undefined): number =>
  item ? Object.entries(item).reduce((sum, [name, value]) => (value === undefined ? sum : sum + utf8(name) + valueSize(value)), 0) : 0;

const kbUnits = (bytes: number) => Math.max(1, Math.ceil(bytes / 1024));

interface RuleUnits {
  table: number;
  indexes: Record<string, number>;
}

/**
 * Write units of one item write under AWS's rules: the table write is 1 WU per started KB of the
 * larger of the before and after images (x2 in a transaction); each GSI holding the item costs one
 * index write of the item's size (projection ALL), two when the write changes its index key (a
 * delete and a put). Index writes are counted at the standard rate inside transactions too.
 */
const writeRule = (before: Record<string, unknown> | undefined, after: Record<string, unknown> | undefined, transactional: boolean): RuleUnits => {
  const sizeBefore = itemSize(before);
  const sizeAfter = itemSize(after);
  const indexes: Record<string, number> = {};
  for (const gsi of GSI_KEYS) {
    const keyOf = (item: Record<string, unknown> | undefined) =>
      item && item[gsi.pk] !== undefined && item[gsi.sk] !== undefined ? `${String(item[gsi.pk])}\u0000${String(item[gsi.sk])}` : null;
    const keyBefore = keyOf(before);
    const keyAfter = keyOf(after);
    let units = 0;
    if (keyBefore !== null && keyAfter !== null && keyBefore === keyAfter) units = kbUnits(sizeAfter);
    else {
      if (keyBefore !== null) units += kbUnits(sizeBefore);
      if (keyAfter !== null) units += kbUnits(sizeAfter);
    }
    if (units) indexes[gsi.name] = units;
  }
  return { table: kbUnits(Math.max(sizeBefore, sizeAfter)) * (transactional ? 2 : 1), indexes };
};

const sumUnits = (units: RuleUnits) => units.table + Object.values(units.indexes).reduce((sum, value) => sum + value, 0);

interface Consumed {
  CapacityUnits?: number;
  Table?: { CapacityUnits?: number };
  GlobalSecondaryIndexes?: Record<string, { CapacityUnits?: number }>;
}

/** What DynamoDB Local returned, summed over tables: total, table part, per-index parts. */
const localUnits = (consumed: Consumed | Consumed[] | undefined): { total: number; table: number; indexes: Record<string, number> } | null => {
  if (!consumed) return null;
  const list = Array.isArray(consumed) ? consumed : [consumed];
  const indexes: Record<string, number> = {};
  let total = 0;
  let table = 0;
  for (const entry of list) {
    total += entry.CapacityUnits ?? 0;
    table += entry.Table?.CapacityUnits ?? entry.CapacityUnits ?? 0;
    for (const [name, index] of Object.entries(entry.GlobalSecondaryIndexes ?? {})) indexes[name] = (indexes[name] ?? 0) + (index.CapacityUnits ?? 0);
  }
  return { total, table, indexes };
};

const formatIndexes = (indexes: Record<string, number>): string =>
  Object.keys(indexes).length ? ` + ${Object.entries(indexes).map(([name, units]) => `${name} ${units}`).join(' + ')}` : '';

// ---------------------------------------------------------------- what a DynamoDB call touches

type Item = Record<string, unknown>;
type Key = { PK: string; SK: string };

const describeKey = (key: Partial<Key>): string => {
  const pk = String(key.PK ?? '');
  const sk = String(key.SK ?? '');
  if (sk === 'PROFILE') return 'user profile';
  if (sk.startsWith('MONITOR#')) return 'monitor';
  if (sk.startsWith('CHECK#')) return 'check result';
  if (sk.startsWith('ROLLUP#')) return 'hourly rollup';
  if (sk.startsWith('INCIDENT#')) return 'incident';
  if (pk.startsWith('OUTBOX#')) return 'outbox entry';
  if (pk.startsWith('BENCH#')) return 'scratch';
  return sk.split('#')[0] ?? sk;
};

interface Touched {
  action: 'Put' | 'Update' | 'Delete' | 'ConditionCheck';
  key: Key;
}

const keyOfItem = (item: Item): Key => ({ PK: String(item.PK), SK: String(item.SK) });

const operationOf = (commandName: string) => commandName.replace(/Command$/, '').replace(/^(Put|Get|Update|Delete)$/, '$1Item');

/**
 * The updates of a BatchExecuteStatement (functions/repositories/conditional-update.ts `asStatement`:
 * the SET values come first, then PK and SK): each one's key and the `last_round` it sets, if any.
 */
const statementUpdates = (input: Record<string, unknown>): { key: Key; round: string | null }[] =>
  (input.Statements as { Statement: string; Parameters: unknown[] }[]).map(({ Statement, Parameters }) => {
    const sets = [...Statement.matchAll(/SET "([\w.]+)"=\?/g)].map((match) => match[1]);
    const at = sets.indexOf('last_round');
    return { key: { PK: String(Parameters[sets.length]), SK: String(Parameters[sets.length + 1]) }, round: at >= 0 ? String(Parameters[at]) : null };
  });

/** The items a write call writes (none for reads). */
const touchedBy = (operation: string, input: Record<string, unknown>): Touched[] => {
  if (operation === 'BatchExecuteStatement') return statementUpdates(input).map(({ key }) => ({ action: 'Update', key }));
  if (operation === 'PutItem') return [{ action: 'Put', key: keyOfItem(input.Item as Item) }];
  if (operation === 'UpdateItem') return [{ action: 'Update', key: input.Key as Key }];
  if (operation === 'DeleteItem') return [{ action: 'Delete', key: input.Key as Key }];
  if (operation === 'TransactWriteItems') {
    return (input.TransactItems as Record<string, { Item?: Item; Key?: Key }>[]).map((entry) => {
      const [action, body] = Object.entries(entry)[0]!;
      return { action: action as Touched['action'], key: body.Item ? keyOfItem(body.Item) : body.Key! };
    });
  }
  return [];
};

const labelOf = (operation: string, input: Record<string, unknown>): string => {
  if (operation === 'GetItem') return `GetItem ${describeKey(input.Key as Key)}${input.ConsistentRead ? ' (consistent)' : ''}`;
  if (operation === 'Query') {
    const values = (input.ExpressionAttributeValues ?? {}) as Record<string, unknown>;
    const what = input.IndexName
      ? `${String(input.IndexName)} ${String(Object.values(values)[0] ?? '').split('#')[0]?.toLowerCase()}`
      : String(values[':round'] ?? values[':prefix'] ?? '').startsWith('CHECK#')
        ? 'round results'
        : describeKey({ PK: String(values[':pk'] ?? ''), SK: String(Object.values(values)[1] ?? '') });
    return `Query ${what}${input.ConsistentRead ? ' (consistent)' : ''}`;
  }
  const touched = touchedBy(operation, input);
  return `${operation} ${touched.map((item) => `${item.action === operation.replace(/Item$/, '') ? '' : `${item.action} `}${describeKey(item.key)}`).join(' + ')}`;
};

/** The round a call is about, where it says so (check results, round queries, the monitor's CAS). */
const roundOf = (operation: string, input: Record<string, unknown>): string | null => {
  if (operation === 'PutItem' && (input.Item as Item).entity === 'check') return String((input.Item as Item).round);
  if (operation === 'Query') {
    const prefix = (input.ExpressionAttributeValues as Record<string, unknown> | undefined)?.[':round'];
    if (typeof prefix === 'string') return prefix.replace(/^CHECK#/, '').replace(/#$/, '');
  }
  if (operation === 'UpdateItem') {
    const round = (input.ExpressionAttributeValues as Record<string, unknown> | undefined)?.[':last_round'];
    if (typeof round === 'string') return round;
  }
  if (operation === 'BatchExecuteStatement') return statementUpdates(input).find(({ round }) => round)?.round ?? null;
  if (operation === 'TransactWriteItems') {
    for (const entry of input.TransactItems as Record<string, { ExpressionAttributeValues?: Record<string, unknown> }>[]) {
      const round = entry.Update?.ExpressionAttributeValues?.[':last_round'];
      if (typeof round === 'string') return round;
    }
  }
  return null;
};

// ---------------------------------------------------------------- instrumentation

/**
 * One call on the product's DynamoDB client. The middleware only watches (and, inside a measured
 * window, asks for ConsumedCapacity): it makes no calls of its own, so it does not slow the
 * processor down or change how its calls interleave. Item sizes for the AWS rules are read after
 * the window (see measureRound).
 */
interface OpRecord {
  window: string | null;
  startedAt: number;
  endedAt: number;
  operation: string;
  label: string;
  round: string | null;
  read: boolean;
  touched: Touched[];
  local: ReturnType<typeof localUnits>;
  /** Error name, with a transaction's cancellation reasons. */
  error: string | null;
  /** AWS-rule write units, filled in after the window from item images. */
  rule: RuleUnits | null;
  /** Bytes of each written item, before -> after. */
  sizes: string[];
}

interface RoundTimes {
  start: number;
  /** When each region's result was handed to SQS by its checker. */
  results: { region: string; outcome: string; at: number; checkBegan: number }[];
  /** First write the processor made for the round (storing its first result). */
  processorAt?: number;
  outboxAt?: number;
  alertQueuedAt: Record<string, number>;
  /** When the mailer's SendEmail of the round's alert returned: the mail is in the SES store. */
  alertMailedAt: Record<string, number>;
}

const accounting = { window: null as string | null, lastOpAt: 0 };
const opLog: OpRecord[] = [];
const rounds = new Map<string, RoundTimes>();
const roundTimes = (round: string): RoundTimes => {
  let times = rounds.get(round);
  if (!times) rounds.set(round, (times = { start: NaN, results: [], alertQueuedAt: {}, alertMailedAt: {} }));
  return times;
};
/** Alerts queued and not yet mailed, oldest first: a mail names its event, not its round. */
const awaitingMail: { round: string; event: string }[] = [];

let scratch: DynamoDBDocumentClient;
let tableName = '';

const readItem = async (key: Key): Promise<Item | undefined> =>
  (await scratch.send(new GetCommand({ TableName: tableName, Key: { PK: key.PK, SK: key.SK }, ConsistentRead: true }))).Item;

const keyText = (key: Key) => `${key.PK}\u0000${key.SK}`;

type Middleware = (
  next: (args: { input: object }) => Promise<{ output: object }>,
  context: { commandName?: string },
) => (args: { input: object }) => Promise<{ output: object }>;

/** On the product's DynamoDB client: a log of every call; inside a window, with ConsumedCapacity. */
const dynamoMiddleware: Middleware = (next, context) => async (args) => {
  const operation = operationOf(String(context.commandName ?? ''));
  const input = args.input as Record<string, unknown>;
  const window = isMailerCall(operation, input) ? null : accounting.window;
  const startedAt = performance.now();
  if (operation === 'PutItem' && (input.Item as Item | undefined)?.entity === 'check') {
    roundTimes(String((input.Item as Item).round)).processorAt ??= startedAt;
  }
  let output: Awaited<ReturnType<typeof next>> | undefined;
  let error: string | null = null;
  try {
    output = await next(window ? { ...args, input: { ...input, ReturnConsumedCapacity: 'INDEXES' } } : args);
    return output;
  } catch (caught) {
    const reasons = cancellationReasons(caught);
    error = `${caught instanceof Error ? caught.name : String(caught)}${reasons ? ` [${reasons.join(', ')}]` : ''}`;
    throw caught;
  } finally {
    const endedAt = performance.now();
    const touched = touchedBy(operation, input);
    const round = roundOf(operation, input);
    if (!error && operation === 'TransactWriteItems' && round && touched.some((item) => describeKey(item.key) === 'outbox entry')) {
      roundTimes(round).outboxAt ??= endedAt;
    }
    opLog.push({
      window,
      startedAt,
      endedAt,
      operation,
      label: labelOf(operation, input),
      round,
      read: touched.length === 0,
      touched,
      local: localUnits((output?.output as { ConsumedCapacity?: Consumed | Consumed[] } | undefined)?.ConsumedCapacity),
      error,
      rule: null,
      sizes: [],
    });
    accounting.lastOpAt = endedAt;
  }
};

/**
 * The mailer's calls (functions/services/alerts/deliver-alert.ts): the claim and the finish of an
 * outbox entry, the owner's profile (read whole and consistently; the processor reads only the tier)
 * and preferences. Per alert, not per check, so no window counts them.
 */
const isMailerCall = (operation: string, input: Record<string, unknown>): boolean => {
  const key = (input.Key ?? {}) as Partial<Key>;
  if (operation === 'UpdateItem' || operation === 'GetItem') {
    if (String(key.PK ?? '').startsWith('OUTBOX#')) return true;
  }
  if (operation !== 'GetItem') return false;
  return key.SK === 'NOTIFICATION_PREFERENCES' || (key.SK === 'PROFILE' && input.ProjectionExpression === undefined);
};

/** On the product's SES client: when the mailer's SendEmail of an alert returns. */
const sesMiddleware: Middleware = (next) => async (args) => {
  const output = await next(args);
  const at = performance.now();
  const subject = String((args.input as { Message?: { Subject?: { Data?: string } } }).Message?.Subject?.Data ?? '');
  const event = subject.startsWith('Website Down:') ? 'down' : subject.startsWith('Website Recovered:') ? 'up' : null;
  const waiting = event ? awaitingMail.findIndex((entry) => entry.event === event) : -1;
  if (waiting >= 0) {
    const [{ round }] = awaitingMail.splice(waiting, 1) as [{ round: string; event: string }];
    roundTimes(round).alertMailedAt[event!] ??= at;
  }
  return output;
};

/** On the product's home-region SQS client: when checkers hand over results, when alerts are queued. */
const sqsMiddleware =
  (resultsQueueUrl: string, alertsQueueUrl: string): Middleware =>
  (next) =>
  async (args) => {
    const input = args.input as { QueueUrl?: string; Entries?: { MessageBody?: string }[] };
    const bodies = (input.Entries ?? []).map((entry) => JSON.parse(entry.MessageBody ?? '{}') as Record<string, unknown>);
    if (input.QueueUrl === resultsQueueUrl) {
      const at = performance.now();
      for (const body of bodies) {
        if (body.kind !== 'check_results') continue;
        for (const { result } of body.results as { result: { round: string; region: string; outcome: string; checkedAt: string } }[]) {
          // checkedAt is the wall clock (ms) when the check began; moved onto this monotonic clock
          // with the offset between the two clocks now (not at process start: they drift apart).
          const checkBegan = Date.parse(result.checkedAt) + (at - Date.now());
          roundTimes(result.round).results.push({ region: result.region, outcome: result.outcome, at, checkBegan });
        }
      }
    }
    const output = await next(args);
    if (input.QueueUrl === alertsQueueUrl) {
      const at = performance.now();
      for (const body of bodies) {
        const alert = body.alert as { round: string; event: string } | undefined;
        if (alert && roundTimes(alert.round).alertQueuedAt[alert.event] === undefined) {
          roundTimes(alert.round).alertQueuedAt[alert.event] = at;
          awaitingMail.push({ round: alert.round, event: alert.event });
        }
      }
    }
    return output;
  };

// ---------------------------------------------------------------- the web site being monitored

const startTargetSite = async () => {
  let server: http.Server | undefined;
  let port = 0;
  const up = async () => {
    if (server) return;
    server = http.createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/plain' }).end('ok'));
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', () => resolve()));
    port = (server.address() as AddressInfo).port;
  };
  const down = async () => {
    if (!server) return;
    const closing = server;
    server = undefined;
    closing.closeAllConnections();
    await new Promise<void>((resolve) => closing.close(() => resolve()));
  };
  await up();
  return { url: () => `http://127.0.0.1:${port}/`, up, down };
};

// ---------------------------------------------------------------- the user, through the API

let baseUrl = '';

const request = async (route: string, opts: { method?: string; token?: string; body?: unknown } = {}) => {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseUrl}${route}`, {
    method: opts.method ?? 'GET',
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  return { status: response.status, text: await response.text() };
};

const expectStatus = (what: string, result: { status: number; text: string }, expected: number) => {
  if (result.status !== expected) throw new Error(`${what}: expected ${expected}, got ${result.status}: ${result.text.slice(0, 300)}`);
  return result;
};

const verificationToken = async (sesUrl: string, address: string): Promise<string> => {
  const store = await waitFor(
    `the verification mail to ${address}`,
    async () => {
      const { emails } = (await (await fetch(`${sesUrl}/store`)).json()) as { emails: { destination: { to: string[] }; body: { text?: string; html?: string } }[] };
      return emails.filter((mail) => mail.destination.to.some((to) => to.includes(address))).at(-1);
    },
    10_000,
    200,
  );
  const found = /\/verify-email\?token=([A-Za-z0-9_%-]+)/.exec(store.body.text ?? store.body.html ?? '');
  if (!found?.[1]) throw new Error(`no verification link in the mail to ${address}`);
  return decodeURIComponent(found[1]);
};

const prepareUser = async (sesUrl: string, url: string) => {
  const email = `bench-${Date.now().toString(36)}@example.com`;
  expectStatus('register', await request('/api/auth/register', { method: 'POST', body: { name: 'Bench', email, password: PASSWORD } }), 201);
  const token = await verificationToken(sesUrl, email);
  expectStatus('verify-email', await request(`/api/auth/verify-email?token=${encodeURIComponent(token)}`, { method: 'POST' }), 200);
  const login = expectStatus('login', await request('/api/auth/login', { method: 'POST', body: { email, password: PASSWORD } }), 200);
  const accessToken = (JSON.parse(login.text) as { access_token: string }).access_token;
  const created = expectStatus(
    'create monitor',
    await request('/api/monitors', {
      method: 'POST',
      token: accessToken,
      body: { name: 'Bench pipeline', url, check_interval: INTERVAL_SECONDS, timeout: TIMEOUT_SECONDS },
    }),
    201,
  );
  return { userId: readAccessToken(accessToken).sub, monitorId: (JSON.parse(created.text) as { id: string }).id };
};

// ---------------------------------------------------------------- rounds

let lastRound = '';
/** A round id newer than every one used before (the ISO time now, as a force check does). */
const newRound = (): string => {
  let round = new Date().toISOString();
  if (round <= lastRound) round = new Date(Date.parse(lastRound) + 1).toISOString();
  return (lastRound = round);
};

interface Pipeline {
  sqs: SQSClient;
  checkQueueUrls: string[];
  resultsQueueUrl: string;
  alertsQueueUrl: string;
  userId: string;
  monitorId: string;
  url: string;
}

/** Puts one job for `round` on every region's check queue, as the dispatcher does. */
const startRound = async (p: Pipeline, round: string): Promise<void> => {
  const message: CheckJobMessage = {
    kind: 'check_jobs',
    jobs: [{ userId: p.userId, monitorId: p.monitorId, url: p.url, timeoutSeconds: TIMEOUT_SECONDS, slowThresholdMs: 5000, round }],
  };
  roundTimes(round).start = performance.now();
  await Promise.all(p.checkQueueUrls.map((QueueUrl) => p.sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: JSON.stringify(message) }))));
};

const monitorItem = async (p: Pipeline) => readItem(monitorKey(p.userId, p.monitorId) as Key);

/** The monitor's check state item (keys.ts 8c): what a round applies to. */
const stateItem = async (p: Pipeline) => readItem(monitorStateKey(p.userId, p.monitorId) as Key);

const waitApplied = async (p: Pipeline, round: string, isUp: boolean) =>
  waitFor(`round ${round} applied (is_up ${isUp})`, async () => {
    const item = await stateItem(p);
    return item?.last_round === round && item.is_up === isUp && item;
  }, 20_000, 20);

// ---------------------------------------------------------------- (c) detection latency

interface Trial {
  round: string;
  upRound: string;
  start: number;
  end: number;
  startToFirstCheck: number;
  firstCheckToFirstFail: number;
  startToFirstFail: number;
  firstToSecondFail: number;
  firstFailToProcessor: number;
  firstFailToOutbox: number;
  firstFailToQueued: number;
  firstFailToMailed: number;
  startToMailed: number;
  load: LoadSummary;
  disturbed: boolean;
}

const runTrial = async (p: Pipeline, site: Awaited<ReturnType<typeof startTargetSite>>, sampler: LoadSampler): Promise<Trial> => {
  // Make sure the monitor is up: a round against the running site (a recovery round after a trial).
  await site.up();
  const upRound = newRound();
  await startRound(p, upRound);
  const wasDown = (await monitorItem(p))?.is_up === false;
  await waitApplied(p, upRound, true);
  if (wasDown) await waitFor(`the recovery mail of ${upRound}`, () => roundTimes(upRound).alertMailedAt.up);
  // The third region's result arrives after the decision; let it be processed before timing.
  await waitFor(`all results of ${upRound}`, () => roundTimes(upRound).results.length >= p.checkQueueUrls.length);
  await waitFor('a quiet moment', () => performance.now() - accounting.lastOpAt > 200);

  await site.down();
  const round = newRound();
  await startRound(p, round);
  const times = roundTimes(round);
  const mailedAt = await waitFor(`the down mail of round ${round}`, () => times.alertMailedAt.down, 30_000);
  await waitFor(`all results of ${round}`, () => times.results.length >= p.checkQueueUrls.length);
  await waitFor('a quiet moment', () => performance.now() - accounting.lastOpAt > 200);
  const end = performance.now();
  // The load sample that covers the end of the trial is taken within a second.
  await waitFor('a load sample', () => !sampler.samples.length || sampler.samples.at(-1)!.at > end, 2000, 50);
  const failing = times.results.filter((result) => result.outcome === 'down').sort((a, b) => a.at - b.at);
  const fails = failing.map((result) => result.at);
  const firstFail = fails[0]!;
  return {
    round,
    upRound,
    start: times.start,
    end,
    startToFirstCheck: failing[0]!.checkBegan - times.start,
    firstCheckToFirstFail: firstFail - failing[0]!.checkBegan,
    startToFirstFail: firstFail - times.start,
    firstToSecondFail: (fails[1] ?? NaN) - firstFail,
    firstFailToProcessor: (times.processorAt ?? NaN) - firstFail,
    firstFailToOutbox: (times.outboxAt ?? NaN) - firstFail,
    firstFailToQueued: (times.alertQueuedAt.down ?? NaN) - firstFail,
    firstFailToMailed: mailedAt - firstFail,
    startToMailed: mailedAt - times.start,
    load: sampler.summarize(times.start, end + 1100),
    disturbed: false,
  };
};

type TrialInterval = 'startToFirstCheck' | 'firstCheckToFirstFail' | 'startToFirstFail' | 'firstToSecondFail' | 'firstFailToProcessor' | 'firstFailToOutbox' | 'firstFailToQueued' | 'firstFailToMailed' | 'startToMailed';

const trialRows: [TrialInterval, string][] = [
  ['startToFirstCheck', 'Round start -> that check begins (check-queue delivery; its `checkedAt`, 1 ms wall-clock resolution)'],
  ['firstCheckToFirstFail', 'Check begins -> its failing result handed to SQS (refused, retried, refused again)'],
  ['startToFirstFail', 'Round start -> first failing result handed to SQS'],
  ['firstToSecondFail', 'First -> second failing result (the second vote the quorum needs)'],
  ['firstFailToProcessor', 'First failing result -> processor stores it (results-queue delivery + tier read)'],
  ['firstFailToOutbox', 'First failing result -> outbox entry committed'],
  ['firstFailToQueued', '**First failing result -> alert on the alerts queue** (the aim)'],
  ['firstFailToMailed', 'First failing result -> down mail in the SES store (the mailer: claim, profile, preferences, SES)'],
  ['startToMailed', 'Round start -> down mail in the SES store'],
];

const trialTable = (trials: Trial[]): string =>
  [
    '| Interval (ms) | p50 | p95 | max | min |',
    '|---|---:|---:|---:|---:|',
    ...trialRows.map(([key, label]) => {
      const values = trials.map((trial) => trial[key]);
      return `| ${label} | ${fmt(percentile(values, 50), 1)} | ${fmt(percentile(values, 95), 1)} | ${fmt(Math.max(...values), 1)} | ${fmt(Math.min(...values), 1)} |`;
    }),
  ].join('\n');

/** What the processor's DynamoDB calls did during the trials (no ConsumedCapacity asked there). */
const trialCallsSummary = (trials: Trial[]): string => {
  const inTrials = opLog.filter((op) => op.window === null && trials.some((trial) => op.startedAt >= trial.start && op.endedAt <= trial.end));
  const byOperation = new Map<string, number[]>();
  for (const op of inTrials) byOperation.set(op.operation, [...(byOperation.get(op.operation) ?? []), op.endedAt - op.startedAt]);
  const txOf = (round: string) => opLog.filter((op) => op.operation === 'TransactWriteItems' && op.round === round);
  const describe = (rounds: string[]) => {
    const attempts = rounds.map((round) => txOf(round).length);
    const withCancel = rounds.filter((round) => txOf(round).some((op) => op.error)).length;
    const reasons = new Map<string, number>();
    for (const round of rounds) for (const op of txOf(round).filter((tx) => tx.error)) reasons.set(op.error!, (reasons.get(op.error!) ?? 0) + 1);
    return `${withCancel} of ${rounds.length} rounds had a cancelled TransactWriteItems (attempts per round: max ${Math.max(...attempts)}, total ${attempts.reduce((a, b) => a + b, 0)})${reasons.size ? `; ${[...reasons].map(([reason, count]) => `${count} x ${reason}`).join(', ')}` : ''}`;
  };
  return [
    `- Down rounds: ${describe(trials.map((trial) => trial.round))}.`,
    `- Up rounds before them (recoveries): ${describe(trials.map((trial) => trial.upRound))}.`,
    `- DynamoDB Local call durations during the trials, ms p50 / p95 (n): ${[...byOperation]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([operation, durations]) => `${operation} ${fmt(percentile(durations, 50), 1)} / ${fmt(percentile(durations, 95), 1)} (${durations.length})`)
      .join('; ')}.`,
  ].join('\n');
};

// ---------------------------------------------------------------- (d) capacity units

interface RoundUnits {
  label: string;
  ops: OpRecord[];
  /** Written items that were not snapshotted before the window, so taken as new (absent before). */
  unknownBefore: string[];
}

/** Items a round may update in place (the rest it creates): their images before the window. */
const snapshotBefore = async (p: Pipeline): Promise<Map<string, Item | undefined>> => {
  const monitor = await monitorItem(p);
  const state = await stateItem(p);
  const keys: Key[] = [monitorKey(p.userId, p.monitorId) as Key, monitorStateKey(p.userId, p.monitorId) as Key];
  const now = Date.now();
  // A round closes the previous hour (rollups.ts) when it is the first of a new one.
  for (const at of [now - 3_600_000, now, now + 60_000]) keys.push(rollupKey(p.monitorId, hourBucket(new Date(at))) as Key);
  for (const incident of [state?.open_incident, monitor?.latest_incident] as ({ id?: string } | null | undefined)[]) {
    if (incident?.id) keys.push(incidentKey(p.userId, incident.id) as Key);
  }
  const snapshot = new Map<string, Item | undefined>();
  for (const key of keys) snapshot.set(keyText(key), await readItem(key));
  return snapshot;
};

/**
 * The AWS-rule units of a window's writes, from the images before (snapshot) and after (read once
 * the window is quiet). A cancelled transaction is priced as if it had written what the committed
 * one did; it is listed apart.
 */
const applyRules = async (ops: OpRecord[], before: Map<string, Item | undefined>): Promise<string[]> => {
  const after = new Map<string, Item | undefined>();
  const unknown: string[] = [];
  for (const op of ops) {
    for (const item of op.touched) {
      const key = keyText(item.key);
      if (!after.has(key)) after.set(key, await readItem(item.key));
      if (!before.has(key) && item.action === 'Update') unknown.push(describeKey(item.key));
    }
  }
  for (const op of ops) {
    if (op.read) continue;
    const transactional = op.operation === 'TransactWriteItems';
    const units = op.touched.map((item) => writeRule(before.get(keyText(item.key)), after.get(keyText(item.key)), transactional));
    op.rule = units.reduce<RuleUnits>(
      (sum, next) => {
        const indexes = { ...sum.indexes };
        for (const [name, value] of Object.entries(next.indexes)) indexes[name] = (indexes[name] ?? 0) + value;
        return { table: sum.table + next.table, indexes };
      },
      { table: 0, indexes: {} },
    );
    op.sizes = op.touched.map((item) => `${itemSize(before.get(keyText(item.key)))}->${itemSize(after.get(keyText(item.key)))}`);
  }
  return [...new Set(unknown)];
};

const committed = (ops: OpRecord[]) => ops.filter((op) => !op.error);
const sumReads = (ops: OpRecord[]) => ops.filter((op) => op.read).reduce((sum, op) => sum + (op.local?.total ?? 0), 0);
const sumLocalWrites = (ops: OpRecord[]) => committed(ops).filter((op) => !op.read).reduce((sum, op) => sum + (op.local?.total ?? 0), 0);
const sumRuleWrites = (ops: OpRecord[]) => committed(ops).filter((op) => !op.read).reduce((sum, op) => sum + (op.rule ? sumUnits(op.rule) : 0), 0);
const cancelled = (ops: OpRecord[]) => ops.filter((op) => op.error && !op.read);

/** No message on the results queue, visible or in flight: the processor has worked on every one. */
const resultsQueueDrained = async (p: Pipeline): Promise<boolean> => {
  const { Attributes = {} } = await p.sqs.send(
    new GetQueueAttributesCommand({ QueueUrl: p.resultsQueueUrl, AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'] }),
  );
  return Number(Attributes.ApproximateNumberOfMessages ?? 0) + Number(Attributes.ApproximateNumberOfMessagesNotVisible ?? 0) === 0;
};

/** Runs one measured round (plus its deadline message) with ConsumedCapacity requested. */
const measureRound = async (p: Pipeline, label: string, isUp: boolean): Promise<RoundUnits> => {
  const before = await snapshotBefore(p);
  const round = newRound();
  accounting.window = label;
  try {
    await startRound(p, round);
    await waitApplied(p, round, isUp);
    // Every region's result message taken off the queue and worked on (the processor decides a pack
    // answered by every region in memory, so no call of its own marks each message).
    await waitFor(`the result messages of ${round}`, () => resultsQueueDrained(p));
    await waitFor('a quiet moment', () => performance.now() - accounting.lastOpAt > 400);
    // The deadline message the dispatcher sends with every round (delayed there; at once here). A pack
    // this process applied with every answer skips it without a call (answered-packs.ts).
    const deadline: ResultsQueueMessage = { kind: 'round_deadline', rounds: [{ userId: p.userId, monitorId: p.monitorId, round }] };
    await p.sqs.send(new SendMessageCommand({ QueueUrl: p.resultsQueueUrl, MessageBody: JSON.stringify(deadline) }));
    await waitFor(`the deadline of ${round}`, () => resultsQueueDrained(p));
    await waitFor('a quiet moment', () => performance.now() - accounting.lastOpAt > 400);
  } finally {
    accounting.window = null;
  }
  const ops = opLog.filter((op) => op.window === label);
  const unknownBefore = await applyRules(ops, before);
  const failed = cancelled(ops);
  progress(
    `${label}: ${ops.length} DynamoDB calls, ${fmt(sumReads(ops), 1)} RU, ${fmt(sumRuleWrites(ops), 1)} WU committed (AWS rules)` +
      (failed.length ? `, ${failed.length} cancelled transaction(s)` : ''),
  );
  return { label, ops, unknownBefore };
};

/**
 * The dispatcher's share of a round: its tick reads the intervals in use and queries the due index
 * for the monitor's phase (dispatch.ts); it writes nothing. Measured by calling the repository
 * functions the dispatcher calls, for the minute that holds the monitor's next slot.
 */
const measureDispatcherTick = async (p: Pipeline, which: string): Promise<RoundUnits> => {
  const label = `dispatcher: tick that sends the round, ${which} (interval list + due-index query; shared by every monitor of the shard and minute)`;
  const before = await snapshotBefore(p);
  const item = before.get(keyText(monitorKey(p.userId, p.monitorId) as Key));
  const schedule = { intervalSeconds: Number(item?.check_interval), phaseSeconds: Number(item?.phase) };
  const nextWindow = Array.from({ length: schedule.intervalSeconds / 60 + 2 }, (_, i) => new Date(tickWindowStart(new Date()).getTime() + i * 60_000))
    .find((window) => slotsInWindow(schedule, window).length > 0)!;
  accounting.window = label;
  try {
    const intervals = await listCheckIntervals();
    if (!intervals.includes(schedule.intervalSeconds)) throw new Error('the monitor\'s interval is not in the list of intervals in use');
    let found = false;
    for (const intervalSeconds of intervals) {
      for (const [phaseFrom, phaseTo] of phaseRangesInWindow(intervalSeconds, nextWindow)) {
        const monitors = await queryScheduledMonitors({ shard: shardOf(p.monitorId), intervalSeconds, phaseFrom, phaseTo });
        found ||= monitors.some((monitor) => monitor.monitorId === p.monitorId);
      }
    }
    if (!found) throw new Error('the monitor is not in its shard of the due index');
  } finally {
    accounting.window = null;
  }
  const ops = opLog.filter((op) => op.window === label);
  return { label, ops, unknownBefore: await applyRules(ops, before) };
};

const unitsSummaryTable = (rows: RoundUnits[], regions: number): string =>
  [
    `### (d) DynamoDB capacity units per round (${regions} regions; a round includes its deadline message)`,
    '',
    '| Round | Calls | Read units | Write units committed, AWS rules | Write units committed, Local reports | WU per region-check (AWS rules) | RU per region-check | Cancelled transactions (WU if billed) |',
    '|---|---:|---:|---:|---:|---:|---:|---|',
    ...rows.map(({ label, ops }) => {
      const failed = cancelled(ops);
      const failedUnits = failed.reduce((sum, op) => sum + (op.rule ? sumUnits(op.rule) : 0), 0);
      return `| ${label} | ${ops.length} | ${fmt(sumReads(ops), 1)} | ${fmt(sumRuleWrites(ops), 1)} | ${fmt(sumLocalWrites(ops), 1)} | ${fmt(sumRuleWrites(ops) / regions, 2)} | ${fmt(sumReads(ops) / regions, 2)} | ${failed.length ? `${failed.length} (${fmt(failedUnits, 0)})` : '0'} |`;
    }),
  ].join('\n');

const opsTable = (title: string, ops: OpRecord[]): string =>
  [
    `#### ${title}`,
    '',
    '| # | Call | Item bytes before->after | Local reports (total: table + indexes) | AWS rules (table + indexes) |',
    '|---:|---|---|---|---|',
    ...ops.map((op, i) => {
      const local = op.local ? `${op.local.total} (${op.local.table}${formatIndexes(op.local.indexes)})` : 'none';
      const rule = op.read ? 'read: as Local' : op.rule ? `${sumUnits(op.rule)} (${op.rule.table}${formatIndexes(op.rule.indexes)})` : '-';
      return `| ${i + 1} | ${op.label}${op.error ? ` **failed: ${op.error}**` : ''} | ${op.sizes.join(', ') || '-'} | ${local} | ${rule} |`;
    }),
  ].join('\n');

/** Steady-state units per round and per region-check, processor rounds plus the dispatcher's tick. */
const steadyLine = (what: string, steadyRounds: RoundUnits[], dispatcher: RoundUnits, regions: number): string => {
  const range = (values: number[], divide = 1) => {
    const low = Math.min(...values) / divide;
    const high = Math.max(...values) / divide;
    return low === high ? fmt(low, 2) : `${fmt(low, 2)}-${fmt(high, 2)}`;
  };
  const writes = steadyRounds.map((row) => sumRuleWrites(row.ops));
  const reads = steadyRounds.map((row) => sumReads(row.ops));
  const tickWrites = sumRuleWrites(dispatcher.ops);
  const tickReads = sumReads(dispatcher.ops);
  return (
    `- Steady state, ${what}, AWS rules, over ${steadyRounds.length} rounds: per round ${range(writes)} WU (processor) + ${fmt(tickWrites, 1)} WU (dispatcher tick), ` +
    `${range(reads)} + ${fmt(tickReads, 1)} RU; **per region-check ${range(writes.map((w) => w + tickWrites), regions)} WU** ` +
    `(processor alone ${range(writes, regions)}), ${range(reads.map((r) => r + tickReads), regions)} RU.`
  );
};

// ---------------------------------------------------------------- calibration of Local's figures

const calibrate = async (): Promise<string> => {
  const lines = [
    '### Calibration: what DynamoDB Local returns for ReturnConsumedCapacity (scratch items, own client)',
    '',
    '| Call | Item bytes | Local reports (total: table + indexes) | AWS rules |',
    '|---|---|---|---|',
  ];
  const pk = 'BENCH#calibration';
  const small = { PK: pk, SK: 'small', text: 'x'.repeat(200) };
  const large = { PK: pk, SK: 'large', text: 'x'.repeat(1500) };
  const indexed = { PK: pk, SK: 'indexed', GSI1PK: 'BENCH', GSI1SK: 'a', text: 'x'.repeat(200) };
  const row = async (label: string, call: () => Promise<{ ConsumedCapacity?: Consumed | Consumed[] }>, rule: string, bytes: string) => {
    const local = localUnits((await call()).ConsumedCapacity);
    lines.push(`| ${label} | ${bytes} | ${local ? `${local.total} (${local.table}${formatIndexes(local.indexes)})` : 'none'} | ${rule} |`);
  };
  const T = tableName;
  const rc = 'INDEXES' as const;
  const ruleText = (units: RuleUnits) => `${sumUnits(units)} (${units.table}${formatIndexes(units.indexes)})`;
  await row('PutItem, new item', () => scratch.send(new PutCommand({ TableName: T, Item: small, ReturnConsumedCapacity: rc })), ruleText(writeRule(undefined, small, false)), `${itemSize(small)}`);
  await row('PutItem, new item', () => scratch.send(new PutCommand({ TableName: T, Item: large, ReturnConsumedCapacity: rc })), ruleText(writeRule(undefined, large, false)), `${itemSize(large)}`);
  await row('PutItem, new item with GSI1 keys', () => scratch.send(new PutCommand({ TableName: T, Item: indexed, ReturnConsumedCapacity: rc })), ruleText(writeRule(undefined, indexed, false)), `${itemSize(indexed)}`);
  const touchedIndexed = { ...indexed, n: 1 };
  await row(
    'UpdateItem, non-key attribute of the GSI1 item',
    () => scratch.send(new UpdateCommand({ TableName: T, Key: { PK: pk, SK: 'indexed' }, UpdateExpression: 'SET n = :n', ExpressionAttributeValues: { ':n': 1 }, ReturnConsumedCapacity: rc })),
    ruleText(writeRule(indexed, touchedIndexed, false)),
    `${itemSize(indexed)}->${itemSize(touchedIndexed)}`,
  );
  const moved = { ...touchedIndexed, GSI1SK: 'b' };
  await row(
    'UpdateItem, GSI1 sort key changed',
    () => scratch.send(new UpdateCommand({ TableName: T, Key: { PK: pk, SK: 'indexed' }, UpdateExpression: 'SET GSI1SK = :b', ExpressionAttributeValues: { ':b': 'b' }, ReturnConsumedCapacity: rc })),
    ruleText(writeRule(touchedIndexed, moved, false)),
    `${itemSize(touchedIndexed)}->${itemSize(moved)}`,
  );
  const tx = (items: Item[]) =>
    scratch.send(new TransactWriteCommand({ TransactItems: items.map((Item) => ({ Put: { TableName: T, Item } })), ReturnConsumedCapacity: rc }));
  const txRule = (items: Item[]) => `${items.reduce((sum, item) => sum + sumUnits(writeRule(undefined, item, true)), 0)}`;
  const tx1 = [{ PK: pk, SK: 'tx-1', text: 'x'.repeat(200) }];
  const tx3 = [1, 2, 3].map((i) => ({ PK: pk, SK: `tx3-${i}`, text: 'x'.repeat(200) }));
  const txMixed = [{ PK: pk, SK: 'txm-1', text: 'x'.repeat(200) }, { PK: pk, SK: 'txm-2', text: 'x'.repeat(1500) }];
  await row('TransactWriteItems, 1 small Put', () => tx(tx1), txRule(tx1), tx1.map(itemSize).join(', '));
  await row('TransactWriteItems, 3 small Puts', () => tx(tx3), txRule(tx3), tx3.map(itemSize).join(', '));
  await row('TransactWriteItems, small + 1.5 KB Put', () => tx(txMixed), txRule(txMixed), txMixed.map(itemSize).join(', '));
  await row('GetItem, eventually consistent', () => scratch.send(new GetCommand({ TableName: T, Key: { PK: pk, SK: 'small' }, ReturnConsumedCapacity: rc })), '0.5', `${itemSize(small)}`);
  await row('GetItem, consistent', () => scratch.send(new GetCommand({ TableName: T, Key: { PK: pk, SK: 'small' }, ConsistentRead: true, ReturnConsumedCapacity: rc })), '1', `${itemSize(small)}`);
  await row('GetItem, consistent, missing item', () => scratch.send(new GetCommand({ TableName: T, Key: { PK: pk, SK: 'none' }, ConsistentRead: true, ReturnConsumedCapacity: rc })), '1', '0');
  await row(
    'Query, consistent, 3 items',
    () => scratch.send(new QueryCommand({ TableName: T, KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)', ExpressionAttributeValues: { ':pk': pk, ':p': 'tx3-' }, ConsistentRead: true, ReturnConsumedCapacity: rc })),
    '1',
    tx3.map(itemSize).join(', '),
  );
  await row(
    'Query, eventually consistent, 3 items',
    () => scratch.send(new QueryCommand({ TableName: T, KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)', ExpressionAttributeValues: { ':pk': pk, ':p': 'tx3-' }, ReturnConsumedCapacity: rc })),
    '0.5',
    tx3.map(itemSize).join(', '),
  );
  return lines.join('\n');
};

// ---------------------------------------------------------------- main

const main = async (): Promise<void> => {
  // Before the local cloud starts: the host's speed while the machine is quiet
  // (docs/PERFORMANCE.md "Host calibration"). Not the DynamoDB units' calibration of (d), which
  // comes later.
  const host = calibrateHost();
  progress(`host: SHA-256 calibration ${fmt(host.sha256Ms, 0)} ms (reference ${REFERENCE_SHA256_MS}), JSON ${fmt(host.jsonMs, 0)} ms`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'upwatch-bench-pipeline-'));
  let starting: Promise<LocalCloud> | undefined;
  let site: Awaited<ReturnType<typeof startTargetSite>> | undefined;
  const sampler = startLoadSampler(1000);
  let cleaning: Promise<void> | undefined;
  const cleanUp = (): Promise<void> =>
    (cleaning ??= (async () => {
      try {
        sampler.stop();
        await site?.down().catch(() => undefined);
        await (await starting?.catch(() => undefined))?.stop();
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    })());
  const onSignal = (signal: NodeJS.Signals) => {
    interrupted = signal;
    progress(`${signal}: stopping the local cloud`);
    void cleanUp().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const watchdog = setTimeout(() => {
    progress(`still running after ${MAX_MINUTES} minutes (BENCH_MAX_MINUTES): giving up`);
    void cleanUp().finally(() => process.exit(1));
  }, MAX_MINUTES * 60_000);
  watchdog.unref();

  try {
    const settings = readLocalSettings({ ...BENCH_ENV, UPWATCH_DATA_DIR: dataDir });
    const startedAt = performance.now();
    starting = startLocalCloud(settings, { onCrash: (part, reason) => (crash = `${part}: ${reason}`) });
    const cloud = await starting;
    checkCrash();
    baseUrl = cloud.urls.gateway.replace('//localhost:', '//127.0.0.1:');
    progress(`local cloud up in ${fmt((performance.now() - startedAt) / 1000, 1)} s at ${baseUrl} (data in ${dataDir})`);

    tableName = cloud.resources.tableName;
    const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
    scratch = DynamoDBDocumentClient.from(new DynamoDBClient({ region: settings.region, endpoint: cloud.urls.dynamodb, credentials }), {
      marshallOptions: { removeUndefinedValues: true },
    });
    const checkQueueUrls = Object.values(JSON.parse(process.env.CHECK_QUEUE_URLS!) as Record<string, string>);
    const resultsQueueUrl = process.env.RESULTS_QUEUE_URL!;
    const alertsQueueUrl = process.env.ALERTS_QUEUE_URL!;
    // The product's own client singletons (the pollers in this process use them): instrument them.
    // (`as never`: see the Middleware type.)
    dynamo().middlewareStack.add(dynamoMiddleware as never, { step: 'initialize', name: 'benchCapacity' });
    sqsIn(settings.region).middlewareStack.add(sqsMiddleware(resultsQueueUrl, alertsQueueUrl) as never, { step: 'initialize', name: 'benchTimeline' });
    ses().middlewareStack.add(sesMiddleware as never, { step: 'initialize', name: 'benchMail' });

    const calibration = await calibrate();

    site = await startTargetSite();
    const user = await prepareUser(cloud.urls.ses, site.url());
    const p: Pipeline = {
      sqs: new SQSClient({ region: settings.region, endpoint: cloud.urls.sqs, credentials }),
      checkQueueUrls,
      resultsQueueUrl,
      alertsQueueUrl,
      ...user,
      url: site.url(),
    };
    progress(`user ${user.userId} with monitor ${user.monitorId} on ${p.url}; ${checkQueueUrls.length} checker regions`);

    // The measuring window: every round and trial from here on.
    const steal = startStealMeter();
    // (d), part 1: a fresh monitor (no incident yet).
    const units: RoundUnits[] = [];
    const freshTick = await measureDispatcherTick(p, 'monitor never checked');
    units.push(freshTick);
    units.push(await measureRound(p, 'first round (no state yet -> up; no alert)', true));
    const fresh: RoundUnits[] = [];
    for (let i = 0; i < STEADY_ROUNDS; i++) fresh.push(await measureRound(p, `steady up #${i + 1}, monitor never had an incident`, true));
    units.push(...fresh);
    const freshMonitorBytes = itemSize(await monitorItem(p));
    const stateBytes = itemSize(await stateItem(p));

    // (c) detection latency.
    const trials: Trial[] = [];
    const warmups: Trial[] = [];
    const maxTrials = WARMUP_TRIALS + TRIALS * 2;
    for (let n = 0; n < maxTrials && trials.filter((trial) => !trial.disturbed).length < TRIALS; n++) {
      const trial = await runTrial(p, site, sampler);
      trial.disturbed = trial.load.othersMean > MAX_OTHER_LOAD;
      if (n < WARMUP_TRIALS) warmups.push(trial);
      else trials.push(trial);
      progress(
        `${n < WARMUP_TRIALS ? 'warm-up' : 'trial'} ${n + 1}: first fail ${fmt(trial.startToFirstFail, 1)} ms after start, ` +
          `alert queued ${fmt(trial.firstFailToQueued, 1)} ms after it, mailed ${fmt(trial.firstFailToMailed, 1)} ms; others ${formatLoad(trial.load)}${trial.disturbed ? ' DISTURBED' : ''}`,
      );
    }
    const quiet = trials.filter((trial) => !trial.disturbed);

    // (d), part 2: transitions, and steady rounds of a monitor that now carries its latest incident.
    await site.up();
    const recovered = await measureRound(p, 'transition down -> up (recovered alert)', true);
    units.push(recovered);
    const later: RoundUnits[] = [];
    for (let i = 0; i < STEADY_ROUNDS; i++) later.push(await measureRound(p, `steady up #${i + 1}, monitor with latest_incident`, true));
    units.push(...later);
    const laterMonitorBytes = itemSize(await monitorItem(p));
    const laterTick = await measureDispatcherTick(p, 'monitor with latest_incident');
    units.push(laterTick);
    await site.down();
    const wentDown = await measureRound(p, 'transition up -> down (down alert)', false);
    units.push(wentDown);
    units.push(await measureRound(p, 'steady down (still down, no alert)', false));
    await site.up();

    const stealShare = steal.read();
    const regions = checkQueueUrls.length;
    const steady = later[0]!;
    const cpus = os.cpus();
    report(
      [
        '## Upwatch check pipeline benchmark (local cloud, 3 checker regions)',
        '',
        `- ${new Date().toISOString()}, Node ${process.version}, ${os.platform()} ${os.release()}, ${cpus.length} x ${cpus[0]?.model.trim() ?? '?'}, ${fmt(os.totalmem() / 1024 ** 3, 1)} GB RAM`,
        `- ${describeHost(host, stealShare)}`,
        `- 1-minute load average at start / end: ${fmt(loadAtStart)} / ${fmt(os.loadavg()[0] ?? NaN)}; "others" = CPU of processes outside this benchmark (1-s samples, cores)`,
        `- monitor: interval ${INTERVAL_SECONDS} s, timeout ${TIMEOUT_SECONDS} s, loopback site in this process; rounds started by putting jobs on the 3 check queues`,
        '',
        `### (c) Detection latency: site stops -> down alert (${quiet.length} undisturbed trials${trials.length > quiet.length ? ` of ${trials.length}` : ''}, after ${warmups.length} warm-up trials)`,
        '',
        trialTable(quiet),
        '',
        trials.length > quiet.length ? `All ${trials.length} trials, disturbed ones included:\n\n${trialTable(trials)}\n` : '',
        `Others (CPU of other processes) during the trials: mean ${fmt(quiet.reduce((sum, trial) => sum + trial.load.othersMean, 0) / quiet.length)} cores, largest trial mean ${fmt(Math.max(...trials.map((trial) => trial.load.othersMean)))}; disturbed (> ${MAX_OTHER_LOAD}): ${trials.length - quiet.length}.`,
        '',
        trialCallsSummary(quiet),
        '',
        calibration,
        '',
        unitsSummaryTable(units, regions),
        '',
        `Monitor item: ${freshMonitorBytes} bytes before any incident, ${laterMonitorBytes} bytes once it carries \`latest_incident\` (written only by transitions). Check state item (what a steady round rewrites): ${stateBytes} bytes.`,
        '',
        steadyLine('monitor with latest_incident (the long-run case)', later, laterTick, regions),
        steadyLine('monitor that never had an incident', fresh, freshTick, regions),
        ...units.filter((row) => row.unknownBefore.length).map((row) => `- ${row.label}: no before-image of ${row.unknownBefore.join(', ')} (taken as new).`),
        '',
        opsTable(`Calls of one steady round (${steady.label})`, steady.ops),
        '',
        opsTable(`Calls of the dispatcher's tick (${laterTick.label})`, laterTick.ops),
        '',
        opsTable(`Calls of a transition round (${wentDown.label})`, wentDown.ops),
        '',
        opsTable(`Calls of a transition round (${recovered.label})`, recovered.ops),
        '',
        opsTable(`Calls of one steady round of the fresh monitor (${fresh[0]!.label})`, fresh[0]!.ops),
        '',
      ].join('\n'),
    );
  } finally {
    await cleanUp();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
};

let interrupted: NodeJS.Signals | undefined;
const benchStarted = performance.now();
const loadAtStart = os.loadavg()[0] ?? NaN;
main().then(
  () => {
    progress(`done in ${fmt((performance.now() - benchStarted) / 1000, 1)} s; local cloud stopped, data dir removed`);
    process.exit(0);
  },
  (error: unknown) => {
    if (interrupted) process.exit(130);
    console.error('[bench] failed:', error);
    process.exit(1);
  },
);
