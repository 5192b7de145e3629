import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dynamo } from '../../../functions/clients/dynamodb.js';
import { adjustCounters } from '../../../functions/repositories/admin-counters-repository.js';
import { closeIncidentOfUnwatchedMonitor } from '../../../functions/repositories/unwatched-monitor-incidents.js';

/**
 * The operator's open-incident counter moves with the incident a pause, delete or downgrade closes
 * (docs/checks.md "Pausing, deleting, disabling"): down by one when one was closed, not at all
 * otherwise. The integration test (unwatched-incidents.test.ts) shows the closing itself; the
 * counter is shared by every test of the local cloud, so its step is checked here.
 */
const send = vi.fn();
vi.mock('../../../functions/clients/dynamodb.js', () => ({ dynamo: vi.fn(), tableName: () => 'upwatch-test' }));
vi.mock('../../../functions/repositories/admin-counters-repository.js', () => ({ adjustCounters: vi.fn() }));

const AT = new Date('2026-11-24T05:00:00.000Z');
const cancelled = (reasons: string[]) =>
  Object.assign(new Error('Transaction cancelled'), { name: 'TransactionCanceledException', CancellationReasons: reasons.map((Code) => ({ Code })) });

beforeEach(() => {
  send.mockReset();
  vi.mocked(adjustCounters).mockReset();
  vi.mocked(dynamo).mockReturnValue({ send } as unknown as ReturnType<typeof dynamo>);
});

const stateWith = (openIncident: unknown) => (command: unknown) =>
  Promise.resolve(command instanceof GetCommand ? { Item: { PK: 'USER#u1', SK: 'MONITOR#m1#STATE', open_incident: openIncident } } : {});

describe('closeIncidentOfUnwatchedMonitor', () => {
  it('resolves the open incident and the state in one transaction, and counts one open incident fewer', async () => {
    send.mockImplementation(stateWith({ id: 'inc-1', type: 'down', startedAt: '2026-11-24T04:00:00.000Z' }));
    expect(await closeIncidentOfUnwatchedMonitor('u1', 'm1', AT)).toBe(true);
    const transaction = send.mock.calls.map(([command]) => command).find((command) => command instanceof TransactWriteCommand) as TransactWriteCommand;
    expect(transaction.input.TransactItems).toHaveLength(2);
    expect(adjustCounters).toHaveBeenCalledTimes(1);
    expect(adjustCounters).toHaveBeenCalledWith({ incidents_open: -1 });
  });

  it('gives the closed incident its TTL: the plan retention from now (docs/product-rules.md "Retention")', async () => {
    send.mockImplementation((command: unknown) =>
      command instanceof GetCommand && command.input.ProjectionExpression === 'subscription_tier'
        ? Promise.resolve({ Item: { subscription_tier: 'pro' } })
        : stateWith({ id: 'inc-1' })(command),
    );
    expect(await closeIncidentOfUnwatchedMonitor('u1', 'm1', AT)).toBe(true);
    const transaction = send.mock.calls.map(([command]) => command).find((command) => command instanceof TransactWriteCommand) as TransactWriteCommand;
    const incident = transaction.input.TransactItems![1]!.Update!;
    expect(incident.UpdateExpression).toContain('expires_at = :expires');
    expect(incident.ExpressionAttributeValues![':expires']).toBe(AT.getTime() / 1000 + 90 * 86_400);
  });

  it('leaves the counter alone when nothing was open, or an operator resolved it meanwhile', async () => {
    send.mockImplementation(stateWith(null));
    expect(await closeIncidentOfUnwatchedMonitor('u1', 'm1', AT)).toBe(false);

    send.mockReset();
    send.mockImplementation((command: unknown) =>
      command instanceof TransactWriteCommand ? Promise.reject(cancelled(['None', 'ConditionalCheckFailed'])) : stateWith({ id: 'inc-1' })(command),
    );
    expect(await closeIncidentOfUnwatchedMonitor('u1', 'm1', AT)).toBe(false);
    expect(adjustCounters).not.toHaveBeenCalled();
  });

  it('reads again when a round changed the state in between, and counts the incident once', async () => {
    let transactions = 0;
    send.mockImplementation((command: unknown) => {
      if (command instanceof TransactWriteCommand && ++transactions === 1) return Promise.reject(cancelled(['ConditionalCheckFailed', 'None']));
      return stateWith({ id: 'inc-1' })(command);
    });
    expect(await closeIncidentOfUnwatchedMonitor('u1', 'm1', AT)).toBe(true);
    expect(transactions).toBe(2);
    expect(adjustCounters).toHaveBeenCalledTimes(1);
  });
});
