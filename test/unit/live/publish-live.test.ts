import { GoneException } from '@aws-sdk/client-apigatewaymanagementapi';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * Publishing to open screens (docs/live-status.md "Pushes"): every connection of the user gets the
 * messages; one that answers 410 Gone is forgotten; nothing ever throws, and a slow endpoint
 * holds the caller up no longer than the budget.
 */
const posted: { connection: string; data: string }[] = [];
const send = vi.fn(async (command: { input: { ConnectionId: string; Data: Uint8Array } }, _options?: { abortSignal?: AbortSignal }) => {
  posted.push({ connection: command.input.ConnectionId, data: new TextDecoder().decode(command.input.Data) });
  return {};
});
let configured = true;
vi.mock('../../../functions/clients/live-connections.js', () => ({ liveConnections: () => (configured ? { send } : null) }));
const listLiveConnections = vi.fn(async (_userId: string, _now: Date) => ['c1', 'c2']);
const deleteLiveConnection = vi.fn(async (_userId: string, _connectionId: string) => undefined);
vi.mock('../../../functions/repositories/live-connection-repository.js', () => ({ listLiveConnections, deleteLiveConnection }));

const { publishLive, LIVE_PUBLISH_BUDGET_MS, NO_PUSHES } = await import('../../../functions/services/live/publish-live.js');

describe('publishLive', () => {
  beforeEach(() => {
    posted.length = 0;
    configured = true;
    vi.clearAllMocks();
    send.mockReset();
    send.mockImplementation(async (command) => {
      posted.push({ connection: command.input.ConnectionId, data: new TextDecoder().decode(command.input.Data) });
      return {};
    });
  });

  it('posts the messages, in order and in one frame, to every open connection of the user', async () => {
    const counts = await publishLive('u1', [{ type: 'monitor.changed', monitor_id: 'm1' }, { type: 'incident.changed', incident_id: 'i1', monitor_id: 'm1' }]);
    expect(listLiveConnections).toHaveBeenCalledWith('u1', expect.any(Date));
    expect(posted.filter((post) => post.connection === 'c1').map((post) => JSON.parse(post.data) as unknown)).toEqual([
      [
        { type: 'monitor.changed', monitor_id: 'm1' },
        { type: 'incident.changed', incident_id: 'i1', monitor_id: 'm1' },
      ],
    ]);
    expect(posted.filter((post) => post.connection === 'c2')).toHaveLength(1);
    expect(deleteLiveConnection).not.toHaveBeenCalled();
    expect(counts).toEqual({ ...NO_PUSHES, publishes: 1, connections: 2, delivered: 2 });
  });

  it('tries a refused post once more, so a screen that is still open gets it', async () => {
    send.mockRejectedValueOnce(Object.assign(new Error('Internal server error'), { $metadata: { httpStatusCode: 500 } }));
    const counts = await publishLive('u1', [{ type: 'plan.changed' }]);
    expect(send).toHaveBeenCalledTimes(3);
    expect(posted.map((post) => post.connection).sort()).toEqual(['c1', 'c2']);
    expect(counts).toEqual({ ...NO_PUSHES, publishes: 1, connections: 2, delivered: 2 });
  });

  it('counts a post refused twice as failed, and does not try a third time', async () => {
    send.mockImplementation(async (command) => {
      if (command.input.ConnectionId === 'c1') throw new Error('connection reset');
      posted.push({ connection: command.input.ConnectionId, data: new TextDecoder().decode(command.input.Data) });
      return {};
    });
    const counts = await publishLive('u1', [{ type: 'plan.changed' }, { type: 'monitor.changed', monitor_id: 'm1' }]);
    expect(send.mock.calls.filter(([command]) => command.input.ConnectionId === 'c1')).toHaveLength(2);
    expect(counts).toEqual({ ...NO_PUSHES, publishes: 1, connections: 2, delivered: 1, failed: 1 });
  });

  it('deletes a connection that answers 410 Gone, and still reaches the others', async () => {
    send.mockImplementationOnce(async () => {
      throw new GoneException({ message: 'Gone', $metadata: { httpStatusCode: 410 } });
    });
    const counts = await publishLive('u1', [{ type: 'plan.changed' }]);
    expect(counts).toEqual({ ...NO_PUSHES, publishes: 1, connections: 2, delivered: 1, gone: 1 });
    expect(deleteLiveConnection).toHaveBeenCalledTimes(1);
    expect(deleteLiveConnection).toHaveBeenCalledWith('u1', 'c1');
    expect(posted).toEqual([{ connection: 'c2', data: '{"type":"plan.changed"}' }]);
  });

  it('never throws: a failing post, a failing table read, no endpoint configured', async () => {
    send.mockRejectedValue(new Error('connection reset'));
    await expect(publishLive('u1', [{ type: 'plan.changed' }])).resolves.toMatchObject({ failed: 2 });
    expect(deleteLiveConnection).not.toHaveBeenCalled();
    listLiveConnections.mockRejectedValueOnce(new Error('throttled'));
    await expect(publishLive('u1', [{ type: 'plan.changed' }])).resolves.toEqual({ ...NO_PUSHES, unread: 1 });
    configured = false;
    await expect(publishLive('u1', [{ type: 'plan.changed' }])).resolves.toEqual(NO_PUSHES);
    expect(listLiveConnections).toHaveBeenCalledTimes(2);
  });

  it('holds the caller up no longer than its budget when the endpoint hangs, and aborts the post', async () => {
    let signal: AbortSignal | undefined;
    send.mockImplementationOnce((_command, options) => {
      signal = options?.abortSignal;
      return new Promise(() => undefined);
    });
    const started = Date.now();
    const counts = await publishLive('u1', [{ type: 'plan.changed' }]);
    const took = Date.now() - started;
    expect(counts).toEqual({ ...NO_PUSHES, publishes: 1, connections: 2, delivered: 1, unsent: 1 });
    expect(took).toBeGreaterThanOrEqual(LIVE_PUBLISH_BUDGET_MS - 20);
    expect(took).toBeLessThan(LIVE_PUBLISH_BUDGET_MS + 500);
    expect(signal?.aborted).toBe(true);
  });
});
