import {
  AdminInitiateAuthCommand,
  AdminUserGlobalSignOutCommand,
  InitiateAuthCommand,
  RevokeTokenCommand,
  type AuthenticationResultType,
} from '@aws-sdk/client-cognito-identity-provider';
import { cognito } from '../clients/cognito.js';
import { config } from '../config.js';
import { logger } from '../observability/logger.js';
import { THROTTLED, errorName, isUnsupportedByEmulator, pool, throttled } from './identity-errors.js';

/**
 * Sessions of the identities in the Cognito user pool: signing in with a password, refreshing the
 * access token, and ending sessions. The identities themselves are kept by identity-repository.ts.
 */

export interface SessionTokens {
  accessToken: string;
  /** Absent when refreshing: Cognito keeps the refresh token it issued at sign-in. */
  refreshToken?: string;
  /** Seconds; cognito-local leaves it out, so callers fall back to the token's own lifetime. */
  expiresIn?: number;
}

export type SignInOutcome =
  | { status: 'signed_in'; tokens: SessionTokens }
  /** Wrong password, unknown user, disabled user: Cognito does not say which, and neither do we. */
  | { status: 'rejected' }
  /** The password was right but Cognito wants more (new password, MFA); not part of our flows. */
  | { status: 'challenge'; challenge: string };

let warnedNoGlobalSignOut = false;

/**
 * Ends the identity's sessions at Cognito (a password change or reset, sign out everywhere):
 * AdminUserGlobalSignOut revokes every refresh token. Access tokens already issued stay valid at
 * API Gateway until they expire (its JWT authorizer checks signatures, not revocation); our session
 * rows refuse them (docs/security.md "Tokens and sessions"). cognito-local 5.3 does not implement
 * the call: there it does nothing, and says so once in the log (docs/contracts.md).
 */
export const signOutEverywhere = async (userId: string): Promise<void> => {
  try {
    await cognito().send(new AdminUserGlobalSignOutCommand({ ...pool(), Username: userId }));
  } catch (error) {
    if (!isUnsupportedByEmulator(error)) throw error;
    if (!warnedNoGlobalSignOut) {
      warnedNoGlobalSignOut = true;
      logger.warn('The Cognito emulator cannot sign sessions out at Cognito; the session rows alone end them');
    }
  }
};

/**
 * Revokes one refresh token at Cognito (cognito-local implements RevokeToken too): the session
 * change-password opens to check the current password, a signed-out session's, an operator's that
 * is never handed out. A failure is logged, never thrown: our own session rows are the gate that
 * holds either way (docs/security.md "Tokens and sessions").
 */
export const revokeSessionQuietly = async (refreshToken: string): Promise<void> => {
  try {
    await cognito().send(new RevokeTokenCommand({ ClientId: config().userPoolClientId, Token: refreshToken }));
  } catch (error) {
    logger.error('Could not revoke a refresh token', { error });
  }
};

const sessionTokens = (result: AuthenticationResultType | undefined): SessionTokens | null =>
  result?.AccessToken
    ? { accessToken: result.AccessToken, refreshToken: result.RefreshToken, expiresIn: result.ExpiresIn }
    : null;

// AWS answers a wrong password with NotAuthorizedException, cognito-local with
// InvalidPasswordException; unconfirmed or reset-pending users are refused the same way.
const CREDENTIALS_REFUSED = new Set([
  'NotAuthorizedException',
  'InvalidPasswordException',
  'UserNotFoundException',
  'UserNotConfirmedException',
  'PasswordResetRequiredException',
]);

/**
 * ADMIN_USER_PASSWORD_AUTH against the app client: a call only our Lambdas can make (it needs IAM,
 * `cognito-idp:AdminInitiateAuth`), so the client id the browser knows cannot take a password
 * straight to Cognito around the API's sign-in limits (docs/security.md "Tokens and sessions").
 */
export const signInWithPassword = async (email: string, password: string): Promise<SignInOutcome> => {
  try {
    const result = await cognito().send(
      new AdminInitiateAuthCommand({
        ...pool(),
        ClientId: config().userPoolClientId,
        AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    const tokens = sessionTokens(result.AuthenticationResult);
    if (tokens) return { status: 'signed_in', tokens };
    return { status: 'challenge', challenge: result.ChallengeName ?? 'UNKNOWN' };
  } catch (error) {
    if (CREDENTIALS_REFUSED.has(errorName(error))) return { status: 'rejected' };
    if (THROTTLED.has(errorName(error))) throw throttled();
    throw error;
  }
};

/** REFRESH_TOKEN_AUTH: new access token for a refresh token, or null if Cognito refuses it. */
export const refreshTokens = async (refreshToken: string): Promise<SessionTokens | null> => {
  try {
    const result = await cognito().send(
      new InitiateAuthCommand({
        ClientId: config().userPoolClientId,
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: refreshToken },
      }),
    );
    return sessionTokens(result.AuthenticationResult);
  } catch (error) {
    const name = errorName(error);
    // A malformed token is InvalidParameterException on some paths; it is just as unusable.
    if (name === 'NotAuthorizedException' || name === 'InvalidParameterException' || name === 'UserNotFoundException') {
      return null;
    }
    if (THROTTLED.has(name)) throw throttled();
    throw error;
  }
};
