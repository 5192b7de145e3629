import type { ContactSubject } from '../../shared/contact/schemas.js';
import { CONTACT_MESSAGES_PARTITION, contactMessageKey, contactMessageListKey, ENTITY } from '../../shared/table/keys.js';
import { numberedPage, type NumberedPage } from './index-pages.js';
import * as table from './table-commands.js';

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
  await table.put({
    Item: { ...contactMessageKey(message.id), ...contactMessageListKey(message.id), entity: ENTITY.contactMessage, ...message },
    ConditionExpression: 'attribute_not_exists(PK)',
  });
};

/** A page of contact messages, newest first (pattern 18); counted by the walk. */
export const listContactMessagesPage = (opts: { page: number; limit: number }): Promise<NumberedPage<ContactMessage>> =>
  numberedPage(
    { index: 'GSI1', partition: CONTACT_MESSAGES_PARTITION },
    {
      page: opts.page,
      limit: opts.limit,
      toItem: (item) =>
        item.entity === ENTITY.contactMessage
          ? {
              id: String(item.id),
              name: String(item.name),
              email: String(item.email),
              subject: item.subject as ContactSubject,
              message: String(item.message),
              created_at: String(item.created_at),
            }
          : null,
    },
  );
