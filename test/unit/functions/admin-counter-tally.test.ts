import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dynamo } from '../../../functions/clients/dynamodb.js';
import { counterTally } from '../../../functions/repositories/admin-counters-repository.js';

vi.mock('../../../functions/clients/dynamodb.js', () => ({ dynamo: vi.fn(), tableName: () => 'upwatch-test' }));

/** The processor's counters of a batch: gathered, then one UpdateItem (admin-counters-repository.ts `counterTally`). */
const send = vi.fn(async (_command: unknown) => ({}));

beforeEach(() => {
  send.mockClear();
  vi.mocked(dynamo).mockReturnValue({ send } as unknown as ReturnType<typeof dynamo>);
});

const added = (command: unknown): Record<string, number> => {
  const { input } = command as UpdateCommand;
  const names = input.ExpressionAttributeNames as Record<string, string>;
  const values = input.ExpressionAttributeValues as Record<string, number>;
  return Object.fromEntries(Object.entries(names).map(([placeholder, name]) => [name, values[placeholder.replace('#c', ':d')]!]));
};

describe('a batch\'s counter tally', () => {
  it('writes the sum of every change in one update, and nothing when the sum is empty', async () => {
    const tally = counterTally();
    for (let i = 0; i < 40; i++) tally.add({ incidents_total: 1, incidents_open: 1 });
    for (let i = 0; i < 15; i++) tally.add({ incidents_open: -1 });
    await tally.flush();
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]![0]).toBeInstanceOf(UpdateCommand);
    expect(added(send.mock.calls[0]![0])).toEqual({ incidents_total: 40, incidents_open: 25 });

    await tally.flush();
    tally.add({ incidents_open: 1 });
    tally.add({ incidents_open: -1 });
    await tally.flush();
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('never fails the batch: a failed write is logged and the tally starts again from nothing', async () => {
    send.mockRejectedValueOnce(new Error('throttled'));
    const tally = counterTally();
    tally.add({ incidents_total: 2 });
    await expect(tally.flush()).resolves.toBeUndefined();
    tally.add({ incidents_total: 1 });
    await tally.flush();
    expect(added(send.mock.calls[1]![0])).toEqual({ incidents_total: 1 });
  });
});
