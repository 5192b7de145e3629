import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { inject } from 'vitest';
import type { AlertMessage } from '../../../functions/repositories/alert-queue-repository.js';
import type { CheckJobMessage, ResultsQueueMessage } from '../../../shared/checks/check-job.js';
import type { CheckResult } from '../../../shared/checks/check-result.js';
import { randomUUID } from 'node:crypto';
import type { AlertEvent } from '../../../shared/checks/monitor-state.js';
import { downIncident } from '../../../shared/checks/incident-details.js';
import { scheduleStartingSoon } from '../../../shared/checks/dispatch.js';
import { CreateMonitorInput } from '../../../shared/monitors/schemas.js';
import { newMonitorItem } from '../../../functions/repositories/monitor-repository.js';
import { newMonitor } from '../../../functions/services/monitors/new-monitor.js';
import {
  ENTITY,
  userKey,
  INCIDENT_SK_PREFIX,
  monitorKey,
  monitorPartition,
  monitorStateKey,
  outboxKey,
  outboxPendingKey,
  ROUNDS_SK_PREFIX,
} from '../../../shared/table/keys.js';

/** Direct access to the local cloud's queues and table, for tests of the check pipeline. */
const env = () => inject('cloudEnv');
const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };

let documentClient: DynamoDBDocumentClient | undefined;
const table = () =>
  (documentClient ??= DynamoDBDocumentClient.from(
    new DynamoDBClient({ region: env().AWS_REGION, endpoint: env().DYNAMODB_ENDPOINT, credentials }),
  ));

let sqsClient: SQSClient | undefined;
const sqs = () => (sqsClient ??= new SQSClient({ region: env().AWS_REGION, endpoint: env().SQS_ENDPOINT, credentials }));

export const checkerRegions = (): string[] => Object.keys(JSON.parse(env().CHECK_QUEUE_URLS!) as Record<string, string>);

/** Every region's failing answer (HTTP 500, after its retry) to a round, as the checkers would send it. */
export const downAnswersOfEveryRegion = (monitorId: string, round: string): CheckResult[] =>
  checkerRegions().map((region) => ({
    monitorId,
    region,
    round,
    outcome: 'down',
    errorCategory: 'http_5xx',
    statusCode: 500,
    timings: { dns: null, connect: 1, tls: null, ttfb: 2, total: 3 },
    checkedAt: round,
    attempts: 2,
    message: 'HTTP 500',
  }));

/** Puts a pack of jobs on every region's check queue, as the dispatcher does. */
export const sendJobsToEveryRegion = async (message: CheckJobMessage): Promise<void> => {
  const urls = JSON.parse(env().CHECK_QUEUE_URLS!) as Record<string, string>;
  await Promise.all(
    Object.values(urls).map((QueueUrl) => sqs().send(new SendMessageCommand({ QueueUrl, MessageBody: JSON.stringify(message) }))),
  );
};

export const sendToResultsQueue = async (message: ResultsQueueMessage): Promise<void> => {
  await sqs().send(new SendMessageCommand({ QueueUrl: env().RESULTS_QUEUE_URL, MessageBody: JSON.stringify(message) }));
};

/** Puts a message on the alerts queue, as the processor and the outbox sweeper do; the cloud's mailer consumes it. */
export const sendToAlertsQueue = async (message: AlertMessage): Promise<void> => {
  await sqs().send(new SendMessageCommand({ QueueUrl: env().ALERTS_QUEUE_URL, MessageBody: JSON.stringify(message) }));
};

/**
 * The monitor item with its check state item's attributes laid over it (keys.ts 6 and 8c), so a
 * test reads `is_up`, `last_round` and `latest_incident` in one place; undefined without a monitor.
 */
export const getMonitorItem = async (userId: string, monitorId: string): Promise<Record<string, unknown> | undefined> => {
  const [monitor, state] = await Promise.all(
    [monitorKey(userId, monitorId), monitorStateKey(userId, monitorId)].map(
      async (Key) => (await table().send(new GetCommand({ TableName: env().TABLE_NAME, Key, ConsistentRead: true }))).Item,
    ),
  );
  if (!monitor) return undefined;
  const { PK: _pk, SK: _sk, entity: _entity, ...checkState } = state ?? {};
  return { ...monitor, ...checkState };
};

export const listIncidentItems = async (userId: string) =>
  (
    await table().send(
      new QueryCommand({
        TableName: env().TABLE_NAME,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':prefix': INCIDENT_SK_PREFIX },
        ConsistentRead: true,
      }),
    )
  ).Items ?? [];

/** Any item of the table by its key (consistent), or undefined. */
export const getTableItem = async (Key: { PK: string; SK: string }) =>
  (await table().send(new GetCommand({ TableName: env().TABLE_NAME, Key, ConsistentRead: true }))).Item;

export const getOutboxItem = async (transitionId: string) =>
  (await table().send(new GetCommand({ TableName: env().TABLE_NAME, Key: outboxKey(transitionId), ConsistentRead: true }))).Item;

/** The outbox item once it has `status` (the mailer finished it: sent, skipped, failed). */
export const waitForOutboxStatus = (transitionId: string, status: string, timeoutMs?: number) =>
  waitFor(`outbox ${transitionId} ${status}`, async () => {
    const item = await getOutboxItem(transitionId);
    return item?.status === status ? item : undefined;
  }, timeoutMs);

/** A down alert of a made-up monitor (a transition id of its own), `minutesAgo` before now: for tests of the mailer alone. */
export const madeUpDownAlert = (minutesAgo = 0): AlertEvent => {
  const at = new Date(Date.now() - minutesAgo * 60_000).toISOString();
  const monitorId = `mon-${randomUUID().slice(0, 8)}`;
  const text = downIncident({ errorCategory: 'http_5xx', statusCode: 503, responseTimeMs: 120 });
  return {
    transitionId: `${monitorId}#${at}#down`,
    event: 'down',
    monitorId,
    round: at,
    incidentId: randomUUID(),
    title: text.title,
    message: text.message,
    details: text.details,
    occurredAt: at,
    since: at,
  };
};

/**
 * Writes an alert-outbox entry as the result processor's transaction does (keys.ts 14, 14b:
 * pending, in the sweeper's index from its creation time), for tests of the mailer alone.
 */
export const putOutboxEntry = async (entry: { userId: string; monitorName: string; monitorUrl: string; alert: AlertEvent }) => {
  await table().send(
    new PutCommand({
      TableName: env().TABLE_NAME,
      Item: {
        ...outboxKey(entry.alert.transitionId),
        ...outboxPendingKey(entry.alert.occurredAt),
        entity: ENTITY.outbox,
        user_id: entry.userId,
        monitor_name: entry.monitorName,
        monitor_url: entry.monitorUrl,
        status: 'pending',
        created_at: entry.alert.occurredAt,
        alert: entry.alert,
      },
    }),
  );
};

/** Sets attributes of an outbox entry directly (a claim whose owner died, for the sweeper's test). */
export const patchOutboxItem = (transitionId: string, attributes: Record<string, unknown>) => patchTableItem(outboxKey(transitionId), attributes);

/** Sets attributes of any item directly (a user's plan, an outbox entry's claim). */
export const patchTableItem = async (Key: { PK: string; SK: string }, attributes: Record<string, unknown>) => {
  const names = Object.keys(attributes);
  await table().send(
    new UpdateCommand({
      TableName: env().TABLE_NAME,
      Key,
      UpdateExpression: `SET ${names.map((_, i) => `#a${i} = :v${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(names.map((name, i) => [`#a${i}`, name])),
      ExpressionAttributeValues: Object.fromEntries(names.map((name, i) => [`:v${i}`, attributes[name]])),
    }),
  );
};

/**
 * Stores a monitor as POST /api/monitors does (same item, counted against the cap) but without the
 * check it starts at once: for tests that play rounds dated in the past, which a round of "now"
 * would make late (a round older than the last applied one is ignored).
 */
export const createMonitorWithoutFirstCheck = async (
  userId: string,
  input: { name: string; url: string; check_interval: number; timeout: number },
): Promise<{ id: string }> => {
  const now = new Date();
  const monitor = newMonitor({ ...CreateMonitorInput.parse(input), url: input.url }, now);
  await table().send(
    new PutCommand({ TableName: env().TABLE_NAME, Item: newMonitorItem(userId, monitor, scheduleStartingSoon(monitor.id, monitor.check_interval, now)) }),
  );
  await table().send(
    new UpdateCommand({
      TableName: env().TABLE_NAME,
      Key: userKey(userId),
      UpdateExpression: 'SET monitor_count = monitor_count + :one',
      ExpressionAttributeValues: { ':one': 1 },
    }),
  );
  return { id: monitor.id };
};

/** Writes items straight into the table (rollups, incidents, state of a report's test). */
export const putTableItems = async (items: Record<string, unknown>[]) => {
  for (const Item of items) await table().send(new PutCommand({ TableName: env().TABLE_NAME, Item }));
};

export const deleteTableItem = async (Key: { PK: string; SK: string }) => {
  await table().send(new DeleteCommand({ TableName: env().TABLE_NAME, Key }));
};

/**
 * Polls until `probe` answers. The bound is how long to wait before calling it a failure, not a
 * speed target (speed is measured in test/bench): generous, so a loaded CI machine (the local cloud,
 * Chromium and the other test files share two cores) cannot fail a test that would pass.
 */
export const waitFor = async <T>(what: string, probe: () => Promise<T | undefined | null | false>, timeoutMs = 45_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

export { startTargetSite } from '../../setup/target-site.js';

/** Every item of one partition (a user's, a monitor's), consistently read. */
export const itemsInPartition = async (partition: string) =>
  (
    await table().send(
      new QueryCommand({
        TableName: env().TABLE_NAME,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': partition },
        ConsistentRead: true,
      }),
    )
  ).Items ?? [];

/** A monitor's items under one sort-key prefix of its partition, oldest first. */
const listMonitorPartitionItems = async (monitorId: string, prefix: string) =>
  (
    await table().send(
      new QueryCommand({
        TableName: env().TABLE_NAME,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': monitorPartition(monitorId), ':prefix': prefix },
        ConsistentRead: true,
      }),
    )
  ).Items ?? [];

/** A monitor's history items (keys.ts 9b): decided rounds moved out of its state item. */
export const listRoundHistoryItems = (monitorId: string) => listMonitorPartitionItems(monitorId, ROUNDS_SK_PREFIX);

/** A monitor's closed-hour rollup items (keys.ts 11), oldest first. */
export const listRollupItems = (monitorId: string) => listMonitorPartitionItems(monitorId, 'ROLLUP#');
