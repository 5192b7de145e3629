import { BatchWriteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dynamo } from '../../../functions/clients/dynamodb.js';
import { erasePartition } from '../../../functions/repositories/partition-eraser.js';

vi.mock('../../../functions/clients/dynamodb.js', () => ({ dynamo: vi.fn(), tableName: () => 'upwatch' }));

type Key = { PK: string; SK: string };
const send = vi.fn();

const keys = (count: number, prefix = 'CHECK#'): Key[] =>
  Array.from({ length: count }, (_, i) => ({ PK: 'MONITOR#m1', SK: `${prefix}${String(i).padStart(4, '0')}` }));

const deletesIn = (command: BatchWriteCommand): Key[] =>
  (command.input.RequestItems?.upwatch ?? []).map((request) => request.DeleteRequest?.Key as Key);

const batchCalls = () => send.mock.calls.map(([command]) => command).filter((command) => command instanceof BatchWriteCommand);

/** A table stand-in: Query pages through `items`, BatchWrite deletes, `unprocessed` decides what it leaves undone. */
const fakeTable = (items: Key[], opts: { pageSize?: number; unprocessed?: (batch: Key[], call: number) => Key[] } = {}) => {
  const stored = new Map(items.map((key) => [key.SK, key]));
  let batchCall = 0;
  send.mockImplementation(async (command: unknown) => {
    if (command instanceof QueryCommand) {
      const pageSize = opts.pageSize ?? 1000;
      const after = command.input.ExclusiveStartKey as Key | undefined;
      const start = after ? items.findIndex((key) => key.SK === after.SK) + 1 : 0;
      const end = start + pageSize;
      return {
        Items: items.slice(start, end).filter((key) => stored.has(key.SK)),
        LastEvaluatedKey: end < items.length ? items[end - 1] : undefined,
      };
    }
    if (command instanceof BatchWriteCommand) {
      batchCall += 1;
      const batch = deletesIn(command);
      const left = opts.unprocessed?.(batch, batchCall) ?? [];
      for (const key of batch) if (!left.some((kept) => kept.SK === key.SK)) stored.delete(key.SK);
      return left.length ? { UnprocessedItems: { upwatch: left.map((Key) => ({ DeleteRequest: { Key } })) } } : {};
    }
    throw new Error('unexpected command');
  });
  return stored;
};

beforeEach(() => {
  send.mockReset();
  vi.mocked(dynamo).mockReturnValue({ send } as never);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('erasePartition', () => {
  it('deletes every item of every page in batches of at most 25, whatever the kind of item', async () => {
    const items = [...keys(60), ...keys(3, 'ROLLUP#'), ...keys(2, 'SOMETHING_NEW#')];
    const stored = fakeTable(items, { pageSize: 40 });

    await expect(erasePartition('MONITOR#m1')).resolves.toBe(65);

    expect(stored.size).toBe(0);
    expect(batchCalls().every((command) => deletesIn(command).length <= 25)).toBe(true);
    const query = send.mock.calls[0]?.[0] as QueryCommand;
    expect(query.input).toMatchObject({ KeyConditionExpression: '#pk = :pk', ExpressionAttributeValues: { ':pk': 'MONITOR#m1' } });
    expect(query.input.ProjectionExpression).toBe('#pk, #sk');
  });

  it('spares the items `keep` names', async () => {
    const stored = fakeTable([{ PK: 'USER#u1', SK: 'PROFILE' }, { PK: 'USER#u1', SK: 'MONITOR#a' }, { PK: 'USER#u1', SK: 'INCIDENT#b' }]);
    await expect(erasePartition('USER#u1', { keep: (sk) => sk === 'PROFILE' })).resolves.toBe(2);
    expect([...stored.keys()]).toEqual(['PROFILE']);
  });

  it('sends back the deletes DynamoDB left unprocessed until they are done', async () => {
    const stored = fakeTable(keys(10), { unprocessed: (batch, call) => (call <= 2 ? batch.slice(0, 4) : []) });
    await expect(erasePartition('MONITOR#m1')).resolves.toBe(10);
    expect(stored.size).toBe(0);
    const calls = batchCalls();
    expect(calls).toHaveLength(3);
    expect(deletesIn(calls[1]!)).toHaveLength(4);
  });

  it('fails, naming the count, when DynamoDB keeps refusing', async () => {
    vi.useFakeTimers();
    fakeTable(keys(3), { unprocessed: (batch) => batch });
    const outcome = erasePartition('MONITOR#m1').catch((error: unknown) => error);
    await vi.runAllTimersAsync();
    expect(await outcome).toBeInstanceOf(Error);
    expect(String(await outcome)).toMatch(/3 deletes still unprocessed after 8 attempts/);
    expect(batchCalls()).toHaveLength(8);
  });

  it('does nothing to an empty partition', async () => {
    fakeTable([]);
    await expect(erasePartition('MONITOR#none')).resolves.toBe(0);
    expect(batchCalls()).toHaveLength(0);
  });
});
