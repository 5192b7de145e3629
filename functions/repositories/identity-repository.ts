import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  AdminAddUserToGroupCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  AdminUserGlobalSignOutCommand,
  InitiateAuthCommand,
  RevokeTokenCommand,
  type AuthenticationResultType,
} from '@aws-sdk/client-cognito-identity-provider';
import { AppError } from '../../shared/errors.js';
import { cognito } from '../clients/cognito.js';
import { config } from '../config.js';
import { logger } from '../observability/logger.js';

/**
 * Identities in the Cognito user pool (e-mail = username). Cognito holds passwords and issues
 * tokens; our table holds everything else. After creation a user is addressed by `sub`, which the
 * admin APIs accept whatever the pool's username settings, and which never changes.
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

const errorName = (error: unknown): string => (error instanceof Error ? error.name : '');

const THROTTLED = new Set(['TooManyRequestsException', 'LimitExceededException', 'TooManyFailedAttemptsException']);

const throttled = (): AppError => new AppError('RATE_LIMITED', 'Too many attempts. Please wait a moment and try again.');

// Cognito explains a refused password or attribute in its message ("Password did not conform with
// policy: Password not long enough"); that text is safe and useful to show. `passwordField` names
// the request field the password came in.
const rejectedInput = (error: unknown, passwordField = 'password'): AppError | null => {
  const name = errorName(error);
  const message = error instanceof Error ? error.message.trim() : '';
  if (name === 'InvalidPasswordException') {
    const detail = message || 'The password does not meet the requirements';
    return new AppError('VALIDATION_FAILED', detail, [{ field: passwordField, message: detail }]);
  }
  if (name === 'InvalidParameterException') {
    const detail = message || 'The request was not accepted';
    return new AppError('VALIDATION_FAILED', detail, [{ field: 'body', message: detail }]);
  }
  if (THROTTLED.has(name)) return throttled();
  return null;
};

const pool = () => ({ UserPoolId: config().userPoolId });

export type CreateIdentityOutcome = { status: 'created'; userId: string } | { status: 'exists' };

/**
 * Creates a sign-in identity that cannot sign in yet: no invitation mail, disabled, and only then
 * the chosen password set as permanent, so there is no moment in which the unverified account could
 * get tokens from Cognito directly with the public client id (docs/security.md). It stays disabled
 * until the e-mail is verified. If a step after the first fails, the half-made identity is deleted
 * so a retry starts clean. Refused passwords or attributes -> 400.
 */
export const createIdentity = async (opts: { email: string; name: string; password: string }): Promise<CreateIdentityOutcome> => {
  let userId: string | undefined;
  try {
    const created = await cognito().send(
      new AdminCreateUserCommand({
        ...pool(),
        Username: opts.email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: opts.email },
          { Name: 'name', Value: opts.name },
          { Name: 'email_verified', Value: 'false' },
        ],
      }),
    );
    userId = created.User?.Attributes?.find((attribute) => attribute.Name === 'sub')?.Value;
    if (!userId) throw new Error('AdminCreateUser returned no sub attribute');
  } catch (error) {
    if (errorName(error) === 'UsernameExistsException') return { status: 'exists' };
    throw rejectedInput(error) ?? error;
  }

  try {
    await cognito().send(new AdminDisableUserCommand({ ...pool(), Username: userId }));
    await cognito().send(
      new AdminSetUserPasswordCommand({ ...pool(), Username: userId, Password: opts.password, Permanent: true }),
    );
  } catch (error) {
    await deleteIdentityQuietly(userId);
    throw rejectedInput(error) ?? error;
  }
  return { status: 'created', userId };
};

/** What registration needs to know about an identity it did not expect; null if there is none. */
export const findIdentity = async (
  username: string,
): Promise<{ enabled: boolean; status: string; createdAt: Date | null } | null> => {
  try {
    const user = await cognito().send(new AdminGetUserCommand({ ...pool(), Username: username }));
    return {
      enabled: user.Enabled !== false,
      status: user.UserStatus ?? 'UNKNOWN',
      createdAt: user.UserCreateDate ? new Date(user.UserCreateDate) : null,
    };
  } catch (error) {
    if (errorName(error) === 'UserNotFoundException') return null;
    throw error;
  }
};

/** Deletes an identity by username, alias or sub; already gone is fine. */
export const deleteIdentity = async (username: string): Promise<void> => {
  try {
    await cognito().send(new AdminDeleteUserCommand({ ...pool(), Username: username }));
  } catch (error) {
    if (errorName(error) !== 'UserNotFoundException') throw error;
  }
};

/** For rollbacks: a failure to delete is logged, never thrown over the error being handled. */
export const deleteIdentityQuietly = async (username: string): Promise<void> => {
  try {
    await deleteIdentity(username);
  } catch (error) {
    logger.error('Could not delete a half-made Cognito identity', { username, error });
  }
};

/**
 * After e-mail verification: the address is verified and the identity may sign in. Idempotent.
 * The address is sent along with the flag: cognito-local refuses `email_verified` alone, and on AWS
 * an e-mail written together with `email_verified: true` is marked verified without a code mail.
 */
export const enableVerifiedIdentity = async (userId: string, email: string): Promise<void> => {
  await cognito().send(
    new AdminUpdateUserAttributesCommand({
      ...pool(),
      Username: userId,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
  await cognito().send(new AdminEnableUserCommand({ ...pool(), Username: userId }));
};

/**
 * Sets the password as permanent (password reset and change; operator provisioning, where the
 * configured admin password wins). A password Cognito refuses is a 400 on `passwordField`.
 */
export const setPermanentPassword = async (userId: string, password: string, passwordField = 'password'): Promise<void> => {
  try {
    await cognito().send(new AdminSetUserPasswordCommand({ ...pool(), Username: userId, Password: password, Permanent: true }));
  } catch (error) {
    throw rejectedInput(error, passwordField) ?? error;
  }
};

// cognito-local answers operations it lacks with HTTP 500 and `__type: "CognitoLocal#Unsupported"`.
const isUnsupportedByEmulator = (error: unknown): boolean =>
  errorName(error) === 'Unsupported' || (error instanceof Error && error.message.startsWith('Cognito Local unsupported feature'));

let warnedNoGlobalSignOut = false;

/**
 * Ends the identity's sessions (after a password reset): AdminUserGlobalSignOut revokes every
 * refresh token, so no session can be renewed. Access tokens already issued stay valid at API
 * Gateway until they expire (its JWT authorizer checks signatures, not revocation). cognito-local
 * 5.3 does not implement the call: there it does nothing, and says so once in the log
 * (docs/contracts.md).
 */
export const signOutEverywhere = async (userId: string): Promise<void> => {
  try {
    await cognito().send(new AdminUserGlobalSignOutCommand({ ...pool(), Username: userId }));
  } catch (error) {
    if (!isUnsupportedByEmulator(error)) throw error;
    if (!warnedNoGlobalSignOut) {
      warnedNoGlobalSignOut = true;
      logger.warn('The Cognito emulator cannot sign sessions out; sessions stay valid after a password reset');
    }
  }
};

/**
 * Revokes one refresh token: the session change-password opens to check the current password is
 * not needed afterwards. A failure is logged, never thrown: the password change has happened.
 */
export const revokeSessionQuietly = async (refreshToken: string): Promise<void> => {
  try {
    await cognito().send(new RevokeTokenCommand({ ClientId: config().userPoolClientId, Token: refreshToken }));
  } catch (error) {
    logger.error('Could not revoke the session opened to check a password', { error });
  }
};

/**
 * Turns sign-in on or off for an identity (an operator's deactivation). Disabling also signs every
 * session out, so no refresh token can renew one (signOutEverywhere's emulator limit applies).
 */
export const setIdentityEnabled = async (userId: string, enabled: boolean): Promise<void> => {
  if (enabled) {
    await cognito().send(new AdminEnableUserCommand({ ...pool(), Username: userId }));
    return;
  }
  await cognito().send(new AdminDisableUserCommand({ ...pool(), Username: userId }));
  await signOutEverywhere(userId);
};

/**
 * An operator's change of a user's address: the sign-in e-mail (the pool's username attribute)
 * changes with it, marked verified as the profile says, so Cognito sends no code mail.
 */
export const updateIdentityEmail = async (userId: string, email: string, verified: boolean): Promise<void> => {
  try {
    await cognito().send(
      new AdminUpdateUserAttributesCommand({
        ...pool(),
        Username: userId,
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: verified ? 'true' : 'false' },
        ],
      }),
    );
  } catch (error) {
    throw rejectedInput(error, 'email') ?? error;
  }
};

/** Updates the display name kept in the identity (the `name` attribute set at registration). */
export const updateIdentityName = async (userId: string, name: string): Promise<void> => {
  await cognito().send(new AdminUpdateUserAttributesCommand({ ...pool(), Username: userId, UserAttributes: [{ Name: 'name', Value: name }] }));
};

/** Adds the identity to a group; already a member is fine. */
export const addToGroup = async (userId: string, groupName: string): Promise<void> => {
  await cognito().send(new AdminAddUserToGroupCommand({ ...pool(), Username: userId, GroupName: groupName }));
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

/** USER_PASSWORD_AUTH against the app client. */
export const signInWithPassword = async (email: string, password: string): Promise<SignInOutcome> => {
  try {
    const result = await cognito().send(
      new InitiateAuthCommand({
        ClientId: config().userPoolClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
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
