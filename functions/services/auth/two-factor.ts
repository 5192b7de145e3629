import {
  TWO_FACTOR_TEXT,
  type DisableTwoFactorInput,
  type RecoveryCodes,
  type TwoFactorCodeInput,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '../../../shared/auth/two-factor.js';
import { AppError } from '../../../shared/errors.js';
import {
  deleteTwoFactor,
  enableTwoFactor,
  getTwoFactor,
  replaceRecoveryCodes,
  savePendingTwoFactor,
  type StoredTwoFactor,
} from '../../repositories/two-factor-repository.js';
import { markTokenPassedSecondFactor } from '../../repositories/session-repository.js';
import { openSecret, sealSecret } from '../../secrets/envelope.js';
import type { CallerContext } from '../context.js';
import { clearPasswordAttempts, takePasswordAttempt, type PasswordAttempt } from './address-limits.js';
import { confirmPassword } from './confirm-password.js';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes.js';
import { hasTwoFactor, passSecondFactor, twoFactorSecretContext } from './second-factor.js';
import { matchTotpStep, newTotpSecret, otpauthUri } from './totp.js';

/**
 * Two-factor sign-in (docs/security.md "Two-factor sign-in"): our own TOTP, checked in front of the
 * session, with recovery codes. Set-up is two steps (a secret, then a first code turns it on and
 * hands out the recovery codes once); regenerating the codes needs a current code; turning it off
 * needs the password and a code, and an operator cannot turn it off at all.
 */

/** A set-up waits this long for its first code. */
const PENDING_SETUP_MINUTES = 15;


/** An operator's access token as the caller presented it: its `jti` and expiry (epoch seconds). */
export interface PresentedToken {
  tokenId: string;
  expiresAtEpoch: number;
}

const wrongCode = (text: string = TWO_FACTOR_TEXT.codeWrong): AppError =>
  new AppError('VALIDATION_FAILED', text, [{ field: 'code', message: text }]);

const statusOf = (stored: StoredTwoFactor | null): TwoFactorStatus =>
  stored?.status === 'on'
    ? { enabled: true, enabled_at: stored.enabled_at, recovery_codes_left: stored.recovery_hashes.length }
    : { enabled: false, enabled_at: null, recovery_codes_left: 0 };

/** GET /api/auth/two-factor. */
export const getTwoFactorStatus = async (ctx: Pick<CallerContext, 'userId'>): Promise<TwoFactorStatus> =>
  statusOf(await getTwoFactor(ctx.userId));


/** POST /api/auth/two-factor/setup: a new secret, sealed at rest, waiting for its first code. */
export const startTwoFactorSetup = async (ctx: Pick<CallerContext, 'userId' | 'profile'>, now: Date = new Date()): Promise<TwoFactorSetup> => {
  const secret = newTotpSecret();
  const sealed = await sealSecret(secret, twoFactorSecretContext(ctx.userId));
  const pendingUntil = new Date(now.getTime() + PENDING_SETUP_MINUTES * 60_000).toISOString();
  if (!(await savePendingTwoFactor(ctx.userId, sealed, pendingUntil))) throw new AppError('CONFLICT', TWO_FACTOR_TEXT.alreadyOn);
  return { secret, otpauth_uri: otpauthUri(secret, ctx.profile.email) };
};

const hashedCodes = (codes: string[]): string[] => codes.map((code) => hashRecoveryCode(code)!);

/**
 * POST /api/auth/two-factor/confirm: the first code turns it on, and the recovery codes are shown
 * this once. An operator who sets it up from a session that did not pass a second step (the admin
 * sign-in of an operator without it) has just proved the app: that session reaches the panel.
 */
export const confirmTwoFactorSetup = async (
  ctx: Pick<CallerContext, 'userId' | 'isAdmin'>,
  input: TwoFactorCodeInput,
  token: PresentedToken | null,
  now: Date = new Date(),
): Promise<RecoveryCodes> => {
  const stored = await getTwoFactor(ctx.userId);
  if (stored?.status === 'on') throw new AppError('CONFLICT', TWO_FACTOR_TEXT.alreadyOn);
  if (!stored || !stored.pending_until || Date.parse(stored.pending_until) <= now.getTime()) {
    throw new AppError('VALIDATION_FAILED', TWO_FACTOR_TEXT.noSetupToConfirm);
  }
  const secret = await openSecret(stored.sealed_secret, twoFactorSecretContext(ctx.userId));
  const step = matchTotpStep(secret, input.code, now);
  if (step === null) throw wrongCode(TWO_FACTOR_TEXT.setupCodeWrong);
  const codes = newRecoveryCodes();
  if (!(await enableTwoFactor(ctx.userId, stored.sealed_secret, hashedCodes(codes), step, now.toISOString()))) {
    throw new AppError('VALIDATION_FAILED', TWO_FACTOR_TEXT.noSetupToConfirm);
  }
  if (ctx.isAdmin && token) await markTokenPassedSecondFactor(ctx.userId, token.tokenId);
  return { recovery_codes: codes };
};

/** A code asked by a signed-in change, counted like a sign-in attempt (so a stolen session cannot guess faster). */
const requireCode = async (attempt: PasswordAttempt, userId: string, code: string): Promise<void> => {
  await takePasswordAttempt(attempt);
  if (!(await passSecondFactor(userId, code))) throw wrongCode();
  await clearPasswordAttempts(attempt);
};

const requireOn = async (userId: string): Promise<void> => {
  if (!(await hasTwoFactor(userId))) throw new AppError('CONFLICT', TWO_FACTOR_TEXT.notOn);
};

/** POST /api/auth/two-factor/recovery-codes: a new set for a current code; the old ones stop working. */
export const regenerateRecoveryCodes = async (ctx: CallerContext, input: TwoFactorCodeInput): Promise<RecoveryCodes> => {
  await requireOn(ctx.userId);
  await requireCode({ email: ctx.profile.email, clientIp: ctx.clientIp }, ctx.userId, input.code);
  const codes = newRecoveryCodes();
  if (!(await replaceRecoveryCodes(ctx.userId, hashedCodes(codes)))) throw new AppError('CONFLICT', TWO_FACTOR_TEXT.notOn);
  return { recovery_codes: codes };
};

/** POST /api/auth/two-factor/disable: the password and a code; never for an operator (required for them). */
export const disableTwoFactor = async (ctx: CallerContext, input: DisableTwoFactorInput): Promise<TwoFactorStatus> => {
  if (ctx.isAdmin) throw new AppError('FORBIDDEN', TWO_FACTOR_TEXT.operatorsKeepIt);
  await requireOn(ctx.userId);
  const attempt = { email: ctx.profile.email, clientIp: ctx.clientIp };
  await confirmPassword(attempt, input.password, 'password');
  await requireCode(attempt, ctx.userId, input.code);
  await deleteTwoFactor(ctx.userId);
  return statusOf(null);
};
