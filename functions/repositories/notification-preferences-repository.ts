import {
  withDefaultPreferences,
  type NotificationPreferenceKey,
  type NotificationPreferences,
} from '../../shared/account/notifications.js';
import { ENTITY, notificationPreferencesKey } from '../../shared/table/keys.js';
import * as table from './table-commands.js';

/**
 * A user's notification preferences: one item in their partition (access pattern 16) holding only
 * the keys they changed; every read fills in the defaults, so a user who never saved has them all.
 */

/** The user's preferences, defaults for anything never saved. The alerts mailer reads them here. */
export const getNotificationPreferences = async (userId: string): Promise<NotificationPreferences> => {
  const { Item } = await table.get({ Key: notificationPreferencesKey(userId) });
  return withDefaultPreferences(Item);
};

/** Saves one preference and answers them all as they now are. */
export const setNotificationPreference = async (
  userId: string,
  key: NotificationPreferenceKey,
  value: boolean,
  now: Date,
): Promise<NotificationPreferences> => {
  const { Attributes } = await table.update({
    Key: notificationPreferencesKey(userId),
    UpdateExpression: 'SET #key = :value, entity = :entity, user_id = :userId, updated_at = :now',
    ExpressionAttributeNames: { '#key': key },
    ExpressionAttributeValues: { ':value': value, ':entity': ENTITY.notificationPreferences, ':userId': userId, ':now': now.toISOString() },
    ReturnValues: 'ALL_NEW',
  });
  return withDefaultPreferences(Attributes);
};
