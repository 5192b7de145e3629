import fs from 'node:fs';
import readline from 'node:readline';
import { BatchWriteItemCommand, ScanCommand, type AttributeValue, type DynamoDBClient } from '@aws-sdk/client-dynamodb';

/**
 * Export and import of the whole table as JSON lines, one `{"Item": {...}}` per line in DynamoDB
 * JSON: the format of DynamoDB's own export to S3 (DYNAMODB_JSON), which its import from S3 also
 * reads. Locally it is the backup of the data directory (docs/operations.md "Back up and restore");
 * on AWS, point-in-time recovery is the backup and these formats let an export move between them.
 */
export const exportTable = async (opts: { dynamodb: DynamoDBClient; tableName: string; file: string }): Promise<{ items: number }> => {
  const out = fs.createWriteStream(opts.file, { encoding: 'utf8' });
  let items = 0;
  let startKey: Record<string, AttributeValue> | undefined;
  try {
    do {
      const page = await opts.dynamodb.send(
        new ScanCommand({ TableName: opts.tableName, ExclusiveStartKey: startKey, ConsistentRead: true }),
      );
      for (const item of page.Items ?? []) {
        if (!out.write(`${JSON.stringify({ Item: toExported(item) })}\n`)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
        items++;
      }
      startKey = page.LastEvaluatedKey;
    } while (startKey);
  } finally {
    await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  }
  return { items };
};

/** BatchWriteItem takes at most 25 puts. */
const BATCH = 25;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Writes every item of an export into `tableName` (existing items with the same key are replaced).
 * A line that is not an exported item stops the import with its line number, before anything of a
 * later batch is written.
 */
export const importTable = async (opts: { dynamodb: DynamoDBClient; tableName: string; file: string }): Promise<{ items: number }> => {
  const lines = readline.createInterface({ input: fs.createReadStream(opts.file, { encoding: 'utf8' }), crlfDelay: Infinity });
  let batch: Record<string, AttributeValue>[] = [];
  let items = 0;
  let lineNumber = 0;
  for await (const line of lines) {
    lineNumber++;
    if (!line.trim()) continue;
    batch.push(exportedItem(line, lineNumber));
    if (batch.length === BATCH) {
      await writeBatch(opts.dynamodb, opts.tableName, batch);
      items += batch.length;
      batch = [];
    }
  }
  if (batch.length) {
    await writeBatch(opts.dynamodb, opts.tableName, batch);
    items += batch.length;
  }
  return { items };
};

const exportedItem = (line: string, lineNumber: number): Record<string, AttributeValue> => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    throw new Error(`line ${lineNumber} is not JSON`);
  }
  const item = (parsed as { Item?: unknown } | null)?.Item;
  if (!item || typeof item !== 'object' || Array.isArray(item)) throw new Error(`line ${lineNumber} has no "Item" object`);
  return fromExported(item as Record<string, AttributeValue>);
};

/**
 * Binary values as DynamoDB JSON writes them: base64 strings ("B": "zQ..."), where the SDK holds
 * bytes (JSON.stringify of bytes would write an object of numbered keys). Maps and lists are walked.
 */
type Walk = (value: AttributeValue) => AttributeValue;
const walkItem = (item: Record<string, AttributeValue>, walk: Walk) =>
  Object.fromEntries(Object.entries(item).map(([name, value]) => [name, walk(value)]));

const toExportedValue: Walk = (value) => {
  if (value.B) return { B: Buffer.from(value.B).toString('base64') } as unknown as AttributeValue;
  if (value.BS) return { BS: value.BS.map((bytes) => Buffer.from(bytes).toString('base64')) } as unknown as AttributeValue;
  if (value.M) return { M: walkItem(value.M, toExportedValue) };
  if (value.L) return { L: value.L.map(toExportedValue) };
  return value;
};

const fromExportedValue: Walk = (value) => {
  const raw = value as { B?: unknown; BS?: unknown };
  if (typeof raw.B === 'string') return { B: Buffer.from(raw.B, 'base64') };
  if (Array.isArray(raw.BS)) return { BS: (raw.BS as string[]).map((text) => Buffer.from(text, 'base64')) };
  if (value.M) return { M: walkItem(value.M, fromExportedValue) };
  if (value.L) return { L: value.L.map(fromExportedValue) };
  return value;
};

const toExported = (item: Record<string, AttributeValue>) => walkItem(item, toExportedValue);
const fromExported = (item: Record<string, AttributeValue>) => walkItem(item, fromExportedValue);

/** Writes one batch, retrying what DynamoDB left unprocessed with a growing pause. */
const writeBatch = async (dynamodb: DynamoDBClient, tableName: string, items: readonly Record<string, AttributeValue>[]): Promise<void> => {
  let requests = items.map((Item) => ({ PutRequest: { Item } }));
  for (let attempt = 0; requests.length; attempt++) {
    if (attempt > 8) throw new Error(`DynamoDB kept ${requests.length} items unprocessed`);
    if (attempt) await sleep(50 * 2 ** attempt);
    const answer = await dynamodb.send(new BatchWriteItemCommand({ RequestItems: { [tableName]: requests } }));
    requests = (answer.UnprocessedItems?.[tableName] ?? []).map((request) => ({ PutRequest: { Item: request.PutRequest!.Item! } }));
  }
};
