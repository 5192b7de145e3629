/**
 * What every benchmark script shares: settings from the environment, where output goes (the
 * markdown report on stdout, progress on stderr, so `> file.md` keeps only the report), number
 * formatting and percentiles, and the bare key table of the drivers that time DynamoDB Local alone.
 */
import { CreateTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';

export const intFromEnv = (name: string, fallback: number, min = 0): number => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be a whole number >= ${min}, got ${process.env[name]}`);
  return value;
};

export const numberFromEnv = (name: string, fallback: number): number => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got ${process.env[name]}`);
  return value;
};

export const progress = (line: string): void => {
  process.stderr.write(`[bench] ${line}\n`);
};

export const report = (text: string): void => {
  process.stdout.write(`${text}\n`);
};

export const fmt = (value: number, digits = 2): string => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');

/** Nearest-rank percentile; NaN for no values. */
export const percentile = (values: number[], p: number): number => {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

/**
 * How a benchmark gives up: on its own error, Ctrl-C, SIGTERM or its watchdog (`maxMinutes`) it
 * cleans up (stops what it started, removes its data) and exits 1. Returns the function for the
 * script's own errors (`main().catch(fail)`, a cloud that exits). `label` starts its error line.
 */
export const exitOnFailure = (cleanUp: () => Promise<void>, maxMinutes: number, label = 'bench'): ((error: unknown) => void) => {
  const fail = (error: unknown) => {
    console.error(`[${label}] failed:`, error);
    void cleanUp().finally(() => process.exit(1));
  };
  process.on('SIGINT', () => fail(new Error('interrupted')));
  process.on('SIGTERM', () => fail(new Error('terminated')));
  setTimeout(() => fail(new Error(`watchdog: more than ${maxMinutes} minutes`)), maxMinutes * 60_000).unref();
  return fail;
};

/** A table of the product's key shape (PK, SK) and nothing else, for the drivers that time DynamoDB Local alone. */
export const createKeyTable = (client: DynamoDBClient, tableName: string) =>
  client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [
        { AttributeName: 'PK', AttributeType: 'S' },
        { AttributeName: 'SK', AttributeType: 'S' },
      ],
      KeySchema: [
        { AttributeName: 'PK', KeyType: 'HASH' },
        { AttributeName: 'SK', KeyType: 'RANGE' },
      ],
    }),
  );
