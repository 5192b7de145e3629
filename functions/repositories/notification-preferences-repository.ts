import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  withDefaultPreferences,
  type NotificationPreferenceKey,
  type NotificationPreferences,
} from '../../shared/account/notifications.js';
import { ENTITY, notificationPreferencesKey } from '../../shared/table/keys.js';
import { dynamo, tableName } from '../clients/dynamodb.js';

/**
 * A user's notification preferences: one item in their partition (access pattern 16) holding only
 * the keys they changed; every read fills in the defaults, so a user who never saved has them all.
 */

/** The user's preferences, defaults for anything never saved. The alerts mailer reads them here. */
export const getNotificationPreferences = async (userId: string): Promise<NotificationPreferences> => {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: notificationPreferencesKey(userId) }));
  return withDefaultPreferences(Item);
};

/** Saves one preference and answers them all as they now are. */
export const setNotificationPreference = async (
  userId: string,
  key: NotificationPreferenceKey,
  value: boolean,
  now: Date,
): Promise<NotificationPreferences> => {
  const { Attributes } = await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: notificationPreferencesKey(userId),
      UpdateExpression: 'SET #key = :value, entity = :entity, user_id = :userId, updated_at = :now',
      ExpressionAttributeNames: { '#key': key },
      ExpressionAttributeValues: { ':value': value, ':entity': ENTITY.notificationPreferences, ':userId': userId, ':now': now.toISOString() },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return withDefaultPreferences(Attributes);
};
