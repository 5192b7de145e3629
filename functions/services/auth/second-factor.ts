import { getTwoFactor, takeRecoveryCode, takeTotpStep } from '../../repositories/two-factor-repository.js';
import { openSecret } from '../../secrets/envelope.js';
import { hashRecoveryCode } from './recovery-codes.js';
import { matchTotpStep } from './totp.js';

/**
 * The second step of a sign-in (docs/security.md "Two-factor sign-in"), apart from the set-up so
 * that the sign-ins' bundles only open secrets and never seal them (docs/security.md "Least privilege").
 */

/** The secret is bound to its owner: a sealed secret copied onto another person does not open. */
export const twoFactorSecretContext = (userId: string): string => `two_factor:${userId}`;

/** Whether the person has two-factor sign-in on (the sign-in's second step is asked). */
export const hasTwoFactor = async (userId: string): Promise<boolean> => (await getTwoFactor(userId))?.status === 'on';

/**
 * Checks a second step: a TOTP code of a step later than the last one used (a replay within the
 * same 30 s is refused), or an unused recovery code, which is used up. False for anything else.
 */
export const passSecondFactor = async (userId: string, typed: string, now: Date = new Date()): Promise<boolean> => {
  const stored = await getTwoFactor(userId);
  if (stored?.status !== 'on') return false;
  const recoveryHash = hashRecoveryCode(typed);
  if (recoveryHash) return takeRecoveryCode(userId, recoveryHash);
  const secret = await openSecret(stored.sealed_secret, twoFactorSecretContext(userId));
  const step = matchTotpStep(secret, typed, now);
  return step !== null && takeTotpStep(userId, step);
};
