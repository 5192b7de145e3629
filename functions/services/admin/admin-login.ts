import type { AdminIdentity, AdminLoginInput, AdminLoginResponse } from '../../../shared/admin/schemas.js';
import { AppError } from '../../../shared/errors.js';
import { normalizeEmail } from '../../../shared/table/keys.js';
import { revokeSessionQuietly, signInWithPassword } from '../../repositories/identity-session-repository.js';
import { findUserIdByEmail, getUserProfile } from '../../repositories/user-repository.js';
import type { AuthContext } from '../context.js';
import { expiresInSeconds, readAccessToken } from '../auth/access-token.js';
import { clearPasswordAttempts, takePasswordAttempt } from '../auth/address-limits.js';
import { takeSecondStep } from '../auth/second-factor.js';
import { openSession } from '../auth/sessions.js';
import { recordApplicationError } from '../operations/record-application-error.js';
import { keepOperatorOutOfCustomerFigures } from './operator-accounts.js';

/** docs/product-rules.md "Error catalogue": the one refusal of the admin login, whatever the reason. */
export const INVALID_ADMIN_CREDENTIALS = 'Invalid admin credentials';

const refused = (): AppError => new AppError('INVALID_CREDENTIALS', INVALID_ADMIN_CREDENTIALS);

/**
 * POST /api/admin/login: Cognito sign-in (the same app client and attempt limit as the user
 * login), then the token must carry the `admin` group and the account must be active, then the
 * second step (docs/security.md "Two-factor sign-in"): an operator with two-factor sign-in sends the
 * code (401 TWO_FACTOR_REQUIRED without it, TWO_FACTOR_CODE_INVALID when wrong, counted like a wrong
 * password) and the token is recorded as having passed it; an operator without it gets a token that
 * reaches only the set-up (`two_factor_setup_required`), since every admin route asks for the pass
 * (functions/http/caller.ts). Every password refusal is the same 401; a right password without the
 * group, or of a deactivated account, is an auth anomaly and is recorded (`auth_error`), with the
 * address but never the password.
 */
export const adminLogIn = async ({ input, clientIp, userAgent }: { input: AdminLoginInput; clientIp: string; userAgent?: string }): Promise<AdminLoginResponse> => {
  const email = normalizeEmail(input.email);
  await takePasswordAttempt({ email, clientIp });
  const outcome = await signInWithPassword(email, input.password);
  if (outcome.status !== 'signed_in') {
    // A wrong password for an existing account at the operator door is worth a look; unknown
    // addresses are not recorded (anyone can send those, and the attempt limit bounds the rest).
    const userId = await findUserIdByEmail(email);
    if (userId) {
      await recordApplicationError({
        type: 'auth_error',
        message: 'Admin sign-in refused: wrong password or sign-in disabled',
        context: { email, reason: outcome.status },
        userId,
      });
    }
    throw refused();
  }
  const attempt = { email, clientIp };
  const token = readAccessToken(outcome.tokens.accessToken);
  const profile = await getUserProfile(token.sub);
  if (!token.isAdmin || !profile || !profile.is_active) {
    await clearPasswordAttempts(attempt);
    await recordApplicationError({
      type: 'auth_error',
      message: !token.isAdmin
        ? 'Admin sign-in refused: the account is not an administrator'
        : 'Admin sign-in refused: the account is deactivated or gone',
      context: { email, reason: !token.isAdmin ? 'not_in_admin_group' : 'inactive_or_no_profile' },
      userId: token.sub,
    });
    throw refused();
  }
  // The attempt stays counted until the code is right: failed codes count like wrong passwords.
  const { asked: twoFactorOn, refusal } = await takeSecondStep(profile.id, input.code);
  if (refusal) {
    if (outcome.tokens.refreshToken) await revokeSessionQuietly(outcome.tokens.refreshToken);
    throw refusal;
  }
  await clearPasswordAttempts(attempt);
  await keepOperatorOutOfCustomerFigures(profile.id);
  // The panel gets no refresh token: the operator's session is its access token's hour, recorded
  // and audited (docs/security.md "Tokens and sessions"), and Cognito's refresh token is revoked.
  await openSession({ tokens: { accessToken: outcome.tokens.accessToken }, clientIp, userAgent, secondFactorPassed: twoFactorOn });
  if (outcome.tokens.refreshToken) await revokeSessionQuietly(outcome.tokens.refreshToken);
  return {
    access_token: outcome.tokens.accessToken,
    token_type: 'Bearer',
    expires_in: expiresInSeconds(outcome.tokens.expiresIn, token),
    admin: { id: profile.id, name: profile.name, email: profile.email },
    two_factor_setup_required: !twoFactorOn,
  };
};

/** GET /api/admin/me: the signed-in operator (the panel's "Logged in as"). */
export const getAdminIdentity = async (ctx: AuthContext): Promise<AdminIdentity> => {
  const profile = await getUserProfile(ctx.userId);
  if (!profile) throw new AppError('UNAUTHORIZED', 'Session is no longer valid');
  return { id: profile.id, name: profile.name, email: profile.email };
};
