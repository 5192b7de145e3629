import {
  AdminAddUserToGroupCommand,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, describe, expect, it, inject } from 'vitest';
import { cognito } from '../../functions/clients/cognito.js';
import { ROUTES, type Route } from '../../shared/api/routes.js';
import { api, PASSWORD, signedInUser } from './helpers/api.js';
import { nextCodeOf, operatorToken } from './helpers/two-factor.js';

/**
 * Who may call the operator API (docs/admin.md "Access"), for every admin route of the route table:
 * no token 401, a user's token 403, an admin's token through; the admin login refuses everyone but
 * members of the `admin` group; group-name tricks and tokens of another client or pool are refused.
 */

const ADMIN_ROUTES = ROUTES.filter((route) => route.area === 'admin' && route.access === 'admin') as Route[];

/** The route's path with a placeholder id, as a caller would send it. */
const pathOf = (route: Route): string => route.path.replace('{id}', '01HZZZZZZZZZZZZZZZZZZZZZZZ');

const adminLogin = (body: { email: string; password: string; code?: string }) =>
  api<{ access_token?: string; detail?: string; admin?: { email: string } }>('/api/admin/login', { method: 'POST', body });

const userIdOf = async (token: string) => (await api<{ id: string }>('/api/auth/me', { token })).body.id;

/** A verified user put in a Cognito group named `group`, signed in again so the token carries it. */
const userInGroup = async (group: string) => {
  const user = await signedInUser('grouped');
  const userId = await userIdOf(user.token);
  const pool = inject('cloudEnv').USER_POOL_ID;
  await cognito()
    .send(new CreateGroupCommand({ UserPoolId: pool, GroupName: group }))
    .catch((error: Error) => {
      if (error.name !== 'GroupExistsException') throw error;
    });
  await cognito().send(new AdminAddUserToGroupCommand({ UserPoolId: pool, Username: userId, GroupName: group }));
  const login = await api<{ access_token: string }>('/api/auth/login', { method: 'POST', body: { email: user.email, password: PASSWORD } });
  return { ...user, token: login.body.access_token };
};

let adminToken: string;
let userToken: string;

beforeAll(async () => {
  Object.assign(process.env, inject('cloudEnv'));
  adminToken = await operatorToken(inject('adminCredentials'));
  userToken = (await signedInUser('plain')).token;
});

describe('the admin routes, from the route table', () => {
  it('are all under /api/admin/ in the admin area, and all but login need the admin access', () => {
    const area = ROUTES.filter((route) => route.area === 'admin');
    expect(area.every((route) => route.path.startsWith('/api/admin/'))).toBe(true);
    expect(area.filter((route) => route.access !== 'admin').map((route) => route.name)).toEqual(['adminLogin']);
    expect(ADMIN_ROUTES.length).toBeGreaterThanOrEqual(15);
  });

  it.each(ADMIN_ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const))('%s: 401 without a token, 403 with a user token', async (_, route) => {
    const anonymous = await api(pathOf(route), { method: route.method, body: route.method === 'GET' ? undefined : {} });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ code: 'UNAUTHORIZED' });
    const asUser = await api(pathOf(route), { method: route.method, token: userToken, body: route.method === 'GET' ? undefined : {} });
    expect(asUser.status).toBe(403);
    expect(asUser.body).toEqual({ detail: 'You are not allowed to do that', code: 'FORBIDDEN' });
  });

  it('let an admin token through (dashboard, me)', async () => {
    expect((await api('/api/admin/dashboard', { token: adminToken })).status).toBe(200);
    const me = await api<{ email: string }>('/api/admin/me', { token: adminToken });
    expect(me.body.email).toBe(inject('adminCredentials').email);
  });
});

describe('POST /api/admin/login', () => {
  it('answers {access_token} for the admin, and "Invalid admin credentials" to anyone else', async () => {
    const admin = inject('adminCredentials');
    const adminId = (await api<{ id: string }>('/api/admin/me', { token: adminToken })).body.id;
    const ok = await adminLogin({ ...admin, code: await nextCodeOf(adminId) });
    expect(ok.body).toMatchObject({ access_token: expect.any(String), token_type: 'Bearer', admin: { email: admin.email }, two_factor_setup_required: false });

    const user = await signedInUser('not-admin');
    for (const body of [
      { email: admin.email, password: 'wrong-password' },
      { email: 'nobody-here@example.com', password: 'whatever-it-is' },
      { email: user.email, password: PASSWORD },
    ]) {
      const refused = await adminLogin(body);
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual({ detail: 'Invalid admin credentials', code: 'INVALID_CREDENTIALS' });
    }
  });

  it('records a refused admin sign-in of a real account as an auth_error', async () => {
    const user = await signedInUser('door-knocker');
    const userId = await userIdOf(user.token);
    expect((await adminLogin({ email: user.email, password: PASSWORD })).status).toBe(401);
    const errors = await api<{ errors: { user_id: string; error_type: string; context: Record<string, unknown> }[] }>(
      '/api/admin/application-errors?error_type=auth_error&limit=100',
      { token: adminToken },
    );
    const mine = errors.body.errors.find((error) => error.user_id === userId);
    expect(mine).toMatchObject({ error_type: 'auth_error', context: { email: user.email, reason: 'not_in_admin_group' } });
    expect(JSON.stringify(mine)).not.toContain(PASSWORD);
  });
});

describe('group-name tricks and foreign tokens', () => {
  it.each([['admins'], ['x,admin'], ['Admin'], ['"admin"']])('a member of the group %s is not an admin', async (group) => {
    const member = await userInGroup(group);
    expect((await api('/api/admin/dashboard', { token: member.token })).status).toBe(403);
    expect((await adminLogin({ email: member.email, password: PASSWORD })).status).toBe(401);
  });

  it('refuses a token of another app client of the same pool (401)', async () => {
    const user = await signedInUser('other-client');
    const { UserPoolClient } = await cognito().send(
      new CreateUserPoolClientCommand({ UserPoolId: inject('cloudEnv').USER_POOL_ID, ClientName: 'other', ExplicitAuthFlows: ['USER_PASSWORD_AUTH'] }),
    );
    const other = await cognito().send(
      new InitiateAuthCommand({ ClientId: UserPoolClient!.ClientId!, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: user.email, PASSWORD } }),
    );
    const token = other.AuthenticationResult!.AccessToken!;
    expect((await api('/api/admin/dashboard', { token })).status).toBe(401);
    expect((await api('/api/auth/me', { token })).status).toBe(401);
  });

  it('refuses a token of another user pool, even of an admin-group member there (401)', async () => {
    const { UserPool } = await cognito().send(new CreateUserPoolCommand({ PoolName: `foreign-${Date.now()}` }));
    const poolId = UserPool!.Id!;
    const { UserPoolClient } = await cognito().send(
      new CreateUserPoolClientCommand({ UserPoolId: poolId, ClientName: 'foreign', ExplicitAuthFlows: ['USER_PASSWORD_AUTH'] }),
    );
    await cognito().send(new AdminCreateUserCommand({ UserPoolId: poolId, Username: 'intruder@example.com', MessageAction: 'SUPPRESS' }));
    await cognito().send(new AdminSetUserPasswordCommand({ UserPoolId: poolId, Username: 'intruder@example.com', Password: PASSWORD, Permanent: true }));
    await cognito().send(new CreateGroupCommand({ UserPoolId: poolId, GroupName: 'admin' }));
    await cognito().send(new AdminAddUserToGroupCommand({ UserPoolId: poolId, Username: 'intruder@example.com', GroupName: 'admin' }));
    const login = await cognito().send(
      new InitiateAuthCommand({
        ClientId: UserPoolClient!.ClientId!,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: 'intruder@example.com', PASSWORD },
      }),
    );
    expect((await api('/api/admin/dashboard', { token: login.AuthenticationResult!.AccessToken! })).status).toBe(401);
  });
});
