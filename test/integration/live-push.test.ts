import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { roundStartedAt } from '../../shared/checks/check-round.js';
import { LIVE_STAGE, parseLiveMessages, type LiveMessage } from '../../shared/live/messages.js';
import { ENTITY, LIVE_CONNECTION_PREFIX, liveConnectionKey } from '../../shared/table/keys.js';
import { api, signedInUser } from './helpers/api.js';
import { getMonitorItem, getTableItem, patchTableItem, sendJobsToEveryRegion, startTargetSite, waitFor } from './helpers/pipeline.js';

/**
 * Pushes to open screens (docs/live-status.md "Pushes") through the local gateway's WebSocket API:
 * a socket opened with the user's token hears of a monitor's state change the moment the result
 * processor applies it, of an incident opening, and of a change made through the API; a socket
 * without a valid token is refused; a connection that went away is forgotten.
 */
/** The user's connection rows (keys.ts 49), read consistently. */
const connectionRows = async (userId: string) => {
  const env = inject('cloudEnv');
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({ region: env.AWS_REGION, endpoint: env.DYNAMODB_ENDPOINT, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
  );
  const { Items = [] } = await client.send(
    new QueryCommand({
      TableName: env.TABLE_NAME,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': liveConnectionKey(userId, '').PK, ':prefix': LIVE_CONNECTION_PREFIX },
      ConsistentRead: true,
    }),
  );
  client.destroy();
  return Items;
};

describe('live pushes over the WebSocket API', () => {
  const baseUrl = inject('baseUrl');
  const socketUrl = (token: string) => `${baseUrl.replace(/^http/, 'ws')}/${LIVE_STAGE}?token=${encodeURIComponent(token)}`;
  let site: Awaited<ReturnType<typeof startTargetSite>>;
  let user: { email: string; token: string };
  let userId: string;
  let socket: WebSocket;
  const heard: { message: LiveMessage; at: number }[] = [];

  const open = (url: string) =>
    new Promise<WebSocket>((resolve, reject) => {
      const ws = new WebSocket(url);
      ws.once('open', () => resolve(ws));
      ws.once('unexpected-response', (_request, response) => reject(new Error(`refused: ${response.statusCode}`)));
      ws.once('error', reject);
    });

  const heardAfter = (since: number, test: (message: LiveMessage) => boolean) =>
    waitFor('a pushed message', async () => heard.find((entry) => entry.at >= since && test(entry.message)), 10_000);

  beforeAll(async () => {
    site = await startTargetSite();
    user = await signedInUser('live-push');
    userId = (await api<{ id: string }>('/api/auth/me', { token: user.token })).body.id;
    socket = await open(socketUrl(user.token));
    socket.on('message', (data: Buffer) => {
      for (const message of parseLiveMessages(data.toString('utf8'))) heard.push({ message, at: Date.now() });
    });
  });

  afterAll(async () => {
    socket?.close();
    await site?.down();
  });

  it('refuses a socket without a valid token', async () => {
    await expect(open(`${baseUrl.replace(/^http/, 'ws')}/${LIVE_STAGE}`)).rejects.toThrow('refused: 401');
    await expect(open(socketUrl('not-a-token'))).rejects.toThrow('refused: 401');
  });

  it('pushes a monitor made through the API, then its first check, and its outage within 3 s of the transition', async () => {
    const started = Date.now();
    const created = await api<{ id: string }>('/api/monitors', {
      method: 'POST',
      token: user.token,
      body: { name: 'Pushed shop', url: site.url(), check_interval: 300, timeout: 5 },
    });
    expect(created.status).toBe(201);
    const monitorId = created.body.id;
    const isThisMonitor = (message: LiveMessage) => message.type === 'monitor.changed' && message.monitor_id === monitorId;
    await heardAfter(started, isThisMonitor);
    // The first check turns it from Pending to Online: a second push.
    await waitFor('the first check', async () => (await getMonitorItem(userId, monitorId))?.is_up === true, 30_000);
    await waitFor('two pushes of the monitor', async () => heard.filter((entry) => isThisMonitor(entry.message)).length >= 2, 10_000);

    await site.down();
    const round = roundStartedAt(new Date());
    const sent = Date.now();
    await sendJobsToEveryRegion({ kind: 'check_jobs', jobs: [{ userId, monitorId, url: site.url(), timeoutSeconds: 5, slowThresholdMs: 5000, round }] });
    // When the processor's transaction became visible (polled), and when the push arrived.
    const applied = await waitFor(
      `round ${round} applied`,
      async () => ((await getMonitorItem(userId, monitorId))?.last_round === round ? Date.now() : undefined),
      30_000,
    );
    const down = await heardAfter(sent, isThisMonitor);
    const incident = await heardAfter(sent, (message) => message.type === 'incident.changed' && message.monitor_id === monitorId);
    expect(down.at - applied).toBeLessThan(3_000);
    expect(incident.at - applied).toBeLessThan(3_000);
    expect((await getMonitorItem(userId, monitorId))?.is_up).toBe(false);
  });

  it('forgets a connection that went away: on close, and when a post answers 410 Gone', async () => {
    expect(await connectionRows(userId)).toHaveLength(1);
    const second = await open(socketUrl(user.token));
    expect(await connectionRows(userId)).toHaveLength(2);
    second.close();
    await waitFor('the closed connection forgotten ($disconnect)', async () => (await connectionRows(userId)).length === 1, 5_000);
    // A row whose socket is gone without a $disconnect (a crashed gateway): the next push meets 410 and deletes it.
    const stale = liveConnectionKey(userId, 'gone-without-goodbye');
    await patchTableItem(stale, { entity: ENTITY.liveConnection, connection_id: 'gone-without-goodbye', expires_at: Math.floor(Date.now() / 1000) + 3600 });
    const monitors = await api<{ monitors: { id: string }[] }>('/api/monitors', { token: user.token });
    const monitorId = monitors.body.monitors[0]!.id;
    const since = Date.now();
    const paused = await api(`/api/monitors/${monitorId}`, { method: 'PUT', token: user.token, body: { status: 'paused' } });
    expect(paused.status).toBe(200);
    await heardAfter(since, (message) => message.type === 'monitor.changed' && message.monitor_id === monitorId);
    await waitFor('the stale row deleted', async () => (await getTableItem(stale)) === undefined, 5_000);
  });
});
