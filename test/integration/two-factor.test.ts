import { beforeAll, describe, expect, inject, it } from 'vitest';
import { provisionAdmin } from '../../functions/services/auth/provision-admin.js';
import { api, PASSWORD, signedInUser, uniqueEmail } from './helpers/api.js';
import { codeAfter, nextCodeOf, turnOnTwoFactor } from './helpers/two-factor.js';

/**
 * Two-factor sign-in end to end on the local cloud (docs/security.md "Two-factor sign-in"): set-up,
 * the sign-in's second step, recovery codes once, replay and wrong codes counted to the 429,
 * turning it off, and operators refused at /api/admin/* until their session passed the step.
 */

type Login = { access_token?: string; refresh_token?: string; code?: string; detail?: string };
const login = (body: { email: string; password: string; code?: string }) => api<Login>('/api/auth/login', { method: 'POST', body });
const userIdOf = async (token: string) => (await api<{ id: string }>('/api/auth/me', { token })).body.id;

beforeAll(() => {
  Object.assign(process.env, inject('cloudEnv'));
});

describe('setting two-factor sign-in up', () => {
  it('gives a secret and an otpauth URI, turns on only with a right first code, and shows 10 recovery codes once', async () => {
    const user = await signedInUser('tfa-setup');
    expect((await api('/api/auth/two-factor', { token: user.token })).body).toEqual({ enabled: false, enabled_at: null, recovery_codes_left: 0 });
    const setup = await api<{ secret: string; otpauth_uri: string }>('/api/auth/two-factor/setup', { method: 'POST', token: user.token });
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.otpauth_uri).toBe(`otpauth://totp/Upwatch:${encodeURIComponent(user.email)}?secret=${setup.body.secret}&issuer=Upwatch`);
    const wrong = await api('/api/auth/two-factor/confirm', { method: 'POST', token: user.token, body: { code: '000000' } });
    expect(wrong.status).toBe(400);
    // No recovery codes exist yet, so the text does not offer one.
    expect(wrong.body).toMatchObject({ detail: 'That code is not right. Try the current code from your app.' });
    expect((await api<{ enabled: boolean }>('/api/auth/two-factor', { token: user.token })).body.enabled).toBe(false);
    // Not on yet: the password alone still signs in.
    expect((await login({ email: user.email, password: PASSWORD })).status).toBe(200);

    const confirmed = await api<{ recovery_codes: string[] }>('/api/auth/two-factor/confirm', {
      method: 'POST',
      token: user.token,
      body: { code: await codeAfter(setup.body.secret, null) },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.recovery_codes).toHaveLength(10);
    expect(new Set(confirmed.body.recovery_codes).size).toBe(10);
    for (const code of confirmed.body.recovery_codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await api('/api/auth/two-factor', { token: user.token })).body).toMatchObject({ enabled: true, recovery_codes_left: 10 });
    // Shown once: a second set-up is refused while it is on.
    expect((await api('/api/auth/two-factor/setup', { method: 'POST', token: user.token })).status).toBe(409);
  });
});

describe('signing in with two-factor sign-in on', () => {
  it('asks the code after a right password, signs in with it, refuses its replay, and takes a recovery code once', async () => {
    const user = await signedInUser('tfa-login');
    const id = await userIdOf(user.token);
    const { recovery_codes } = await turnOnTwoFactor(user.token);

    const asked = await login({ email: user.email, password: PASSWORD });
    expect(asked.status).toBe(401);
    expect(asked.body).toEqual({ code: 'TWO_FACTOR_REQUIRED', detail: 'Enter the 6-digit code from your authenticator app, or a recovery code.' });
    expect(asked.body.access_token).toBeUndefined();
    // A wrong password with a code is still just a wrong password.
    expect((await login({ email: user.email, password: 'not-the-password', code: '123456' })).body).toMatchObject({ code: 'INVALID_CREDENTIALS' });

    const code = await nextCodeOf(id);
    const signedIn = await login({ email: user.email, password: PASSWORD, code });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.access_token).toEqual(expect.any(String));
    const replay = await login({ email: user.email, password: PASSWORD, code });
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe('TWO_FACTOR_CODE_INVALID');

    const recovery = recovery_codes[0]!;
    expect((await login({ email: user.email, password: PASSWORD, code: recovery.toUpperCase() })).status).toBe(200);
    expect((await login({ email: user.email, password: PASSWORD, code: recovery })).body.code).toBe('TWO_FACTOR_CODE_INVALID');
    expect((await api('/api/auth/two-factor', { token: user.token })).body).toMatchObject({ recovery_codes_left: 9 });
  });

  it('counts wrong codes like wrong passwords: 429 after five', async () => {
    const user = await signedInUser('tfa-limit');
    await turnOnTwoFactor(user.token);
    const answers: number[] = [];
    for (let i = 0; i < 6; i += 1) answers.push((await login({ email: user.email, password: PASSWORD, code: '000000' })).status);
    expect(answers).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('regenerates the recovery codes for a current code: the old ones stop working', async () => {
    const user = await signedInUser('tfa-regen');
    const id = await userIdOf(user.token);
    const { recovery_codes: old } = await turnOnTwoFactor(user.token);
    expect((await api('/api/auth/two-factor/recovery-codes', { method: 'POST', token: user.token, body: { code: '000000' } })).status).toBe(400);
    const fresh = await api<{ recovery_codes: string[] }>('/api/auth/two-factor/recovery-codes', {
      method: 'POST',
      token: user.token,
      body: { code: await nextCodeOf(id) },
    });
    expect(fresh.body.recovery_codes).toHaveLength(10);
    expect((await login({ email: user.email, password: PASSWORD, code: old[1]! })).body.code).toBe('TWO_FACTOR_CODE_INVALID');
    expect((await login({ email: user.email, password: PASSWORD, code: fresh.body.recovery_codes[0]! })).status).toBe(200);
  });

  it('turns off only with the password and a code; then the password alone signs in again', async () => {
    const user = await signedInUser('tfa-off');
    const id = await userIdOf(user.token);
    await turnOnTwoFactor(user.token);
    const off = (body: unknown) => api('/api/auth/two-factor/disable', { method: 'POST', token: user.token, body });
    expect((await off({ password: 'not-the-password', code: await nextCodeOf(id) })).status).toBe(400);
    expect((await off({ password: PASSWORD, code: '000000' })).status).toBe(400);
    expect((await off({ password: PASSWORD })).status).toBe(400);
    expect((await api('/api/auth/two-factor', { token: user.token })).body).toMatchObject({ enabled: true });
    const done = await off({ password: PASSWORD, code: await nextCodeOf(id) });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ enabled: false, enabled_at: null, recovery_codes_left: 0 });
    expect((await login({ email: user.email, password: PASSWORD })).status).toBe(200);
  });
});

describe('a wrong password says nothing about the account (docs/security.md "Sign-in refusals")', () => {
  it('answers the same 401 for an unverified account as for an unknown one; the right password learns it is unverified', async () => {
    const email = uniqueEmail('tfa-unverified');
    expect((await api('/api/auth/register', { method: 'POST', body: { name: 'Unverified', email, password: PASSWORD } })).status).toBe(201);
    const wrong = await login({ email, password: 'not-the-password' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ code: 'INVALID_CREDENTIALS', detail: 'Incorrect email or password' });
    expect((await login({ email, password: PASSWORD })).body).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
  });
});

describe('operators must pass two-factor sign-in', () => {
  it('refuses an operator session without the second step at /api/admin/*, until the set-up is confirmed from it', async () => {
    const operator = { email: uniqueEmail('tfa-operator'), password: PASSWORD };
    await provisionAdmin(operator);
    const first = await api<{ access_token: string; two_factor_setup_required: boolean }>('/api/admin/login', { method: 'POST', body: operator });
    expect(first.status).toBe(200);
    expect(first.body.two_factor_setup_required).toBe(true);
    const refused = await api('/api/admin/dashboard', { token: first.body.access_token });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ code: 'TWO_FACTOR_SETUP_REQUIRED', detail: 'Operators must turn on two-factor sign-in before using the admin panel.' });
    // The user sign-in's token carries the admin group but never passed the admin's second step.
    const asUser = await login(operator);
    expect((await api('/api/admin/dashboard', { token: asUser.body.access_token })).status).toBe(403);

    await turnOnTwoFactor(first.body.access_token);
    expect((await api('/api/admin/dashboard', { token: first.body.access_token })).status).toBe(200);
    // Operators keep it on.
    expect((await api('/api/auth/two-factor/disable', { method: 'POST', token: first.body.access_token, body: { password: PASSWORD, code: '000000' } })).status).toBe(403);

    const withoutCode = await api<{ code: string }>('/api/admin/login', { method: 'POST', body: operator });
    expect(withoutCode.body.code).toBe('TWO_FACTOR_REQUIRED');
    const id = (await api<{ id: string }>('/api/admin/me', { token: first.body.access_token })).body.id;
    const second = await api<{ access_token: string; two_factor_setup_required: boolean }>('/api/admin/login', {
      method: 'POST',
      body: { ...operator, code: await nextCodeOf(id) },
    });
    expect(second.body.two_factor_setup_required).toBe(false);
    expect((await api('/api/admin/dashboard', { token: second.body.access_token })).status).toBe(200);
  });
});
