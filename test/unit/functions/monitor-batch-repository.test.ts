import { BatchWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { scheduleStartingSoon } from '../../../shared/checks/dispatch.js';
import { monitorKey, monitorStateKey, scheduleIntervalsKey, userKey } from '../../../shared/table/keys.js';
import { dynamo } from '../../../functions/clients/dynamodb.js';
import { insertMonitorsWithinCap } from '../../../functions/repositories/monitor-batch-repository.js';
import { newMonitor } from '../../../functions/services/monitors/new-monitor.js';
import { captureLogs } from './captured-logs.js';

const send = vi.fn();
vi.mock('../../../functions/clients/dynamodb.js', () => ({ dynamo: vi.fn(), tableName: () => 'upwatch-test' }));

const USER = 'user-1';
const NOW = new Date('2025-11-22T04:53:20.000Z');

const monitors = (count: number, interval = 300) =>
  Array.from({ length: count }, (_, i) => {
    const monitor = newMonitor({ name: `Site ${i}`, url: `https://site${i}.example.com`, check_interval: interval, timeout: 30, slow_threshold: 5 }, NOW);
    return { monitor, schedule: scheduleStartingSoon(monitor.id, interval, NOW) };
  });

const conditionFailure = () => Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' });

type Sent = { constructor: { name: string }; input: Record<string, unknown> };
const sent = () => send.mock.calls.map(([command]) => command as Sent);
const updates = () => sent().filter((command) => command instanceof UpdateCommand).map((command) => command.input);
const batchRequests = () =>
  sent()
    .filter((command) => command instanceof BatchWriteCommand)
    .map((command) => (command.input.RequestItems as Record<string, Record<string, unknown>[]>)['upwatch-test']!);

beforeEach(() => {
  send.mockReset();
  vi.mocked(dynamo).mockReturnValue({ send } as unknown as ReturnType<typeof dynamo>);
});

describe('insertMonitorsWithinCap', () => {
  it('registers the intervals once, counts all monitors in with one conditional update, then writes them 25 per call', async () => {
    send.mockResolvedValue({});
    const batch = [...monitors(20, 300), ...monitors(10, 600)];

    expect(await insertMonitorsWithinCap({ userId: USER, tierId: 'enterprise', cap: 500, monitors: batch })).toBe('created');

    const [register, reserve] = updates();
    expect(register).toMatchObject({ Key: scheduleIntervalsKey(), ExpressionAttributeValues: { ':intervals': new Set([300, 600]) } });
    expect(reserve).toMatchObject({
      Key: userKey(USER),
      // Stamped, so the nightly repair of the count waits while the upload may still write (monitor-places-repository.ts).
      UpdateExpression: 'SET monitor_count = monitor_count + :count, places_reserved_at = :now',
      // An account being deleted takes no new monitor (erase-account.ts marks it first).
      ConditionExpression: 'monitor_count <= :last AND subscription_tier = :tier AND attribute_not_exists(deletion_started_at)',
      ExpressionAttributeValues: { ':count': 30, ':last': 470, ':tier': 'enterprise', ':now': expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
    });
    // The third update: the operator counters, after the writes (admin-counters-repository.ts).
    expect(updates()).toHaveLength(3);
    expect(updates()[2]).toMatchObject({ ExpressionAttributeValues: { ':d0': 30, ':d1': 30 } });
    expect(batchRequests().map((requests) => requests.length)).toEqual([25, 5]);
    const items = batchRequests().flat().map((request) => (request.PutRequest as { Item: Record<string, unknown> }).Item);
    expect(items.map((item) => item.SK)).toEqual(batch.map(({ monitor }) => monitorKey(USER, monitor.id).SK));
    expect(items[0]).toMatchObject({ entity: 'monitor', user_id: USER, status: 'active', GSI2PK: expect.stringMatching(/^DUE#\d#300$/) });
    // The reservation is made before any monitor is written.
    const order = sent().map((command) => command.constructor.name);
    expect(order.indexOf('BatchWriteCommand')).toBeGreaterThan(order.indexOf('UpdateCommand', 1));
  });

  it('retries the writes DynamoDB left unprocessed', async () => {
    const batch = monitors(3);
    send.mockImplementation(async (command: Sent) => {
      if (!(command instanceof BatchWriteCommand) || batchRequests().length > 1) return {};
      const requests = (command.input.RequestItems as Record<string, unknown[]>)['upwatch-test']!;
      return { UnprocessedItems: { 'upwatch-test': requests.slice(1) } };
    });

    expect(await insertMonitorsWithinCap({ userId: USER, tierId: 'pro', cap: 10, monitors: batch })).toBe('created');
    expect(batchRequests().map((requests) => requests.length)).toEqual([3, 2]);
  });

  it("answers 'cap_reached' and writes nothing when the monitors do not fit (or the plan changed)", async () => {
    send.mockImplementation(async (command: Sent) => {
      if (command instanceof UpdateCommand && command.input.ConditionExpression) throw conditionFailure();
      return {};
    });

    expect(await insertMonitorsWithinCap({ userId: USER, tierId: 'pro', cap: 10, monitors: monitors(3) })).toBe('cap_reached');
    expect(batchRequests()).toEqual([]);
  });

  it("answers 'cap_reached' without asking DynamoDB when more monitors than the cap are offered", async () => {
    send.mockResolvedValue({});
    expect(await insertMonitorsWithinCap({ userId: USER, tierId: 'free', cap: 1, monitors: monitors(2) })).toBe('cap_reached');
    expect(updates().filter((update) => update.ConditionExpression)).toEqual([]);
  });

  it('deletes every monitor of the upload and gives the count back when a write fails, then rethrows', async () => {
    const batch = monitors(30);
    const failure = new Error('DynamoDB is unavailable');
    let putCalls = 0;
    send.mockImplementation(async (command: Sent) => {
      const requests = command instanceof BatchWriteCommand ? (command.input.RequestItems as Record<string, object[]>)['upwatch-test']! : [];
      if (requests.some((request) => 'PutRequest' in request) && ++putCalls === 2) throw failure;
      return {};
    });

    await expect(insertMonitorsWithinCap({ userId: USER, tierId: 'enterprise', cap: 500, monitors: batch })).rejects.toBe(failure);

    const deletes = batchRequests()
      .flat()
      .filter((request) => 'DeleteRequest' in request)
      .map((request) => (request.DeleteRequest as { Key: { SK: string } }).Key.SK);
    expect(new Set(deletes)).toEqual(
      new Set(batch.flatMap(({ monitor }) => [monitorKey(USER, monitor.id).SK, monitorStateKey(USER, monitor.id).SK])),
    );
    expect(updates().at(-1)).toMatchObject({
      Key: userKey(USER),
      UpdateExpression: 'SET monitor_count = monitor_count - :count',
      ExpressionAttributeValues: { ':count': 30 },
    });
  });

  it('logs the monitors to repair and still rethrows the first failure when the undo fails too', async () => {
    const failure = new Error('write failed');
    send.mockImplementation(async (command: Sent) => {
      if (command instanceof BatchWriteCommand) throw failure;
      if (command instanceof UpdateCommand && String(command.input.UpdateExpression).includes('- :count')) throw new Error('undo failed');
      return {};
    });
    const logs = captureLogs();

    await expect(insertMonitorsWithinCap({ userId: USER, tierId: 'pro', cap: 10, monitors: monitors(2) })).rejects.toBe(failure);
    logs.restore();
    expect(logs.entries()[0]).toMatchObject({ level: 'ERROR', userId: USER, monitorIds: expect.any(Array) });
  });
});
