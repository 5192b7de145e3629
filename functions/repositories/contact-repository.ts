import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { ContactSubject } from '../../shared/contact/schemas.js';
import { contactMessageKey, contactMessageListKey, ENTITY } from '../../shared/table/keys.js';
import { dynamo, tableName } from '../clients/dynamodb.js';

/** Contact-form messages: one item each (access pattern 17), listed by time for operators (18). */
export interface ContactMessage {
  /** ULID: sorts by arrival. */
  id: string;
  name: string;
  /** Lower-cased. */
  email: string;
  subject: ContactSubject;
  message: string;
  created_at: string;
}

export const saveContactMessage = async (message: ContactMessage): Promise<void> => {
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...contactMessageKey(message.id), ...contactMessageListKey(message.id), entity: ENTITY.contactMessage, ...message },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
};
