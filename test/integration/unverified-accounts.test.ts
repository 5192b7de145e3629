import { describe, expect, it } from 'vitest';
import { POLICY } from '../../shared/policies.js';
import { unverifiedAccountIndexKeys, userKey } from '../../shared/table/keys.js';
import { api, latestMailTo, PASSWORD, uniqueEmail, verificationTokenFrom } from './helpers/api.js';

/**
 * Accounts never verified expire (docs/product-rules.md "Unverified accounts"): the hourly sweep
 * erases those past their deadline and keeps every other. Each test backdates its own accounts'
 * index entries, so the sweep at "now" touches no account of another test.
 */

const repositories = async () => ({
  ...(await import('../../functions/repositories/user-repository.js')),
  table: await import('../../functions/repositories/table-commands.js'),
});

const register = async (label: string): Promise<{ email: string; userId: string }> => {
  const email = uniqueEmail(label);
  const registered = await api('/api/auth/register', { method: 'POST', body: { name: `Test ${label}`, email, password: PASSWORD } });
  expect(registered.status).toBe(201);
  const { findUserIdByEmail } = await repositories();
  const userId = await findUserIdByEmail(email);
  if (!userId) throw new Error(`no account for ${email}`);
  return { email, userId };
};

/** Moves an account's deadline into the past, as if it had registered more than 7 days ago. */
const backdate = async (userId: string): Promise<void> => {
  const { table } = await repositories();
  const dueAt = new Date(Date.now() - 60_000).toISOString();
  await table.update({
    Key: userKey(userId),
    UpdateExpression: 'SET GSI2PK = :pk, GSI2SK = :sk',
    ExpressionAttributeValues: { ':pk': unverifiedAccountIndexKeys(dueAt, userId).GSI2PK, ':sk': unverifiedAccountIndexKeys(dueAt, userId).GSI2SK },
  });
};

const sweep = async (): Promise<void> => {
  const { handler } = await import('../../functions/scheduled/expire-unverified-accounts.js');
  await handler({ scheduledTime: new Date().toISOString() });
};

describe('unverified accounts expire', () => {
  it('a new account is due 7 days after it registered, and verifying takes it out of the index', async () => {
    const { email, userId } = await register('due');
    const { table, getUserProfile } = await repositories();
    const { Item } = await table.get({ Key: userKey(userId), ConsistentRead: true });
    const profile = await getUserProfile(userId);
    const dueAt = new Date(Date.parse(String(profile?.created_at)) + POLICY.unverifiedAccountKeptDays * 86_400_000).toISOString();
    expect(Item).toMatchObject(unverifiedAccountIndexKeys(dueAt, userId));

    const mail = await latestMailTo(email);
    expect(mail.body.text).toContain('If the address is not verified within 7 days, the account is removed.');
    const verified = await api(`/api/auth/verify-email?token=${encodeURIComponent(verificationTokenFrom(mail))}`, { method: 'POST' });
    expect(verified.status).toBe(200);
    const after = await table.get({ Key: userKey(userId), ConsistentRead: true });
    expect(after.Item?.GSI2PK).toBeUndefined();
    expect(after.Item?.email_verified).toBe(true);
  });

  it('erases an account past its deadline, frees its address, and keeps the verified and the not yet due', async () => {
    const expired = await register('expired');
    const young = await register('young');
    const verified = await register('verified');
    const link = verificationTokenFrom(await latestMailTo(verified.email));
    expect((await api(`/api/auth/verify-email?token=${encodeURIComponent(link)}`, { method: 'POST' })).status).toBe(200);
    await backdate(expired.userId);

    await sweep();

    const { getUserProfile, findUserIdByEmail } = await repositories();
    expect(await getUserProfile(expired.userId)).toBeNull();
    expect(await findUserIdByEmail(expired.email)).toBeNull();
    expect(await getUserProfile(young.userId)).not.toBeNull();
    expect((await api('/api/auth/login', { method: 'POST', body: { email: verified.email, password: PASSWORD } })).status).toBe(200);
    // The expired account's link leads nowhere, and its address can register again.
    const oldLink = verificationTokenFrom(await latestMailTo(expired.email));
    expect((await api(`/api/auth/verify-email?token=${encodeURIComponent(oldLink)}`, { method: 'POST' })).status).toBe(400);
    const again = await api('/api/auth/register', { method: 'POST', body: { name: 'Test again', email: expired.email, password: PASSWORD } });
    expect(again.status).toBe(201);
  });

  it('keeps an account verified by other means and only takes it out of the index', async () => {
    const account = await register('operator-verified');
    await backdate(account.userId);
    const { table, getUserProfile } = await repositories();
    // An operator's edit sets the flag without touching the index (admin edit-user).
    await table.update({ Key: userKey(account.userId), UpdateExpression: 'SET email_verified = :true', ExpressionAttributeValues: { ':true': true } });

    await sweep();

    expect(await getUserProfile(account.userId)).not.toBeNull();
    const { Item } = await table.get({ Key: userKey(account.userId), ConsistentRead: true });
    expect(Item?.GSI2PK).toBeUndefined();
  });

  it('an account claimed for erasure can no longer be verified', async () => {
    const account = await register('claimed');
    await backdate(account.userId);
    const { claimUnverifiedAccountForErasure } = await import('../../functions/repositories/unverified-account-repository.js');
    expect(await claimUnverifiedAccountForErasure(account.userId, new Date())).toBe(true);
    const link = verificationTokenFrom(await latestMailTo(account.email));
    const verified = await api(`/api/auth/verify-email?token=${encodeURIComponent(link)}`, { method: 'POST' });
    expect(verified.status).toBe(400);
    await sweep();
    const { getUserProfile } = await repositories();
    expect(await getUserProfile(account.userId)).toBeNull();
  });
});
