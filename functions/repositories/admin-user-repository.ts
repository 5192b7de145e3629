import { emailKey, ENTITY, normalizeEmail, OPERATOR_LIST_PARTITION, USER_LIST_PARTITION, userKey } from '../../shared/table/keys.js';
import type { TierId } from '../../shared/tiers.js';
import { batchGetItems, itemKeyId } from './batch-get.js';
import { countSince, numberedPage, type NumberedPage } from './index-pages.js';
import { toUserProfile, type UserProfile } from './user-repository.js';
import * as table from './table-commands.js';
import { resultIfAllowed, transactIfAllowed } from './table.js';

/**
 * What operators read and change of users: the signup-ordered list (keys.ts 3), profiles by id in
 * batches (owners of a page of monitors or incidents), and the profile fields the admin edit sets.
 */

/** Case-insensitive part of the name or the e-mail. */
export const profileMatchesSearch = (profile: Pick<UserProfile, 'name' | 'email'>, search: string): boolean => {
  const needle = search.trim().toLowerCase();
  return profile.name.toLowerCase().includes(needle) || profile.email.toLowerCase().includes(needle);
};

/** A page of profiles, newest signup first, with the optional tier and search filters. */
export const listUserProfilesPage = (opts: {
  page: number;
  limit: number;
  tier?: TierId;
  search?: string;
  knownTotal?: number;
}): Promise<NumberedPage<UserProfile>> =>
  numberedPage(
    { index: 'GSI1', partition: USER_LIST_PARTITION },
    {
      page: opts.page,
      limit: opts.limit,
      knownTotal: opts.knownTotal,
      toItem: (item) => (item.entity === ENTITY.user ? toUserProfile(item) : null),
      matches: (profile) =>
        (!opts.tier || profile.subscription_tier === opts.tier) && (!opts.search || profileMatchesSearch(profile, opts.search)),
    },
  );

/** Profiles by id (absent ones left out), for joining owners onto a page. */
export const getUserProfiles = async (userIds: readonly string[]): Promise<Map<string, UserProfile>> => {
  const items = await batchGetItems(userIds.map(userKey));
  const profiles = new Map<string, UserProfile>();
  for (const id of userIds) {
    const item = items.get(itemKeyId(userKey(id)));
    if (item) profiles.set(id, toUserProfile(item));
  }
  return profiles;
};

export interface AdminProfileChanges {
  name?: string;
  subscription_tier?: TierId;
  is_active?: boolean;
  email_verified?: boolean;
}

/**
 * Sets the given profile fields; the profile as it was before (to count and audit the change), or
 * null when the profile does not exist.
 */
export const updateProfileFields = async (userId: string, changes: AdminProfileChanges): Promise<UserProfile | null> => {
  const entries = Object.entries(changes).filter(([, value]) => value !== undefined);
  if (!entries.length) return null;
  const before = await resultIfAllowed(
    table.update({
      Key: userKey(userId),
      UpdateExpression: `SET ${entries.map((_entry, i) => `#f${i} = :v${i}`).join(', ')}`,
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: Object.fromEntries(entries.map(([name], i) => [`#f${i}`, name])),
      ExpressionAttributeValues: Object.fromEntries(entries.map(([, value], i) => [`:v${i}`, value])),
      ReturnValues: 'ALL_OLD',
    }),
  );
  return before?.Attributes ? toUserProfile(before.Attributes) : null;
};

/**
 * Moves a user to another e-mail address in one transaction: the new claim (fails if the address
 * is taken), the old claim removed (only if it is this user's), the profile's address.
 * 'email_taken' or 'not_found' when a condition fails.
 */
export const changeUserEmail = async (userId: string, from: string, to: string): Promise<'changed' | 'email_taken' | 'not_found'> => {
  const email = normalizeEmail(to);
  if (email === normalizeEmail(from)) return 'changed';
  const refused = await transactIfAllowed(
    [
      {
        Put: {
          Item: { ...emailKey(email), user_id: userId, email, entity: ENTITY.email },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      {
        Update: {
          Key: userKey(userId),
          UpdateExpression: 'SET email = :email',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':email': email },
        },
      },
      {
        Delete: {
          Key: emailKey(from),
          ConditionExpression: 'attribute_not_exists(PK) OR user_id = :userId',
          ExpressionAttributeValues: { ':userId': userId },
        },
      },
    ],
    { 0: 'email_taken', 1: 'not_found' },
  );
  if (refused) return refused;
  return 'changed';
};

/** Signups since `from`: profiles' GSI1 sort keys start with created_at, so one COUNT of a key range. */
export const countSignupsSince = (from: Date): Promise<number> =>
  countSince({ index: 'GSI1', partition: USER_LIST_PARTITION }, from.toISOString());

/**
 * Marks a profile as an operator's and moves it from the customer list to the operators' (keys.ts
 * 3 -> 3b), once: the profile as it was before when this call marked it (so the caller takes it off
 * the customer counters exactly once), null when it was already marked or does not exist.
 */
export const markOperatorProfile = async (userId: string): Promise<UserProfile | null> => {
  const before = await resultIfAllowed(
    table.update({
      Key: userKey(userId),
      UpdateExpression: 'SET is_operator = :true, GSI1PK = :operators',
      ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(is_operator) OR is_operator <> :true)',
      ExpressionAttributeValues: { ':true': true, ':operators': OPERATOR_LIST_PARTITION },
      ReturnValues: 'ALL_OLD',
    }),
  );
  return before?.Attributes ? toUserProfile(before.Attributes) : null;
};
