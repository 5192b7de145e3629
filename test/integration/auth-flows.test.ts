import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { hashToken } from '../../functions/services/auth/one-time-token.js';
import { TEXT } from '../../shared/texts.js';
import { checkKey, emailKey, ENTITY, monitorPartition, rateLimitPartition, rollupKey, tokenKey, userKey, workspaceKey } from '../../shared/table/keys.js';
import { api, baseUrl, latestMailTo, PASSWORD, signedInUser, uniqueEmail, verificationTokenFrom } from './helpers/api.js';
import { itemsInPartition as itemsIn } from './helpers/pipeline.js';
import { memberItem, membershipItem } from '../../functions/repositories/workspace-items.js';

/**
 * The rest of the auth API against the local cloud: resend verification, forgot and reset password,
 * login throttling, change password and delete account. Each test makes its own users.
 */

const env = () => inject('cloudEnv');
let documentClient: DynamoDBDocumentClient | undefined;
const table = () =>
  (documentClient ??= DynamoDBDocumentClient.from(
    new DynamoDBClient({
      region: env().AWS_REGION,
      endpoint: env().DYNAMODB_ENDPOINT,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  ));

const putItem = (item: Record<string, unknown>) => table().send(new PutCommand({ TableName: env().TABLE_NAME, Item: item }));

interface StoredEmail {
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
}

const mailsTo = async (address: string): Promise<StoredEmail[]> => {
  const store = (await (await fetch(inject('sesStoreUrl'))).json()) as { emails: StoredEmail[] };
  return store.emails.filter((mail) => mail.destination.to.some((to) => to.includes(address)));
};

const resetTokenFrom = (mail: StoredEmail): string => {
  const found = /\/reset-password\?token=([A-Za-z0-9_%-]+)/.exec(mail.body.text ?? '');
  if (!found?.[1]) throw new Error(`no reset link in: ${mail.body.text}`);
  return decodeURIComponent(found[1]);
};

const post = (path: string, body?: unknown, token?: string) => api(path, { method: 'POST', body, token });
const login = (email: string, password: string) => post('/api/auth/login', { email, password });
const register = (email: string) => post('/api/auth/register', { name: 'Flow Tester', email, password: PASSWORD });

/** A reset link for an existing account, straight from the mail. */
const requestResetLink = async (email: string): Promise<string> => {
  const before = (await mailsTo(email)).length;
  expect((await post('/api/auth/forgot-password', { email })).status).toBe(200);
  await expect.poll(async () => (await mailsTo(email)).length).toBe(before + 1);
  return resetTokenFrom(await latestMailTo(email));
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const noStackTrace = (body: unknown) => expect(JSON.stringify(body)).not.toMatch(/at .*\.(ts|js):\d+/);

const LONG_EMAIL = `${'a'.repeat(250)}@example.com`;

describe('resend verification', () => {
  it('sends a fresh link to an account waiting for verification, and the new link verifies it', async () => {
    const email = uniqueEmail('resend');
    expect((await register(email)).status).toBe(201);
    const first = verificationTokenFrom(await latestMailTo(email));

    const resent = await post('/api/auth/resend-verification', { email: email.toUpperCase() });
    expect(resent.status).toBe(200);
    expect(resent.body.message).toEqual(expect.any(String));
    await expect.poll(async () => (await mailsTo(email)).length).toBe(2);
    const second = verificationTokenFrom(await latestMailTo(email));
    expect(second).not.toBe(first);

    expect((await post(`/api/auth/verify-email?token=${encodeURIComponent(second)}`)).status).toBe(200);
    expect((await login(email, PASSWORD)).status).toBe(200);
  });

  it('answers the same for an unknown address and a verified account, and mails neither', async () => {
    const unknown = uniqueEmail('nobody');
    const { email: verified } = await signedInUser('verified');
    const mailsBefore = (await mailsTo(verified)).length;

    const forUnknown = await post('/api/auth/resend-verification', { email: unknown });
    const forVerified = await post('/api/auth/resend-verification', { email: verified });
    expect(forUnknown.status).toBe(200);
    expect(forVerified.status).toBe(200);
    expect(forVerified.body).toEqual(forUnknown.body);

    await sleep(500);
    expect(await mailsTo(unknown)).toHaveLength(0);
    expect(await mailsTo(verified)).toHaveLength(mailsBefore);
  });

  it('answers 429 after 3 requests for one address in 15 minutes, registered or not', async () => {
    for (const email of [uniqueEmail('resend-limit'), (await signedInUser('resend-limit')).email]) {
      for (let i = 0; i < 3; i++) expect((await post('/api/auth/resend-verification', { email })).status).toBe(200);
      const limited = await post('/api/auth/resend-verification', { email });
      expect(limited.status).toBe(429);
      expect(limited.body).toMatchObject({ code: 'RATE_LIMITED', detail: expect.stringMatching(/^Too many emails were requested for this address\. Please try again in \d+ minutes?\.$/) });
    }
  });

  it.each([
    ['no body', undefined, 'Email is required'],
    ['a missing email', { name: 'x' }, 'Email is required'],
    ['an email of the wrong type', { email: 42 }, 'Email is required'],
    ['something that is not an email', { email: 'not-an-email' }, 'Please enter a valid email address'],
    ['an email over 254 characters', { email: LONG_EMAIL }, 'Email is too long'],
  ])('answers 400 for %s', async (_case, body, detail) => {
    const response = await post('/api/auth/resend-verification', body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED', detail });
    noStackTrace(response.body);
  });
});

describe('forgot password', () => {
  it('mails a reset link to the app for an existing account', async () => {
    const { email } = await signedInUser('forgot');
    const response = await post('/api/auth/forgot-password', { email: ` ${email.toUpperCase()} ` });
    expect(response.status).toBe(200);
    const mail = await latestMailTo(email);
    expect(mail.subject).toBe('Reset your Upwatch password');
    expect(mail.body.text).toContain(`${baseUrl()}/reset-password?token=`);
    expect(mail.body.text).toContain('expires in 1 hour');
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const { email } = await signedInUser('forgot-known');
    const known = await post('/api/auth/forgot-password', { email });
    const unknownEmail = uniqueEmail('forgot-unknown');
    const unknown = await post('/api/auth/forgot-password', { email: unknownEmail });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    await sleep(500);
    expect(await mailsTo(unknownEmail)).toHaveLength(0);
  });

  it('answers 429 after 3 requests for one address in 15 minutes', async () => {
    const email = uniqueEmail('forgot-limit');
    for (let i = 0; i < 3; i++) expect((await post('/api/auth/forgot-password', { email })).status).toBe(200);
    const limited = await post('/api/auth/forgot-password', { email });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('RATE_LIMITED');
  });

  it.each([
    ['no body', undefined],
    ['a missing email', {}],
    ['an email of the wrong type', { email: ['a@example.com'] }],
    ['something that is not an email', { email: 'nope' }],
    ['an email over 254 characters', { email: LONG_EMAIL }],
  ])('answers 400 for %s', async (_case, body) => {
    const response = await post('/api/auth/forgot-password', body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED', detail: expect.any(String) });
    noStackTrace(response.body);
  });
});

const USED_LINK = 'This password reset link has already been used. Request a new one if you need to reset your password again.';

describe('reset password', () => {
  it('sets the new password once: the old password stops working and the link cannot be used again', async () => {
    const { email } = await signedInUser('reset');
    const token = await requestResetLink(email);

    const reset = await post('/api/auth/reset-password', { token, new_password: 'brand-new-password' });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toEqual(expect.any(String));

    expect((await login(email, PASSWORD)).status).toBe(401);
    expect((await login(email, 'brand-new-password')).status).toBe(200);

    const again = await post('/api/auth/reset-password', { token, new_password: 'another-password' });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 'INVALID_TOKEN', detail: USED_LINK });
  });

  it('checks a link when the page opens, without using it up, and says when it was used', async () => {
    const { email } = await signedInUser('reset-check');
    const token = await requestResetLink(email);

    const fresh = await post('/api/auth/reset-password/check', { token });
    expect(fresh.status).toBe(200);
    expect(fresh.body.message).toEqual(expect.any(String));
    // Checking twice still leaves a working link.
    expect((await post('/api/auth/reset-password/check', { token })).status).toBe(200);
    expect((await post('/api/auth/reset-password', { token, new_password: 'checked-then-reset' })).status).toBe(200);

    const used = await post('/api/auth/reset-password/check', { token });
    expect(used.status).toBe(400);
    expect(used.body).toMatchObject({ code: 'INVALID_TOKEN', detail: USED_LINK });

    const unknown = await post('/api/auth/reset-password/check', { token: 'made-up-token' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'INVALID_TOKEN', detail: 'This password reset link is invalid or has expired. Request a new one.' });
    const missing = await post('/api/auth/reset-password/check', {});
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'VALIDATION_FAILED', detail: TEXT.missingResetToken });
  });

  it('the check says an older link is dead once a newer one was used', async () => {
    const { email } = await signedInUser('reset-check-old');
    const older = await requestResetLink(email);
    await sleep(1100);
    const newer = await requestResetLink(email);
    expect((await post('/api/auth/reset-password', { token: newer, new_password: 'newer-password' })).status).toBe(200);
    const check = await post('/api/auth/reset-password/check', { token: older });
    expect(check.status).toBe(400);
    expect(check.body.code).toBe('INVALID_TOKEN');
  });

  it('ends the older links once a newer one has been used', async () => {
    const { email } = await signedInUser('reset-two');
    const older = await requestResetLink(email);
    // Links are dated to the second; the change must come in a later second than the older link.
    await sleep(1100);
    const newer = await requestResetLink(email);
    expect((await post('/api/auth/reset-password', { token: newer, new_password: 'newer-password' })).status).toBe(200);
    const usingOlder = await post('/api/auth/reset-password', { token: older, new_password: 'older-password' });
    expect(usingOlder.status).toBe(400);
    expect(usingOlder.body.code).toBe('INVALID_TOKEN');
    expect((await login(email, 'newer-password')).status).toBe(200);
  });

  it('refuses a link that has expired', async () => {
    const { email, token: accessToken } = await signedInUser('reset-expired');
    const me = await api<{ id: string }>('/api/auth/me', { token: accessToken });
    const expired = 'expired-reset-token-for-the-test';
    await putItem({
      ...tokenKey(hashToken(expired)),
      kind: 'reset_password',
      user_id: me.body.id,
      expires_at: Math.floor(Date.now() / 1000) - 1,
      entity: ENTITY.token,
    });
    const response = await post('/api/auth/reset-password', { token: expired, new_password: 'never-applied' });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('INVALID_TOKEN');
    expect((await login(email, PASSWORD)).status).toBe(200);
  });

  it('verifies an address that never was: the link proves the mailbox', async () => {
    const email = uniqueEmail('reset-unverified');
    expect((await register(email)).status).toBe(201);
    expect((await login(email, PASSWORD)).status).toBe(403);
    const token = await requestResetLink(email);
    expect((await post('/api/auth/reset-password', { token, new_password: 'verified-by-reset' })).status).toBe(200);
    const signedIn = await login(email, 'verified-by-reset');
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user).toMatchObject({ email, email_verified: true });
  });

  it.each([
    ['no body', undefined, `${TEXT.missingResetToken}. New password is required`],
    ['a missing token', { new_password: 'long-enough-1' }, TEXT.missingResetToken],
    ['an empty token', { token: '  ', new_password: 'long-enough-1' }, TEXT.missingResetToken],
    ['a token of the wrong type', { token: 12345, new_password: 'long-enough-1' }, TEXT.missingResetToken],
    ['a token that is far too long', { token: 'x'.repeat(201), new_password: 'long-enough-1' }, TEXT.missingResetToken],
    ['a missing password', { token: 'some-token' }, 'New password is required'],
    ['a password of the wrong type', { token: 'some-token', new_password: 12345678 }, 'New password is required'],
    ['a password under 8 characters', { token: 'some-token', new_password: '1234567' }, TEXT.passwordTooShort],
    ['a password over 256 characters', { token: 'some-token', new_password: 'p'.repeat(257) }, 'Password is too long'],
  ])('answers 400 for %s', async (_case, body, detail) => {
    const response = await post('/api/auth/reset-password', body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED', detail });
    noStackTrace(response.body);
  });

  it('answers 400 INVALID_TOKEN for a token nobody issued', async () => {
    const response = await post('/api/auth/reset-password', { token: 'made-up-token', new_password: 'long-enough-1' });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('INVALID_TOKEN');
  });
});

describe('login throttling', () => {
  it('answers 429 after 5 failed attempts, even with the right password, and a reset lifts it', async () => {
    const { email } = await signedInUser('locked');
    for (let i = 0; i < 5; i++) expect((await login(email, 'wrong-password')).status).toBe(401);

    const locked = await login(email, PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({
      code: 'RATE_LIMITED',
      detail: expect.stringMatching(/^Too many failed password attempts\. Please try again in \d+ minutes?\.$/),
    });
    noStackTrace(locked.body);

    const token = await requestResetLink(email);
    expect((await post('/api/auth/reset-password', { token, new_password: 'after-the-lock' })).status).toBe(200);
    expect((await login(email, 'after-the-lock')).status).toBe(200);
  });

  it('treats an unknown address the same, so a 429 reveals nothing', async () => {
    const email = uniqueEmail('ghost');
    for (let i = 0; i < 5; i++) expect((await login(email, 'wrong-password')).status).toBe(401);
    expect((await login(email, 'wrong-password')).status).toBe(429);
  });

  it('lets no more than 5 of a burst of parallel attempts through', async () => {
    const { email } = await signedInUser('burst');
    const answers = await Promise.all(Array.from({ length: 12 }, () => login(email, 'wrong-password')));
    expect(answers.filter((answer) => answer.status === 401)).toHaveLength(5);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(7);
  });

  it('forgets earlier failures after a successful login', async () => {
    const { email } = await signedInUser('forgiven');
    for (let i = 0; i < 4; i++) expect((await login(email, 'wrong-password')).status).toBe(401);
    expect((await login(email, PASSWORD)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login(email, 'wrong-password')).status).toBe(401);
    expect((await login(email, PASSWORD)).status).toBe(200);
  });
});

describe('change password', () => {
  it('changes the password when the current one is right', async () => {
    const { email, token } = await signedInUser('change');
    const changed = await post('/api/auth/change-password', { current_password: PASSWORD, new_password: 'changed-password' }, token);
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ message: TEXT.passwordChanged, access_token: expect.any(String), token_type: 'Bearer' });
    expect((await login(email, PASSWORD)).status).toBe(401);
    expect((await login(email, 'changed-password')).status).toBe(200);
    // The caller's device goes on with the session the change opened (other sessions: security.test.ts).
    expect((await api('/api/auth/me', { token: (changed.body as { access_token: string }).access_token })).status).toBe(200);
  });

  it('answers 400 naming the current password when it is wrong, and changes nothing', async () => {
    const { email, token } = await signedInUser('change-wrong');
    const response = await post('/api/auth/change-password', { current_password: 'not-it-at-all', new_password: 'changed-password' }, token);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      detail: 'Current password is incorrect',
      errors: [{ field: 'current_password', message: 'Current password is incorrect' }],
    });
    expect((await login(email, PASSWORD)).status).toBe(200);
  });

  it('answers 400 when the new password is the current one', async () => {
    const { token } = await signedInUser('change-same');
    const response = await post('/api/auth/change-password', { current_password: PASSWORD, new_password: PASSWORD }, token);
    expect(response.status).toBe(400);
    expect(response.body.detail).toBe('New password must be different from the current password');
  });

  it('answers 401 without a token', async () => {
    const response = await post('/api/auth/change-password', { current_password: PASSWORD, new_password: 'changed-password' });
    expect(response.status).toBe(401);
  });

  it.each([
    ['no body', undefined, 'Current password is required'],
    ['a missing current password', { new_password: 'long-enough-1' }, 'Current password is required'],
    ['a current password of the wrong type', { current_password: true, new_password: 'long-enough-1' }, 'Current password is required'],
    ['a missing new password', { current_password: PASSWORD }, 'New password is required'],
    ['a new password under 8 characters', { current_password: PASSWORD, new_password: 'short' }, TEXT.newPasswordTooShort],
    ['a new password over 256 characters', { current_password: PASSWORD, new_password: 'n'.repeat(257) }, 'New password is too long'],
  ])('answers 400 for %s', async (_case, body, detail) => {
    const { token } = await signedInUser('change-bad');
    const response = await post('/api/auth/change-password', body, token);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
    expect(response.body.detail).toContain(detail);
    noStackTrace(response.body);
  });
});

describe('delete account', () => {
  it('erases every item of the user and their monitors, the identity and the session', async () => {
    const { email, token } = await signedInUser('delete');
    const me = await api<{ id: string }>('/api/auth/me', { token });
    const userId = me.body.id;
    const monitor = await api<{ id: string }>('/api/monitors', {
      method: 'POST',
      token,
      body: { name: 'Doomed', url: 'https://example.com', check_interval: 300, timeout: 30 },
    });
    expect(monitor.status).toBe(201);
    const monitorId = monitor.body.id;

    // Items of kinds the erasure was not written for must go too: it erases by partition.
    await putItem({ ...checkKey(monitorId, '2025-01-01T00:00:00.000Z', 'us-east-1'), entity: ENTITY.check });
    await putItem({ ...rollupKey(monitorId, '2025-01-01T00'), entity: ENTITY.rollup });
    await putItem({ PK: monitorPartition(monitorId), SK: 'SOME_FUTURE_KIND#1', entity: 'future' });
    await putItem({ PK: userKey(userId).PK, SK: 'SOME_FUTURE_KIND#1', entity: 'future' });
    expect((await login(email, 'wrong-password')).status).toBe(401);
    expect(await itemsIn(rateLimitPartition('login', email))).not.toHaveLength(0);

    const deleted = await api('/api/auth/delete-account', { method: 'DELETE', token, body: { password: PASSWORD } });
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toEqual(expect.any(String));

    expect(await itemsIn(userKey(userId).PK)).toEqual([]);
    expect(await itemsIn(monitorPartition(monitorId))).toEqual([]);
    expect(await itemsIn(rateLimitPartition('login', email))).toEqual([]);
    const claim = await table().send(new GetCommand({ TableName: env().TABLE_NAME, Key: emailKey(email), ConsistentRead: true }));
    expect(claim.Item).toBeUndefined();

    const meAfter = await api('/api/auth/me', { token });
    expect(meAfter.status).toBe(401);
    expect(meAfter.body).toMatchObject({ code: 'UNAUTHORIZED', detail: expect.any(String) });
    expect((await api('/api/auth/delete-account', { method: 'DELETE', token })).status).toBe(401);
    expect((await login(email, PASSWORD)).status).toBe(401);

    // The address is free again: Cognito and the table both forgot it.
    expect((await register(email)).status).toBe(201);
  });

  it('shares a workspace by role, and erasing its founder takes it from the member\'s switcher only', async () => {
    const founder = await signedInUser('founder');
    const viewer = await signedInUser('viewer');
    const founderId = (await api<{ id: string }>('/api/auth/me', { token: founder.token })).body.id;
    const viewerMe = await api<{ id: string; email: string; name: string }>('/api/auth/me', { token: viewer.token });
    const monitor = await api<{ id: string }>('/api/monitors', {
      method: 'POST',
      token: founder.token,
      body: { name: 'Shared', url: 'https://example.com', check_interval: 300, timeout: 30 },
    });
    expect(monitor.status).toBe(201);
    const inFounders = { 'x-workspace-id': founderId };
    // Not a member yet: the workspace is not found for them.
    const before = await api('/api/monitors', { token: viewer.token, headers: inFounders });
    expect(before.status).toBe(404);
    expect(before.body).toMatchObject({ code: 'WORKSPACE_NOT_FOUND' });

    const joinedAt = new Date().toISOString();
    await putItem(memberItem(founderId, viewerMe.body, 'viewer', joinedAt));
    await putItem(membershipItem(viewerMe.body.id, founderId, 'Shared workspace', 'viewer', joinedAt));
    const listed = await api<{ monitors: { id: string }[] }>('/api/monitors', { token: viewer.token, headers: inFounders });
    expect(listed.status).toBe(200);
    expect(listed.body.monitors.map((m) => m.id)).toEqual([monitor.body.id]);
    const write = await api('/api/monitors', {
      method: 'POST',
      token: viewer.token,
      headers: inFounders,
      body: { name: 'Nope', url: 'https://example.org', check_interval: 300, timeout: 30 },
    });
    expect(write.status).toBe(403);
    expect(write.body).toEqual({ code: 'ROLE_NOT_ALLOWED', detail: 'Your role in this workspace is Viewer; this needs Member or higher.' });
    const switcher = await api<{ workspaces: { id: string; role: string; is_own: boolean }[] }>('/api/workspaces', { token: viewer.token });
    expect(switcher.body.workspaces.map((w) => [w.role, w.is_own])).toEqual([
      ['owner', true],
      ['viewer', false],
    ]);
    // The viewer's own workspace is untouched by the header-less request.
    expect((await api<{ monitors: unknown[] }>('/api/monitors', { token: viewer.token })).body.monitors).toEqual([]);

    // The founder deletes their account: the shared workspace goes, the viewer's own stays.
    expect((await api('/api/auth/delete-account', { method: 'DELETE', token: founder.token, body: { password: PASSWORD } })).status).toBe(200);
    expect(await itemsIn(userKey(founderId).PK)).toEqual([]);
    expect((await api('/api/monitors', { token: viewer.token, headers: inFounders })).status).toBe(404);
    const after = await api<{ workspaces: { id: string }[] }>('/api/workspaces', { token: viewer.token });
    expect(after.body.workspaces.map((w) => w.id)).toEqual([viewerMe.body.id]);
  });

  it('erasing the last owner of a workspace someone else founded gives the founder the owner\'s role back', async () => {
    const founder = await signedInUser('founder');
    const owner = await signedInUser('owner');
    const founderMe = await api<{ id: string; email: string; name: string }>('/api/auth/me', { token: founder.token });
    const ownerMe = await api<{ id: string; email: string; name: string }>('/api/auth/me', { token: owner.token });
    const founderId = founderMe.body.id;
    const at = new Date().toISOString();
    // As after an ownership transfer: the other person is the only owner, the founder an admin.
    await putItem(memberItem(founderId, founderMe.body, 'admin', at));
    await putItem(membershipItem(founderId, founderId, 'Shared workspace', 'admin', at));
    await putItem(memberItem(founderId, ownerMe.body, 'owner', at));
    await putItem(membershipItem(ownerMe.body.id, founderId, 'Shared workspace', 'owner', at));
    await table().send(
      new UpdateCommand({
        TableName: env().TABLE_NAME,
        Key: workspaceKey(founderId),
        UpdateExpression: 'SET member_count = :two, owner_count = :one',
        ExpressionAttributeValues: { ':two': 2, ':one': 1 },
      }),
    );
    const billing = { 'x-workspace-id': founderId };
    expect((await api('/api/payments/history', { token: founder.token, headers: billing })).status).toBe(403);

    expect((await api('/api/auth/delete-account', { method: 'DELETE', token: owner.token, body: { password: PASSWORD } })).status).toBe(200);
    expect((await api('/api/payments/history', { token: founder.token, headers: billing })).status).toBe(200);
    const record = await table().send(new GetCommand({ TableName: env().TABLE_NAME, Key: workspaceKey(founderId), ConsistentRead: true }));
    expect(record.Item).toMatchObject({ member_count: 1, owner_count: 1 });
  });

  it('answers 401 without a token', async () => {
    const response = await api('/api/auth/delete-account', { method: 'DELETE' });
    expect(response.status).toBe(401);
    expect(response.body.detail).toEqual(expect.any(String));
  });
});
