import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateTableCommand, DeleteTableCommand, DynamoDBClient, PutItemCommand, ScanCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { GetQueueAttributesCommand, GetQueueUrlCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { redriveDeadLetters } from '../../infra/local/ops/dead-letter-redrive.js';
import { exportTable, importTable } from '../../infra/local/ops/table-backup.js';
import { createTableInput } from '../../infra/local/provision.js';
import { ALERTS_QUEUE, deadLetterQueueName } from '../../shared/queues.js';
import { TABLE } from '../../shared/table/table-definition.js';
import { api, mailsTo, signedInUser } from './helpers/api.js';
import { madeUpDownAlert, putOutboxEntry, waitFor, waitForOutboxStatus } from './helpers/pipeline.js';

/** The operator's recovery tools (docs/operations.md) against the test cloud's queues and table. */
const env = () => inject('cloudEnv');
const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
const sqs = new SQSClient({ region: env().AWS_REGION, endpoint: env().SQS_ENDPOINT, credentials });
const dynamodb = new DynamoDBClient({ region: env().AWS_REGION, endpoint: env().DYNAMODB_ENDPOINT, credentials });

const waiting = async (QueueUrl: string) =>
  Number((await sqs.send(new GetQueueAttributesCommand({ QueueUrl, AttributeNames: ['ApproximateNumberOfMessages'] }))).Attributes?.ApproximateNumberOfMessages);

describe('npm run redrive', () => {
  it('moves a dead-lettered alert back to its queue, where the mailer sends it once', async () => {
    const user = await signedInUser('redrive');
    const me = await api<{ id: string }>('/api/auth/me', { token: user.token });
    const alert = madeUpDownAlert();
    const monitor = { monitorName: 'Redriven shop', monitorUrl: 'https://shop.example.com/' };
    await putOutboxEntry({ userId: me.body.id, ...monitor, alert });
    // As if SES had failed every try: the alert's message waits in the DLQ, its entry still pending.
    const deadLetterQueueUrl = (await sqs.send(new GetQueueUrlCommand({ QueueName: deadLetterQueueName(ALERTS_QUEUE) }))).QueueUrl!;
    await sqs.send(
      new SendMessageCommand({ QueueUrl: deadLetterQueueUrl, MessageBody: JSON.stringify({ kind: 'alert', userId: me.body.id, ...monitor, alert }) }),
    );
    expect(await waiting(deadLetterQueueUrl)).toBeGreaterThanOrEqual(1);

    const { moved } = await redriveDeadLetters({ sqs, deadLetterQueueUrl, sourceQueueUrl: env().ALERTS_QUEUE_URL! });

    expect(moved).toBeGreaterThanOrEqual(1);
    expect(await waiting(deadLetterQueueUrl)).toBe(0);
    await waitForOutboxStatus(alert.transitionId, 'sent');
    const mails = await waitFor('the redriven alert mail', async () => {
      const found = (await mailsTo(user.email)).filter((mail) => mail.subject === 'Website Down: Redriven shop');
      return found.length ? found : undefined;
    });
    expect(mails).toHaveLength(1);
  });
});

describe('npm run table:export / table:import', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'upwatch-backup-'));
  const restored = `${TABLE.name}-restore-${Date.now()}`;
  const binaryKey = `TEST#backup-${Date.now()}`;
  const BYTES = Buffer.from([0, 205, 255, 10, 13, 34]);
  afterAll(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await dynamodb.send(new DeleteTableCommand({ TableName: restored })).catch(() => undefined);
  });

  const scanAll = async (TableName: string) => {
    const items: Record<string, AttributeValue>[] = [];
    let ExclusiveStartKey: Record<string, AttributeValue> | undefined;
    do {
      const page = await dynamodb.send(new ScanCommand({ TableName, ExclusiveStartKey, ConsistentRead: true }));
      items.push(...(page.Items ?? []));
      ExclusiveStartKey = page.LastEvaluatedKey;
    } while (ExclusiveStartKey);
    return items;
  };
  const byKey = (items: Record<string, AttributeValue>[]) =>
    new Map(items.map((item) => [`${item.PK!.S}|${item.SK!.S}`, item]));

  it('round-trips the whole table through a file into a new table, item for item', async () => {
    await signedInUser('backup'); // at least one user, profile and all, in the table
    // Bytes too, at the top and nested (the processor's pending answers are stored compressed).
    await dynamodb.send(
      new PutItemCommand({
        TableName: env().TABLE_NAME!,
        Item: { PK: { S: binaryKey }, SK: { S: 'BIN' }, blob: { B: BYTES }, nested: { M: { inner: { L: [{ B: BYTES }] } } } },
      }),
    );
    const exported = path.join(dir, 'table.jsonl');
    const { items } = await exportTable({ dynamodb, tableName: env().TABLE_NAME!, file: exported });
    expect(items).toBeGreaterThan(0);
    const lines = fs.readFileSync(exported, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(items);

    await dynamodb.send(new CreateTableCommand(createTableInput(TABLE, restored)));
    expect(await importTable({ dynamodb, tableName: restored, file: exported })).toEqual({ items });

    // Exported again from the restored table, every line is the same (binary values included).
    const again = path.join(dir, 'again.jsonl');
    await exportTable({ dynamodb, tableName: restored, file: again });
    const linesByKey = (text: string) => {
      const parsed = text.trim().split('\n').map((line) => (JSON.parse(line) as { Item: Record<string, AttributeValue> }).Item);
      return new Map(parsed.map((item) => [`${item.PK!.S}|${item.SK!.S}`, item]));
    };
    const inFile = linesByKey(lines.join('\n'));
    const inRestored = linesByKey(fs.readFileSync(again, 'utf8'));
    expect(inRestored.size).toBe(inFile.size);
    for (const [key, item] of inFile) expect(inRestored.get(key), key).toEqual(item);
    const restoredBinary = byKey(await scanAll(restored)).get(`${binaryKey}|BIN`)!;
    expect(Buffer.from(restoredBinary.blob!.B!)).toEqual(BYTES);
    expect(Buffer.from(restoredBinary.nested!.M!.inner!.L![0]!.B!)).toEqual(BYTES);
  });

  it('refuses a file that is not an export, naming the line', async () => {
    const broken = path.join(dir, 'broken.jsonl');
    fs.writeFileSync(broken, `${JSON.stringify({ Item: { PK: { S: 'X' }, SK: { S: 'Y' } } })}\n{"Items": []}\n`);
    await expect(importTable({ dynamodb, tableName: restored, file: broken })).rejects.toThrow('line 2 has no "Item" object');
  });
});
