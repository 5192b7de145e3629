import type { UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { POLICY } from '../../shared/policies.js';
import {
  emailKey,
  ENTITY,
  normalizeEmail,
  OPERATOR_LIST_PARTITION,
  tokenKey,
  unverifiedAccountIndexKeys,
  USER_LIST_PARTITION,
  userKey,
  userListKey,
} from '../../shared/table/keys.js';
import type { TierId } from '../../shared/tiers.js';
import { adjustCounters, tierCounter } from './admin-counters-repository.js';
import { tokenItem, type OneTimeToken } from './token-repository.js';
import { foundingWorkspaceItems } from './workspace-items.js';
import * as table from './table-commands.js';
import { transactIfAllowed, writeIfAllowed } from './table.js';

/**
 * Users in the table: the profile (access pattern 1), the e-mail claim that keeps addresses unique
 * and finds a user by e-mail (pattern 2), and the signup-time listing (pattern 3, on the profile).
 */
export interface UserProfile {
  /** The Cognito `sub`. */
  id: string;
  name: string;
  /** Lower-cased. */
  email: string;
  created_at: string;
  timezone: string | null;
  subscription_tier: TierId;
  subscription_ends_at: string | null;
  email_verified: boolean;
  is_active: boolean;
  /** Kept by the monitor transactions; the tier cap is checked against it. */
  monitor_count: number;
  /** When the password was last reset or changed (ISO); sessions signed in before it are over. */
  password_changed_at?: string | null;
  /** Set when account erasure began: the account takes no new request and no new monitor. */
  deletion_started_at?: string | null;
  /**
   * An operator (a member of the `admin` group) seen by sign-in or provisioning: kept out of the
   * customer list and figures (docs/admin.md "Operator accounts").
   */
  is_operator?: boolean;
}

const nullableString = (value: unknown): string | null => (typeof value === 'string' ? value : null);

export const toUserProfile = (item: Record<string, unknown>): UserProfile => ({
  id: String(item.id),
  name: String(item.name),
  email: String(item.email),
  created_at: String(item.created_at),
  timezone: nullableString(item.timezone),
  subscription_tier: item.subscription_tier as TierId,
  subscription_ends_at: nullableString(item.subscription_ends_at),
  email_verified: item.email_verified === true,
  is_active: item.is_active !== false,
  monitor_count: Number(item.monitor_count ?? 0),
  password_changed_at: nullableString(item.password_changed_at),
  deletion_started_at: nullableString(item.deletion_started_at),
  ...(item.is_operator === true ? { is_operator: true } : {}),
});

export const getUserProfile = async (userId: string): Promise<UserProfile | null> => {
  const { Item } = await table.get({ Key: userKey(userId), ConsistentRead: true });
  return Item ? toUserProfile(Item) : null;
};

export const findUserIdByEmail = async (email: string): Promise<string | null> => {
  const { Item } = await table.get({ Key: emailKey(email), ConsistentRead: true });
  return typeof Item?.user_id === 'string' ? Item.user_id : null;
};

export const findUserProfileByEmail = async (email: string): Promise<UserProfile | null> => {
  const userId = await findUserIdByEmail(email);
  return userId ? getUserProfile(userId) : null;
};

/**
 * When an account registered at `createdAt` is erased if its address is still unverified
 * (docs/product-rules.md "Unverified accounts"): the profile carries it in the sparse index 79.
 */
export const unverifiedAccountDueAt = (createdAt: string): string =>
  new Date(Date.parse(createdAt) + POLICY.unverifiedAccountKeptDays * 86_400_000).toISOString();

/**
 * Writes a new user in one transaction: the e-mail claim (fails if the address is taken), the
 * profile (an unverified one in the index of accounts that expire), the e-mail verification token
 * when the address still needs verifying, and the user's own workspace with them as its owner.
 * 'email_taken' when the claim already exists.
 */
export const createUser = async (profile: UserProfile, verification: OneTimeToken | null): Promise<'created' | 'email_taken'> => {
  const email = normalizeEmail(profile.email);
  const refused = await transactIfAllowed(
    [
      {
        Put: {
          Item: { ...emailKey(email), user_id: profile.id, email, entity: ENTITY.email },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      {
        Put: {
          Item: {
            ...userKey(profile.id),
            ...userListKey(profile.created_at, profile.id),
            ...(profile.email_verified ? {} : unverifiedAccountIndexKeys(unverifiedAccountDueAt(profile.created_at), profile.id)),
            ...profile,
            email,
            entity: ENTITY.user,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      ...(verification
        ? [{ Put: { Item: tokenItem(verification), ConditionExpression: 'attribute_not_exists(PK)' } }]
        : []),
      // Every account founds its own workspace (docs/teams.md "Storage").
      ...foundingWorkspaceItems(profile).map((Item) => ({ Put: { Item, ConditionExpression: 'attribute_not_exists(PK)' } })),
    ],
    { 0: 'email_taken' },
  );
  if (refused) return refused;
  await adjustCounters({ users_total: 1, users_active: profile.is_active ? 1 : 0, [tierCounter(profile.subscription_tier)]: 1 });
  return 'created';
};

/** Undoes `createUser` (registration rollback). The e-mail claim is removed only if it is this user's. */
export const deleteNewUser = async (userId: string, email: string, verificationTokenHash: string): Promise<void> => {
  await table.transact([
    {
      Delete: {
        Key: emailKey(email),
        ConditionExpression: 'attribute_not_exists(PK) OR user_id = :userId',
        ExpressionAttributeValues: { ':userId': userId },
      },
    },
    { Delete: { Key: userKey(userId) } },
    { Delete: { Key: tokenKey(verificationTokenHash) } },
  ]);
};

/** Updates the profile if it still exists; false when it does not (account deleted meanwhile). */
const updateExistingProfile = async (
  userId: string,
  update: Pick<UpdateCommandInput, 'UpdateExpression' | 'ExpressionAttributeNames' | 'ExpressionAttributeValues'>,
): Promise<boolean> => {
  return writeIfAllowed(table.update({ Key: userKey(userId), ConditionExpression: 'attribute_exists(PK)', ...update }));
};

/** Marks the address verified. False when the profile no longer exists or is being erased. */
export const markEmailVerified = (userId: string): Promise<boolean> =>
  writeIfAllowed(
    table.update({
      Key: userKey(userId),
      // An account already being erased (never verified in time, or deleted) stays erased.
      ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(deletion_started_at)',
      // Verified, it leaves the index of accounts that expire (keys.ts pattern 79).
      UpdateExpression: 'SET email_verified = :true REMOVE GSI2PK, GSI2SK',
      ExpressionAttributeValues: { ':true': true },
    }),
  );

/** Saves the display timezone (Settings). False when the profile no longer exists. */
export const setUserTimezone = (userId: string, timezone: string): Promise<boolean> =>
  updateExistingProfile(userId, {
    UpdateExpression: 'SET #timezone = :timezone',
    ExpressionAttributeNames: { '#timezone': 'timezone' },
    ExpressionAttributeValues: { ':timezone': timezone },
  });

/**
 * When the password was last set through Upwatch (reset or change); null if never. A reset link
 * issued before then is dead, so using one link, or changing the password, ends every other link.
 */
export const getPasswordChangedAt = async (userId: string): Promise<Date | null> => {
  const { Item } = await table.get({ Key: userKey(userId), ProjectionExpression: 'password_changed_at', ConsistentRead: true });
  return typeof Item?.password_changed_at === 'string' ? new Date(Item.password_changed_at) : null;
};

/** Notes a password change on the profile. False when the profile no longer exists. */
/**
 * The first step of account erasure: from now on the handler chain answers 401 and the monitor
 * transactions refuse new monitors, so nothing can be added to a partition being erased. Kept on a
 * retry (the first mark stands). False when the profile is gone.
 */
export const markDeletionStarted = (userId: string, at: Date): Promise<boolean> =>
  updateExistingProfile(userId, {
    UpdateExpression: 'SET deletion_started_at = if_not_exists(deletion_started_at, :at)',
    ExpressionAttributeValues: { ':at': at.toISOString() },
  });

export const recordPasswordChange = (userId: string, at: Date): Promise<boolean> =>
  updateExistingProfile(userId, { UpdateExpression: 'SET password_changed_at = :at', ExpressionAttributeValues: { ':at': at.toISOString() } });

/**
 * The last step of account erasure: the profile and the e-mail claim in one transaction. The claim
 * goes only if it is still this user's: when a retry finds the address registered again by someone
 * else, only the profile is deleted and the new account keeps its claim.
 */
export const deleteUserAndEmailClaim = async (userId: string, email: string): Promise<void> => {
  const claimedByAnother = await transactIfAllowed(
    [
      {
        Delete: {
          Key: emailKey(email),
          ConditionExpression: 'attribute_not_exists(PK) OR user_id = :userId',
          ExpressionAttributeValues: { ':userId': userId },
        },
      },
      { Delete: { Key: userKey(userId) } },
    ],
    { 0: true },
  );
  if (claimedByAnother) await table.delete({ Key: userKey(userId) });
};

/**
 * Every user profile, a page at a time, oldest signup first (pattern 3, GSI1 USERS, then the
 * operators' own accounts, 3b; the index projects whole items). For jobs over all users (the
 * reports), which work a page before reading the next; eventually consistent, so a user who signed
 * up a moment ago may be missed by one run.
 */
export async function* userProfilePages(pageSize = 100): AsyncGenerator<UserProfile[]> {
  for (const partition of [USER_LIST_PARTITION, OPERATOR_LIST_PARTITION]) {
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const page = await table.query({
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': partition },
        Limit: pageSize,
        ExclusiveStartKey,
      });
      const profiles = (page.Items ?? []).filter((item) => item.entity === ENTITY.user).map(toUserProfile);
      if (profiles.length) yield profiles;
      ExclusiveStartKey = page.LastEvaluatedKey;
    } while (ExclusiveStartKey);
  }
}
