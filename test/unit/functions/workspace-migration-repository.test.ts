import { BatchGetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dynamo } from '../../../functions/clients/dynamodb.js';
import { presentItemKeys, writeFoundingItemIfMissing } from '../../../functions/repositories/workspace-migration-repository.js';
import { itemKeyId } from '../../../functions/repositories/batch-get.js';
import { foundingWorkspaceItems } from '../../../functions/repositories/workspace-items.js';
import { profile } from './profile-fixture.js';

/**
 * The migration's writes as DynamoDB gets them (docs/teams.md "Migration"): never over an item that
 * exists, never into an account whose erasure began; the integration test runs them for real.
 */
const send = vi.fn();
vi.mock('../../../functions/clients/dynamodb.js', () => ({ dynamo: vi.fn(), tableName: () => 'upwatch-test' }));

const cancelled = (reasons: string[]) =>
  Object.assign(new Error('Transaction cancelled'), { name: 'TransactionCanceledException', CancellationReasons: reasons.map((Code) => ({ Code })) });

const [record] = foundingWorkspaceItems(profile({ id: 'ada' }));

beforeEach(() => {
  send.mockReset();
  vi.mocked(dynamo).mockReturnValue({ send } as unknown as ReturnType<typeof dynamo>);
});

describe('writeFoundingItemIfMissing', () => {
  it('puts the item only where none is, in one transaction with a check that the account is not being erased', async () => {
    send.mockResolvedValue({});
    expect(await writeFoundingItemIfMissing('ada', record!)).toBe('written');
    const [command] = send.mock.calls[0] as [TransactWriteCommand];
    expect(command).toBeInstanceOf(TransactWriteCommand);
    expect(command.input.TransactItems).toEqual([
      {
        ConditionCheck: {
          TableName: 'upwatch-test',
          Key: { PK: 'USER#ada', SK: 'PROFILE' },
          ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(deletion_started_at)',
        },
      },
      { Put: { TableName: 'upwatch-test', Item: record, ConditionExpression: 'attribute_not_exists(PK)' } },
    ]);
  });

  it("answers 'present' when the item is there and 'erasing' when the account's erasure began", async () => {
    send.mockRejectedValueOnce(cancelled(['None', 'ConditionalCheckFailed']));
    expect(await writeFoundingItemIfMissing('ada', record!)).toBe('present');
    send.mockRejectedValueOnce(cancelled(['ConditionalCheckFailed', 'None']));
    expect(await writeFoundingItemIfMissing('ada', record!)).toBe('erasing');
  });
});

describe('presentItemKeys', () => {
  it('reads the keys only and answers the ids of the items found', async () => {
    send.mockResolvedValue({ Responses: { 'upwatch-test': [{ PK: 'USER#ada', SK: 'WORKSPACE' }] } });
    const keys = [
      { PK: 'USER#ada', SK: 'WORKSPACE' },
      { PK: 'USER#ada', SK: 'MEMBER#ada' },
    ];
    expect(await presentItemKeys(keys)).toEqual(new Set([itemKeyId(keys[0]!)]));
    const [command] = send.mock.calls[0] as [BatchGetCommand];
    expect(command.input.RequestItems?.['upwatch-test']).toMatchObject({ Keys: keys, ProjectionExpression: '#a0, #a1', ExpressionAttributeNames: { '#a0': 'PK', '#a1': 'SK' } });
  });
});
