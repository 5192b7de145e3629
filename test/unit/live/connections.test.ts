import { beforeEach, describe, expect, it, vi } from 'vitest';

/** The $connect / $disconnect handler (docs/live-status.md "Pushes"): a row per connection, under its user. */
const saveLiveConnection = vi.fn(async (_userId: string, _connectionId: string, _now: Date) => undefined);
const deleteLiveConnection = vi.fn(async (_userId: string, _connectionId: string) => undefined);
vi.mock('../../../functions/repositories/live-connection-repository.js', () => ({ saveLiveConnection, deleteLiveConnection }));
const attachLiveConnection = vi.fn(async (_userId: string, _sessionId: string, _workspaceId: string, _connectionId: string) => true);
vi.mock('../../../functions/repositories/session-repository.js', () => ({ attachLiveConnection }));
const { handler } = await import('../../../functions/live/connections.js');

const event = (eventType: string, authorizer: unknown = { principalId: 'user-1' }) => ({
  requestContext: { connectionId: 'conn-1', eventType, routeKey: eventType === 'CONNECT' ? '$connect' : '$disconnect', authorizer },
});

describe('live connections handler', () => {
  beforeEach(() => vi.clearAllMocks());

  it('records a connection on $connect and forgets it on $disconnect', async () => {
    expect(await handler(event('CONNECT'))).toMatchObject({ statusCode: 200 });
    expect(saveLiveConnection).toHaveBeenCalledWith('user-1', 'conn-1', expect.any(Date));
    expect(await handler(event('DISCONNECT'))).toMatchObject({ statusCode: 200 });
    expect(deleteLiveConnection).toHaveBeenCalledWith('user-1', 'conn-1');
  });

  it('keeps a connection under the workspace its authorizer let it watch, so every member of it is pushed to', async () => {
    const watching = { principalId: 'member-2', workspaceId: 'workspace-1' };
    await handler(event('CONNECT', watching));
    expect(saveLiveConnection).toHaveBeenCalledWith('workspace-1', 'conn-1', expect.any(Date));
    await handler(event('DISCONNECT', watching));
    expect(deleteLiveConnection).toHaveBeenCalledWith('workspace-1', 'conn-1');
  });

  it('notes the connection on the session its token belongs to, so signing that session out silences it', async () => {
    const watching = { principalId: 'member-2', workspaceId: 'workspace-1', sessionId: 'session-1' };
    expect(await handler(event('CONNECT', watching))).toMatchObject({ statusCode: 200 });
    expect(attachLiveConnection).toHaveBeenCalledWith('member-2', 'session-1', 'workspace-1', 'conn-1');
  });

  it('refuses, and forgets, a connection whose session was signed out before it was noted', async () => {
    attachLiveConnection.mockResolvedValueOnce(false);
    expect(await handler(event('CONNECT', { principalId: 'user-1', sessionId: 'session-1' }))).toMatchObject({ statusCode: 403 });
    expect(deleteLiveConnection).toHaveBeenCalledWith('user-1', 'conn-1');
  });

  it('refuses a connection that no authorizer named a user for', async () => {
    expect(await handler(event('CONNECT', null))).toMatchObject({ statusCode: 403 });
    expect(await handler(event('MESSAGE'))).toMatchObject({ statusCode: 403 });
    expect(saveLiveConnection).not.toHaveBeenCalled();
  });
});
