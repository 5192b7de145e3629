import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  AdminAddUserToGroupCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { cognito } from '../clients/cognito.js';
import { logger } from '../observability/logger.js';
import { errorName, pool, rejectedInput } from './identity-errors.js';
import { signOutEverywhere } from './identity-session-repository.js';

/**
 * Identities in the Cognito user pool (e-mail = username). Cognito holds passwords and issues
 * tokens (identity-session-repository.ts); our table holds everything else. After creation a user
 * is addressed by `sub`, which the admin APIs accept whatever the pool's username settings, and
 * which never changes.
 */

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
