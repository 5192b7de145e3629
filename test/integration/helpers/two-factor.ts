import { setTimeout as sleep } from 'node:timers/promises';
import { inject } from 'vitest';
import { getTwoFactor } from '../../../functions/repositories/two-factor-repository.js';
import { findUserIdByEmail } from '../../../functions/repositories/user-repository.js';
import { openSecret } from '../../../functions/secrets/envelope.js';
import { twoFactorSecretContext } from '../../../functions/services/auth/second-factor.js';
import { totpCodeForStep, totpStepAt } from '../../../functions/services/auth/totp.js';
import { normalizeEmail } from '../../../shared/table/keys.js';
import { api } from './api.js';

/**
 * Two-factor sign-in for the integration tests (docs/security.md "Two-factor sign-in"): what an
 * authenticator app does (a code from the secret), and an operator's session through the admin
 * sign-in's second step, so every admin test file signs in as an operator really must.
 */

/**
 * The code of the first step not used yet (after `lastStep`) that the server still accepts (now
 * or the next step); waits for the step to come when both are used.
 */
export const codeAfter = async (secret: string, lastStep: number | null): Promise<string> => {
  for (;;) {
    const now = totpStepAt(new Date());
    const step = Math.max(now, (lastStep ?? -1) + 1);
    if (step <= now + 1) return totpCodeForStep(secret, step);
    await sleep(1000);
  }
};

/** The code an authenticator app would show for this account now, read from the table (a step not used yet). */
export const nextCodeOf = async (userId: string): Promise<string> => {
  Object.assign(process.env, inject('cloudEnv'));
  const stored = await getTwoFactor(userId);
  if (stored?.status !== 'on') throw new Error(`two-factor sign-in is not on for ${userId}`);
  return codeAfter(await openSecret(stored.sealed_secret, twoFactorSecretContext(userId)), stored.last_step);
};

/** `nextCodeOf` for an account by its address. */
export const nextCodeOfAddress = async (email: string): Promise<string> => {
  Object.assign(process.env, inject('cloudEnv'));
  const userId = await findUserIdByEmail(normalizeEmail(email));
  if (!userId) throw new Error(`no account for ${email}`);
  return nextCodeOf(userId);
};

/** Turns two-factor sign-in on for a signed-in session: the secret and the recovery codes. */
export const turnOnTwoFactor = async (token: string): Promise<{ secret: string; recovery_codes: string[] }> => {
  const setup = await api<{ secret: string; otpauth_uri: string }>('/api/auth/two-factor/setup', { method: 'POST', token });
  if (setup.status !== 200) throw new Error(`set-up failed: ${JSON.stringify(setup.body)}`);
  const confirmed = await api<{ recovery_codes: string[] }>('/api/auth/two-factor/confirm', {
    method: 'POST',
    token,
    body: { code: await codeAfter(setup.body.secret, null) },
  });
  if (confirmed.status !== 200) throw new Error(`confirm failed: ${JSON.stringify(confirmed.body)}`);
  return { secret: setup.body.secret, recovery_codes: confirmed.body.recovery_codes };
};

/**
 * An operator's access token that reaches the panel: the admin sign-in, with the code when the
 * operator has two-factor sign-in, else the set-up confirmed from the session it answers.
 */
export const operatorToken = async (credentials: { email: string; password: string }): Promise<string> => {
  Object.assign(process.env, inject('cloudEnv'));
  const first = await api<{ access_token: string; two_factor_setup_required: boolean; code?: string }>('/api/admin/login', {
    method: 'POST',
    body: credentials,
  });
  if (first.status === 200 && first.body.two_factor_setup_required) {
    await turnOnTwoFactor(first.body.access_token);
    return first.body.access_token;
  }
  if (first.body.code !== 'TWO_FACTOR_REQUIRED') throw new Error(`admin login failed: ${JSON.stringify(first.body)}`);
  const login = await api<{ access_token: string }>('/api/admin/login', {
    method: 'POST',
    body: { ...credentials, code: await nextCodeOfAddress(credentials.email) },
  });
  if (login.status !== 200) throw new Error(`admin login with a code failed: ${JSON.stringify(login.body)}`);
  return login.body.access_token;
};
