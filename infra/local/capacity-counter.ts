import fs from 'node:fs';
import path from 'node:path';
import { dynamo } from '../../functions/clients/dynamodb.js';

/**
 * For benchmarks (test/bench/scale.ts): when UPWATCH_CAPACITY_DIR is set, every process of the
 * local cloud asks DynamoDB Local for the capacity each call consumed (ReturnConsumedCapacity TOTAL
 * on the product's own client) and keeps a running sum per command, written once a second to
 * `<dir>/<role>-<pid>.json`. Local's figures follow AWS's rules for single-item writes, GetItem and
 * Query; not for TransactWriteItems (docs/PERFORMANCE.md (d)), which a steady round does not use.
 * A call that fails (a lost condition) reports nothing here, though AWS bills it. Local reports no
 * capacity for BatchExecuteStatement; each statement applied is counted as 1 WU, what AWS bills for
 * the same UpdateItem of an item under 1 KB (the state items the processor's statements write:
 * docs/PERFORMANCE.md "Steady rounds in batches").
 */
const WRITES = new Set(['PutItemCommand', 'UpdateItemCommand', 'DeleteItemCommand', 'TransactWriteItemsCommand', 'BatchWriteItemCommand', 'BatchExecuteStatementCommand']);

/** 1 WU per statement applied, when DynamoDB Local says nothing of a BatchExecuteStatement. */
const statementUnits = (output: unknown): number =>
  ((output as { Responses?: { Error?: unknown }[] }).Responses ?? []).filter((response) => !response.Error).length;

interface Tally {
  calls: number;
  units: number;
}

/** The kind of item a key names: its sort key's first segment (`CHANNEL#...` -> CHANNEL), else its partition key's. */
const kindOfKey = (key: unknown): string => {
  const { PK, SK } = (key ?? {}) as { PK?: unknown; SK?: unknown };
  const name = typeof SK === 'string' && SK ? SK : typeof PK === 'string' ? PK : '?';
  return name.split('#')[0] || '?';
};

/**
 * What a call touched, for the per-kind tally: the item kind of a single-item call, the index (or
 * the table) of a Query, the item kinds of a transaction; batch calls as one kind ('batch').
 */
const kindsOf = (command: string, input: Record<string, unknown>): string[] => {
  if (input.Key) return [kindOfKey(input.Key)];
  if (input.Item) return [kindOfKey(input.Item)];
  if (command === 'QueryCommand') {
    if (typeof input.IndexName === 'string') return [`index ${input.IndexName}`];
    // The sort key's value in the key condition (begins_with(SK, :p), SK BETWEEN :a AND :b, SK > :s ...).
    const placeholder = /SK\W[^:]*(:\w+)/.exec(String(input.KeyConditionExpression ?? ''))?.[1];
    const values = (input.ExpressionAttributeValues ?? {}) as Record<string, unknown>;
    return [`table ${placeholder ? kindOfKey({ SK: values[placeholder] }) : kindOfKey({ PK: Object.values(values)[0] })}`];
  }
  if (Array.isArray(input.TransactItems)) {
    return (input.TransactItems as Record<string, { Key?: unknown; Item?: unknown }>[]).map((entry) => {
      const [operation, body] = Object.entries(entry)[0] ?? ['?', {}];
      return `${operation} ${kindOfKey(body.Key ?? body.Item)}`;
    });
  }
  return ['batch'];
};

export const installCapacityCounter = (role: string): void => {
  const dir = process.env.UPWATCH_CAPACITY_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${role}-${process.pid}.json`);
  const tallies: Record<string, Tally> = {};
  /** Calls per command and item kind (`GetItem CHANNEL`), for finding which reads and writes a process repeats. */
  const byKind: Record<string, number> = {};
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as Record<string, unknown>;
      input.ReturnConsumedCapacity ??= 'TOTAL';
      const output = await next(args);
      const consumed = (output.output as { ConsumedCapacity?: { CapacityUnits?: number } | { CapacityUnits?: number }[] }).ConsumedCapacity;
      let units = (Array.isArray(consumed) ? consumed : consumed ? [consumed] : []).reduce((sum, entry) => sum + (entry.CapacityUnits ?? 0), 0);
      if (!units && context.commandName === 'BatchExecuteStatementCommand') units = statementUnits(output.output);
      const command = context.commandName ?? 'unknown';
      const tally = (tallies[command] ??= { calls: 0, units: 0 });
      tally.calls += 1;
      tally.units += units;
      for (const kind of kindsOf(command, input)) {
        const name = `${command.replace(/Command$/, '')} ${kind}`;
        byKind[name] = (byKind[name] ?? 0) + 1;
      }
      return output;
    },
    { step: 'initialize', name: 'upwatchCapacityCounter' },
  );
  const flush = () => {
    const writes = Object.entries(tallies).filter(([command]) => WRITES.has(command));
    const reads = Object.entries(tallies).filter(([command]) => !WRITES.has(command));
    const sum = (entries: [string, Tally][]) => entries.reduce((total, [, tally]) => total + tally.units, 0);
    fs.writeFileSync(file, JSON.stringify({ role, pid: process.pid, writeUnits: sum(writes), readUnits: sum(reads), commands: tallies, byKind }));
  };
  setInterval(flush, 1000).unref();
  process.on('exit', flush);
};
