import { CONTACT_SUBJECTS, type ContactSubject } from '../../shared/contact/schemas.js';
import { respondByOf, responseHoursOf } from '../../shared/support/queue.js';
import { CONTACT_MESSAGES_PARTITION, contactMessageKey, contactMessageListKey, ENTITY, type ItemKey } from '../../shared/table/keys.js';
import { TIER_IDS, type TierId } from '../../shared/tiers.js';
import { queryAll, type TableItem } from './query-all.js';
import * as table from './table-commands.js';
import { resultIfAllowed } from './table.js';

/** The signed-in person who sent a message, and the workspace (with its plan then) they sent it from. */
export interface ContactSender {
  user_id: string;
  workspace_id: string;
  plan: TierId;
}

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
  /** Sent signed in from a workspace whose plan has priority support (docs/product-rules.md "Priority support"). */
  priority: boolean;
  /** When it should be answered by: its arrival plus its response target. */
  respond_by: string;
  /** Null for a visitor who was not signed in. */
  sender: ContactSender | null;
  answered_at: string | null;
  /** The operator's e-mail (or id when the profile had none). */
  answered_by: string | null;
}

export const saveContactMessage = async (message: ContactMessage): Promise<void> => {
  await table.put({
    Item: { ...contactMessageKey(message.id), ...contactMessageListKey(message.id), entity: ENTITY.contactMessage, ...message },
    ConditionExpression: 'attribute_not_exists(PK)',
  });
};

const subjectOf = (value: unknown): ContactSubject =>
  CONTACT_SUBJECTS.includes(value as ContactSubject) ? (value as ContactSubject) : 'other';

const senderOf = (value: unknown): ContactSender | null => {
  if (typeof value !== 'object' || value === null) return null;
  const sender = value as Record<string, unknown>;
  const plan = TIER_IDS.includes(sender.plan as TierId) ? (sender.plan as TierId) : 'free';
  return { user_id: String(sender.user_id), workspace_id: String(sender.workspace_id), plan };
};

/**
 * A stored message. One stored before the queue existed has no priority and no deadline: it reads
 * as not priority, due its general target after arrival.
 */
const toContactMessage = (item: TableItem): ContactMessage | null => {
  if (item.entity !== ENTITY.contactMessage) return null;
  const subject = subjectOf(item.subject);
  const priority = item.priority === true;
  const createdAt = String(item.created_at);
  return {
    id: String(item.id),
    name: String(item.name),
    email: String(item.email),
    subject,
    message: String(item.message),
    created_at: createdAt,
    priority,
    respond_by: typeof item.respond_by === 'string' ? item.respond_by : respondByOf(createdAt, responseHoursOf({ priority, subject })),
    sender: senderOf(item.sender),
    answered_at: typeof item.answered_at === 'string' ? item.answered_at : null,
    answered_by: typeof item.answered_by === 'string' ? item.answered_by : null,
  };
};

/**
 * Every contact message (pattern 18), for the queue's order by time left, which the index's order
 * (arrival) cannot give. Messages are few (a person writes them, 3 per sender per hour), so the
 * operators' list reads them all, as it always counted them all (docs/admin.md "Lists").
 */
export const listAllContactMessages = async (): Promise<ContactMessage[]> => {
  const items = await queryAll({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': CONTACT_MESSAGES_PARTITION },
  });
  return items.map(toContactMessage).filter((message): message is ContactMessage => message !== null);
};

/**
 * The keys of the messages a person sent: signed in from the account, or from the public form with
 * its address (docs/security.md "Erasure"). Messages are few, so this reads them all, as the list does.
 */
export const listContactMessageKeysOf = async (sender: { userId: string; email: string }): Promise<ItemKey[]> => {
  const email = sender.email.toLowerCase();
  return (await listAllContactMessages())
    .filter((message) => message.sender?.user_id === sender.userId || message.email === email)
    .map((message) => contactMessageKey(message.id));
};

/** Marks a message answered once: the message as it is now, or why not. */
export const markContactMessageAnswered = async (
  id: string,
  by: { operator: string; at: Date },
): Promise<ContactMessage | 'not_found' | 'already_answered'> => {
  const updated = await resultIfAllowed(
    table.update({
      Key: contactMessageKey(id),
      UpdateExpression: 'SET answered_at = :at, answered_by = :by',
      ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(answered_at) OR answered_at = :null)',
      ExpressionAttributeValues: { ':at': by.at.toISOString(), ':by': by.operator, ':null': null },
      ReturnValues: 'ALL_NEW',
    }),
  );
  if (updated) return toContactMessage(updated.Attributes ?? {}) ?? 'not_found';
  const existing = await table.get({ Key: contactMessageKey(id) });
  return existing.Item ? 'already_answered' : 'not_found';
};
