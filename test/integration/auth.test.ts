import { describe, expect, it } from 'vitest';
import { TEXT } from '../../shared/texts.js';
import { api, baseUrl, latestMailTo, PASSWORD, signedInUser, uniqueEmail, verificationTokenFrom } from './helpers/api.js';

describe('registration, e-mail verification and login', () => {
  it('register sends a verification link that verifies once, after which login works', async () => {
    const email = uniqueEmail('flow');
    const registered = await api('/api/auth/register', { method: 'POST', body: { name: 'Flow Tester', email, password: PASSWORD } });
    expect(registered.status).toBe(201);

    const mail = await latestMailTo(email);
    expect(mail.body.text).toContain(`${baseUrl()}/verify-email?token=`);
    const token = verificationTokenFrom(mail);

    const beforeVerifying = await api('/api/auth/login', { method: 'POST', body: { email, password: PASSWORD } });
    expect(beforeVerifying.status).toBe(403);
    expect(beforeVerifying.body.code).toBe('EMAIL_NOT_VERIFIED');

    const verified = await api(`/api/auth/verify-email?token=${encodeURIComponent(token)}`, { method: 'POST' });
    expect(verified.status).toBe(200);
    const reused = await api(`/api/auth/verify-email?token=${encodeURIComponent(token)}`, { method: 'POST' });
    // Used once already: it says so (the address is verified) rather than "invalid".
    expect(reused.status).toBe(200);
    expect(reused.body).toEqual({ message: 'This email address is already verified. You can log in.', already_verified: true });
    const unknown = await api(`/api/auth/verify-email?token=${encodeURIComponent(`${token}x`)}`, { method: 'POST' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.detail).toEqual(expect.any(String));

    const login = await api<{ access_token: string; user: Record<string, unknown> }>('/api/auth/login', {
      method: 'POST',
      body: { email: email.toUpperCase(), password: PASSWORD },
    });
    expect(login.status).toBe(200);
    expect(login.body.access_token).toMatch(/^ey/);
    expect(login.body.user).toMatchObject({ name: 'Flow Tester', email, subscription_tier: 'free', email_verified: true, is_admin: false });

    const me = await api('/api/auth/me', { token: login.body.access_token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email, subscription_tier: 'free', timezone: null });
    expect(me.body).not.toHaveProperty('PK');
  });

  it.each([
    ['a zone the runtime knows', 'Asia/Kolkata', 'Asia/Kolkata'],
    ['an old name, stored as its current one', 'Asia/Calcutta', 'Asia/Kolkata'],
    ['an unknown zone (the default: none chosen)', 'Mars/Olympus_Mons', null],
    ['a zone that is not a string', 42, null],
    ['no zone', undefined, null],
  ])("register keeps the browser's time zone: %s", async (_case, timezone, stored) => {
    const email = uniqueEmail('zone');
    const registered = await api('/api/auth/register', { method: 'POST', body: { name: 'Zone Tester', email, password: PASSWORD, timezone } });
    expect(registered.status).toBe(201);
    const token = verificationTokenFrom(await latestMailTo(email));
    expect((await api(`/api/auth/verify-email?token=${encodeURIComponent(token)}`, { method: 'POST' })).status).toBe(200);
    const login = await api<{ access_token: string; user: { timezone: string | null } }>('/api/auth/login', {
      method: 'POST',
      body: { email, password: PASSWORD },
    });
    expect(login.body.user.timezone).toBe(stored);
    const preferences = await api<{ current_timezone: string }>('/api/user/timezones', { token: login.body.access_token });
    expect(preferences.body.current_timezone).toBe(stored ?? 'UTC');
  });

  it('register refuses an e-mail that already has an account', async () => {
    const { email } = await signedInUser('taken');
    const again = await api('/api/auth/register', { method: 'POST', body: { name: 'Someone', email, password: PASSWORD } });
    expect(again.status).toBe(409);
    expect(again.body.detail).toMatch(/already exists/i);
  });

  it.each([
    ['no body at all', undefined, undefined],
    ['malformed JSON', undefined, '{"name": "x",'],
    ['a missing name', { email: 'a@example.com', password: PASSWORD }, undefined],
    ['an e-mail that is not one', { name: 'A', email: 'not-an-email', password: PASSWORD }, undefined],
    ['a short password', { name: 'A', email: 'short@example.com', password: 'short' }, undefined],
    ['a JSON array', [1, 2], undefined],
  ])('register answers 400 with a detail for %s', async (_case, body, rawBody) => {
    const response = await api('/api/auth/register', {
      method: 'POST',
      body,
      rawBody,
      headers: rawBody ? { 'content-type': 'application/json' } : undefined,
    });
    expect(response.status).toBe(400);
    expect(response.body.detail).toEqual(expect.any(String));
    expect(JSON.stringify(response.body)).not.toMatch(/at .*\.ts:\d+/);
  });

  it('register says the product\'s text for a password under 8 characters', async () => {
    const response = await api('/api/auth/register', { method: 'POST', body: { name: 'A', email: uniqueEmail(), password: '1234567' } });
    expect(response.status).toBe(400);
    expect(response.body.detail).toContain(TEXT.passwordTooShort);
  });

  it('verify-email without a token answers 400 with the product\'s text', async () => {
    const response = await api('/api/auth/verify-email', { method: 'POST' });
    expect(response.status).toBe(400);
    expect(response.body.detail).toBe(TEXT.missingVerificationToken);
  });

  it('verify-email with an unknown token answers 400', async () => {
    const response = await api('/api/auth/verify-email?token=not-a-real-token', { method: 'POST' });
    expect(response.status).toBe(400);
    expect(response.body.detail).toEqual(expect.any(String));
  });

  it('login answers 400 for missing fields and 401 for a wrong password', async () => {
    const missing = await api('/api/auth/login', { method: 'POST', body: { email: 'x@example.com' } });
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toEqual(expect.any(String));

    const { email } = await signedInUser('wrongpw');
    const wrong = await api('/api/auth/login', { method: 'POST', body: { email, password: 'not-the-password' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.detail).toMatch(/incorrect email or password/i);

    const unknown = await api('/api/auth/login', { method: 'POST', body: { email: uniqueEmail('ghost'), password: PASSWORD } });
    expect(unknown.status).toBe(401);
    expect(unknown.body.detail).toBe(wrong.body.detail);
  });

  it('me answers 401 without a token and with a forged one', async () => {
    expect((await api('/api/auth/me')).status).toBe(401);
    const forged = await api('/api/auth/me', { token: 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln' });
    expect(forged.status).toBe(401);
    expect(forged.body.detail).toEqual(expect.any(String));
  });

  it('refresh exchanges the refresh token for a new access token', async () => {
    const email = uniqueEmail('refresh');
    await api('/api/auth/register', { method: 'POST', body: { name: 'R', email, password: PASSWORD } });
    const token = verificationTokenFrom(await latestMailTo(email));
    await api(`/api/auth/verify-email?token=${encodeURIComponent(token)}`, { method: 'POST' });
    const login = await api<{ refresh_token: string }>('/api/auth/login', { method: 'POST', body: { email, password: PASSWORD } });
    const refreshed = await api<{ access_token: string }>('/api/auth/refresh', { method: 'POST', body: { refresh_token: login.body.refresh_token } });
    expect(refreshed.status).toBe(200);
    expect((await api('/api/auth/me', { token: refreshed.body.access_token })).status).toBe(200);
    expect((await api('/api/auth/refresh', { method: 'POST', body: { refresh_token: 'nonsense' } })).status).toBe(401);
  });
});
