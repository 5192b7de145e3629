import { beforeEach, describe, expect, it, vi } from 'vitest';
import { asStatement, asUpdateItem, type ConditionalUpdate } from '../../../../functions/repositories/conditional-update.js';

vi.mock('../../../../functions/repositories/table-commands.js', () => ({
  executeStatements: vi.fn(),
  update: vi.fn(),
}));

const table = await import('../../../../functions/repositories/table-commands.js');
const { intoCalls, updateBatches, STATEMENTS_PER_CALL } = await import('../../../../functions/repositories/update-batches.js');

const stateOf = (sk: string, expected = 'r0'): ConditionalUpdate => ({
  Key: { PK: 'USER#u', SK: sk },
  set: { last_round: 'r1', open_hour: { hour: 'h', checks: 1 }, slow_since: null },
  equal: { last_round: expected },
  missing: ['unwatched_since', 'maintenance'],
});

const conditionFailed = () => Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' });

describe('a conditional update, said once', () => {
  it('as an UpdateItem names every attribute and keeps every condition', () => {
    const update: ConditionalUpdate = {
      Key: { PK: 'P', SK: 'S' },
      set: { status: 'x', open_incident: null },
      equal: { last_round: 'r0', 'maintenance.window_id': 'w1' },
      missing: ['unwatched_since'],
    };
    expect(asUpdateItem(update)).toEqual({
      Key: { PK: 'P', SK: 'S' },
      UpdateExpression: 'SET #status = :status, #open_incident = :open_incident',
      ConditionExpression: '#last_round = :expected_last_round AND #maintenance.#window_id = :expected_maintenance_window_id AND attribute_not_exists(#unwatched_since)',
      ExpressionAttributeNames: {
        '#status': 'status',
        '#open_incident': 'open_incident',
        '#last_round': 'last_round',
        '#maintenance': 'maintenance',
        '#window_id': 'window_id',
        '#unwatched_since': 'unwatched_since',
      },
      ExpressionAttributeValues: { ':status': 'x', ':open_incident': null, ':expected_last_round': 'r0', ':expected_maintenance_window_id': 'w1' },
    });
  });

  it('as a statement: the same sets and conditions, values as parameters in order', () => {
    expect(asStatement(stateOf('A'), 'upwatch')).toEqual({
      Statement:
        'UPDATE "upwatch" SET "last_round"=? SET "open_hour"=? SET "slow_since"=? WHERE "PK"=? AND "SK"=? AND "last_round"=? AND "unwatched_since" IS MISSING AND "maintenance" IS MISSING',
      Parameters: ['r1', { hour: 'h', checks: 1 }, null, 'USER#u', 'A', 'r0'],
    });
  });

  it('refuses a name it cannot quote, rather than write a statement from it', () => {
    expect(() => asStatement({ Key: { PK: 'P', SK: 'S' }, set: { 'a"b': 1 } }, 't')).toThrow(/Not an attribute path/);
    expect(() => asUpdateItem({ Key: { PK: 'P', SK: 'S' }, set: {} })).toThrow(/nothing to set/);
  });
});

describe('intoCalls', () => {
  it('puts at most 25 in a call and never one item twice', () => {
    const entries = [...Array.from({ length: 30 }, (_, i) => ({ update: stateOf(`M${i}`) })), { update: stateOf('M0', 'r1') }];
    const calls = intoCalls(entries);
    expect(calls.map((call) => call.length)).toEqual([STATEMENTS_PER_CALL, 6]);
    for (const call of calls) expect(new Set(call.map(({ update }) => update.Key.SK)).size).toBe(call.length);
  });
});

describe('updateBatches', () => {
  beforeEach(() => {
    vi.mocked(table.executeStatements).mockReset();
    vi.mocked(table.update).mockReset();
  });

  it("sends a turn's updates in one call and answers each as its statement was answered", async () => {
    vi.mocked(table.executeStatements).mockResolvedValue({
      Responses: [{}, { Error: { Code: 'ConditionalCheckFailed', Message: 'The conditional request failed' } }, {}],
      $metadata: {},
    });
    const batches = updateBatches();
    const answers = await Promise.all(['A', 'B', 'C'].map((sk) => batches.update(stateOf(sk))));
    expect(answers).toEqual([true, false, true]);
    expect(table.executeStatements).toHaveBeenCalledTimes(1);
    const [statements] = vi.mocked(table.executeStatements).mock.calls[0]!;
    expect(statements.map((statement) => statement('upwatch').Parameters[4])).toEqual(['A', 'B', 'C']);
    expect(table.update).not.toHaveBeenCalled();
  });

  it('writes a statement refused for another reason alone, as an UpdateItem, and passes on its answer', async () => {
    vi.mocked(table.executeStatements).mockResolvedValue({
      Responses: [{ Error: { Code: 'ThrottlingError', Message: 'slow down' } }, { Error: { Code: 'TransactionConflict', Message: 'busy' } }],
      $metadata: {},
    });
    vi.mocked(table.update).mockResolvedValueOnce({ $metadata: {} }).mockRejectedValueOnce(conditionFailed());
    const batches = updateBatches();
    expect(await Promise.all([batches.update(stateOf('A')), batches.update(stateOf('B'))])).toEqual([true, false]);
    expect(vi.mocked(table.update).mock.calls.map(([input]) => input)).toEqual([asUpdateItem(stateOf('A')), asUpdateItem(stateOf('B'))]);
  });

  it('writes each alone when the call fails as a whole, and rejects the one whose own write fails', async () => {
    vi.mocked(table.executeStatements).mockRejectedValue(new Error('socket hang up'));
    vi.mocked(table.update).mockResolvedValueOnce({ $metadata: {} }).mockRejectedValueOnce(new Error('still down'));
    const batches = updateBatches();
    const [first, second] = [batches.update(stateOf('A')), batches.update(stateOf('B'))];
    await expect(first).resolves.toBe(true);
    await expect(second).rejects.toThrow('still down');
  });

  it('starts a new call for the updates asked for in a later turn', async () => {
    vi.mocked(table.executeStatements).mockImplementation(async (statements) => ({ Responses: statements.map(() => ({})), $metadata: {} }));
    const batches = updateBatches();
    await batches.update(stateOf('A'));
    await Promise.all([batches.update(stateOf('B')), batches.update(stateOf('C'))]);
    expect(vi.mocked(table.executeStatements).mock.calls.map(([statements]) => statements.length)).toEqual([1, 2]);
  });
});
