import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { AdminAddUserToGroupCommand, AdminInitiateAuthCommand, AdminRemoveUserFromGroupCommand, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import WebSocket from 'ws';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { cognito } from '../../functions/clients/cognito.js';
import type { SessionListResponse } from '../../shared/auth/sessions.js';
import { ADMIN_GROUP } from '../../shared/auth/roles.js';
import { LIVE_STAGE } from '../../shared/live/messages.js';
import { auditPartition, LIVE_CONNECTION_PREFIX, liveConnectionKey, sessionKey } from '../../shared/table/keys.js';
import { api, PASSWORD, signedInUser, testClientIp } from './helpers/api.js';
import { patchTableItem } from './helpers/pipeline.js';
import { nextCodeOfAddress, operatorToken } from './helpers/two-factor.js';

/**
 * Sessions (docs/security.md "Tokens and sessions"): each sign-in is a session listed with its
 * device and address; signing one out ends its refresh token at once and its access token at its
 * next request; sign out everywhere and logout do the same; an operator's session renews only for
 * 12 hours, leaves the panel at the next request once out of the admin group, and is audited.
 */

const CHROME_ON_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

interface Login {
  access_token: string;
  refresh_token: string;
}

const logIn = async (email: string, userAgent = CHROME_ON_MAC): Promise<Login> => {
  const login = await api<Login>('/api/auth/login', { method: 'POST', body: { email, password: PASSWORD }, headers: { 'user-agent': userAgent } });
  expect(login.status).toBe(200);
  return login.body;
};

const refresh = (refreshToken: string) => api<{ access_token: string }>('/api/auth/refresh', { method: 'POST', body: { refresh_token: refreshToken } });
const me = (token: string) => api<{ id: string; is_admin: boolean }>('/api/auth/me', { token });
const sessionsOf = (token: string) => api<SessionListResponse>('/api/auth/sessions', { token });

/** A user signed in twice: `a` on Chrome on macOS, `b` on Firefox on Windows. */
const twoDevices = async (label: string) => {
  const { email } = await signedInUser(label);
  const a = await logIn(email);
  const b = await logIn(email, FIREFOX_ON_WINDOWS);
  return { email, a, b, id: (await me(a.access_token)).body.id };
};

const socketOpens = (token: string) =>
  new Promise<number>((resolve) => {
    const ws = new WebSocket(`${inject('baseUrl').replace(/^http/, 'ws')}/${LIVE_STAGE}?token=${encodeURIComponent(token)}`);
    ws.once('open', () => {
      ws.close();
      resolve(101);
    });
    ws.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
    ws.once('error', () => resolve(0));
  });

/** A socket kept open, as a screen keeps it. */
const openSocket = (token: string) =>
  new Promise<WebSocket>((resolve, reject) => {
    const ws = new WebSocket(`${inject('baseUrl').replace(/^http/, 'ws')}/${LIVE_STAGE}?token=${encodeURIComponent(token)}`);
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_request, response) => reject(new Error(`refused: ${response.statusCode}`)));
  });

/** The user's live connection rows (keys.ts 49): what the publishers post to. */
const liveRows = async (userId: string) => {
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

beforeAll(() => {
  Object.assign(process.env, inject('cloudEnv'));
});

describe('the sessions list', () => {
  it('shows each sign-in with its device and address, this one marked', async () => {
    const { a, b } = await twoDevices('list');
    const listed = await sessionsOf(a.access_token);
    expect(listed.status).toBe(200);
    const mine = listed.body.sessions.filter((session) => session.ip === testClientIp());
    expect(mine.map((session) => [session.device, session.current])).toEqual(
      expect.arrayContaining([
        ['Chrome on macOS', true],
        ['Firefox on Windows', false],
      ]),
    );
    const current = listed.body.sessions.find((session) => session.current)!;
    expect(current).toMatchObject({ ip: testClientIp(), signed_in_at: expect.any(String), last_seen_at: expect.any(String) });
    const fromB = await sessionsOf(b.access_token);
    expect(fromB.body.sessions.find((session) => session.current)?.device).toBe('Firefox on Windows');
  });

  it('renews an open session and marks it seen', async () => {
    const { a } = await twoDevices('renew');
    const before = (await sessionsOf(a.access_token)).body.sessions.find((session) => session.current)!;
    await new Promise((resolve) => setTimeout(resolve, 20));
    const renewed = await refresh(a.refresh_token);
    expect(renewed.status).toBe(200);
    expect((await me(renewed.body.access_token)).status).toBe(200);
    const after = (await sessionsOf(renewed.body.access_token)).body.sessions.find((session) => session.current)!;
    expect(after.id).toBe(before.id);
    expect(after.last_seen_at > before.last_seen_at).toBe(true);
  });
});

describe('signing sessions out', () => {
  it('signs one session out: its refresh token fails at once and its access token is 401 at its next call', async () => {
    const { a, b, id } = await twoDevices('one');
    const other = (await sessionsOf(a.access_token)).body.sessions.find((session) => session.device === 'Firefox on Windows')!;
    expect((await me(b.access_token)).status).toBe(200);
    const sockets = [await openSocket(a.access_token), await openSocket(b.access_token)];
    expect(await liveRows(id)).toHaveLength(2);

    const out = await api(`/api/auth/sessions/${other.id}`, { method: 'DELETE', token: a.access_token });
    expect(out.status).toBe(200);

    expect((await refresh(b.refresh_token)).status).toBe(401);
    expect((await me(b.access_token)).status).toBe(401);
    // Its open socket is no longer pushed to (its row is gone), and it cannot open another.
    expect(await liveRows(id)).toHaveLength(1);
    expect(await socketOpens(b.access_token)).not.toBe(101);
    for (const socket of sockets) socket.close();
    // The device that did it is untouched.
    expect((await me(a.access_token)).status).toBe(200);
    expect((await refresh(a.refresh_token)).status).toBe(200);
    expect((await sessionsOf(a.access_token)).body.sessions.map((session) => session.id)).not.toContain(other.id);
  });

  it("answers 404 for another person's session and for one already signed out", async () => {
    const first = await twoDevices('owner');
    const stranger = await twoDevices('stranger');
    const theirs = (await sessionsOf(stranger.a.access_token)).body.sessions[0]!;
    expect((await api(`/api/auth/sessions/${theirs.id}`, { method: 'DELETE', token: first.a.access_token })).status).toBe(404);
    expect((await me(stranger.a.access_token)).status).toBe(200);
    expect((await api('/api/auth/sessions/not-a-session', { method: 'DELETE', token: first.a.access_token })).status).toBe(404);
  });

  it('signs out everywhere, this device included', async () => {
    const { a, b } = await twoDevices('everywhere');
    const out = await api<{ signed_out: number }>('/api/auth/sign-out-everywhere', { method: 'POST', token: a.access_token });
    expect(out.status).toBe(200);
    expect(out.body.signed_out).toBeGreaterThanOrEqual(2);
    for (const login of [a, b]) {
      expect((await me(login.access_token)).status).toBe(401);
      expect((await refresh(login.refresh_token)).status).toBe(401);
    }
  });

  it('logout ends this session and revokes its refresh token at Cognito too', async () => {
    const { a, b } = await twoDevices('logout');
    const out = await api('/api/auth/logout', { method: 'POST', token: a.access_token, body: { refresh_token: a.refresh_token } });
    expect(out.status).toBe(200);
    expect((await me(a.access_token)).status).toBe(401);
    expect((await refresh(a.refresh_token)).status).toBe(401);
    await expect(
      cognito().send(
        new InitiateAuthCommand({ ClientId: inject('cloudEnv').USER_POOL_CLIENT_ID, AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: a.refresh_token } }),
      ),
    ).rejects.toThrow();
    expect((await me(b.access_token)).status).toBe(200);
  });

  it('refuses a token Cognito issued outside our sign-in (no session holds it)', async () => {
    const { email } = await twoDevices('direct');
    // The browser's client takes no password (docs/security.md "Tokens and sessions"); a token minted with
    // the API's own admin flow, but outside our sign-in, stands for any token no session holds.
    const env = inject('cloudEnv');
    const direct = await cognito().send(
      new AdminInitiateAuthCommand({
        UserPoolId: env.USER_POOL_ID,
        ClientId: env.USER_POOL_CLIENT_ID,
        AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD },
      }),
    );
    expect((await me(direct.AuthenticationResult!.AccessToken!)).status).toBe(401);
    expect((await refresh(direct.AuthenticationResult!.RefreshToken!)).status).toBe(401);
  });
});

describe('operator sessions', () => {
  /** A user put in the admin group, then signed in through the user login (which hands out a refresh token). */
  const operator = async (label: string) => {
    const { email, id } = await twoDevices(label);
    await cognito().send(new AdminAddUserToGroupCommand({ UserPoolId: inject('cloudEnv').USER_POOL_ID, Username: id, GroupName: ADMIN_GROUP }));
    return { email, id, login: await logIn(email) };
  };

  it('renews an operator session for 12 hours after sign-in, then refuses it', async () => {
    const { id, login } = await operator('op-refresh');
    expect((await me(login.access_token)).body.is_admin).toBe(true);
    expect((await refresh(login.refresh_token)).status).toBe(200);
    const current = (await sessionsOf(login.access_token)).body.sessions.find((session) => session.current)!;
    await patchTableItem(sessionKey(id, current.id), { signed_in_at: new Date(Date.now() - 12 * 3600_000 - 60_000).toISOString() });
    expect((await refresh(login.refresh_token)).status).toBe(401);
  });

  it('refuses an operator removed from the admin group at the next admin request', async () => {
    const { id, email } = await operator('op-removed');
    // The panel's own sign-in, with the second step operators must pass (docs/security.md "Two-factor sign-in").
    const token = await operatorToken({ email, password: PASSWORD });
    expect((await api('/api/admin/dashboard', { token })).status).toBe(200);
    await cognito().send(new AdminRemoveUserFromGroupCommand({ UserPoolId: inject('cloudEnv').USER_POOL_ID, Username: id, GroupName: ADMIN_GROUP }));
    // The token still says "admin": the group is asked live.
    expect((await api('/api/admin/dashboard', { token })).status).toBe(403);
  });

  it("records an operator's sign-in in the operators' audit log, with device and address", async () => {
    const credentials = inject('adminCredentials');
    // The operator may have two-factor sign-in from an earlier test of this cloud: answer the code then.
    const first = await api<{ code?: string }>('/api/admin/login', { method: 'POST', body: credentials, headers: { 'user-agent': FIREFOX_ON_WINDOWS } });
    const body = first.body.code === 'TWO_FACTOR_REQUIRED' ? { ...credentials, code: await nextCodeOfAddress(credentials.email) } : credentials;
    const login = await api<{ access_token: string; admin: { id: string } }>('/api/admin/login', {
      method: 'POST',
      body,
      headers: { 'user-agent': FIREFOX_ON_WINDOWS },
    });
    expect(login.status).toBe(200);
    expect(login.body).not.toHaveProperty('refresh_token');
    const env = inject('cloudEnv');
    const client = DynamoDBDocumentClient.from(
      new DynamoDBClient({ region: env.AWS_REGION, endpoint: env.DYNAMODB_ENDPOINT, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
    );
    const { Items = [] } = await client.send(
      new QueryCommand({
        TableName: env.TABLE_NAME,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': auditPartition(login.body.admin.id) },
        ConsistentRead: true,
      }),
    );
    client.destroy();
    expect(Items).toContainEqual(
      expect.objectContaining({
        action: 'operator.sign_in',
        admin_id: login.body.admin.id,
        after: expect.objectContaining({ device: 'Firefox on Windows', ip: testClientIp() }),
      }),
    );
  });
});
