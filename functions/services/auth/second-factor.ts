import type { AppError } from '../../../shared/errors.js';
import { getTwoFactor, takeRecoveryCode, takeTotpStep } from '../../repositories/two-factor-repository.js';
import { openSecret } from '../../secrets/envelope.js';
import { twoFactorCodeInvalid, twoFactorRequired } from './auth-errors.js';
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

/** What the second step of a sign-in decided: whether it was asked, and the refusal when it failed. */
export interface SecondStepOutcome {
  /** The person has two-factor sign-in on, so the step was asked (an operator's token gets the pass). */
  asked: boolean;
  /** TWO_FACTOR_REQUIRED without a code, TWO_FACTOR_CODE_INVALID for a wrong, used or replayed one. */
  refusal: AppError | null;
}

/**
 * The one second step of both sign-ins, the user's (log-in.ts) and the operator's (admin-login.ts)
 * (docs/security.md "Two-factor sign-in"): not asked when two-factor sign-in is off; else the code
 * must pass. The sign-in that gets a refusal revokes the Cognito session it opened and throws it,
 * leaving the attempt counted (failed codes count like wrong passwords).
 */
export const takeSecondStep = async (userId: string, code: string | undefined, now: Date = new Date()): Promise<SecondStepOutcome> => {
  if (!(await hasTwoFactor(userId))) return { asked: false, refusal: null };
  if (!code) return { asked: true, refusal: twoFactorRequired() };
  return { asked: true, refusal: (await passSecondFactor(userId, code, now)) ? null : twoFactorCodeInvalid() };
};
