import type { ContactSubject } from '../contact/schemas.js';
import { POLICY } from '../policies.js';
import { TEXT } from '../texts.js';

/**
 * The support queue's rules (docs/product-rules.md "Priority support"): each contact message has a
 * response target, from which its deadline follows; operators work the queue by time left. Pure, so
 * the server orders the list and the panel shows the time left with the same arithmetic.
 */

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/** The priority target as the contact page and the operator panel say it: "Support within 4 hours". */
export const PRIORITY_SUPPORT_TEXT = `Support within ${POLICY.supportResponseHours.priority} hours`;

/**
 * The confirmation's promise for a target of `hours`: the product's own words for the general
 * target, the same sentence with the shorter target otherwise, led by "Priority support:" for a
 * priority message.
 */
export const replyPromiseText = (reply: { priority: boolean; reply_within_hours: number }): string => {
  const promise =
    reply.reply_within_hours === POLICY.supportResponseHours.general
      ? TEXT.contactReplyPromise
      : `We'll get back to you within ${reply.reply_within_hours} hours.`;
  return reply.priority ? `Priority support: ${promise.charAt(0).toLowerCase()}${promise.slice(1)}` : promise;
};

/** Hours within which a message is answered: the shortest target that applies to it (priority, sales, everything else). */
export const responseHoursOf = (message: { priority: boolean; subject: ContactSubject }): number => {
  const { priority, sales, general } = POLICY.supportResponseHours;
  const targets: number[] = [general];
  if (message.priority) targets.push(priority);
  if (message.subject === 'sales') targets.push(sales);
  return Math.min(...targets);
};

/** The deadline of a message received at `createdAt` (ISO) with a target of `hours`. */
export const respondByOf = (createdAt: string, hours: number): string => new Date(Date.parse(createdAt) + hours * HOUR_MS).toISOString();

/** What the queue needs of a message. Times are ISO strings made by `toISOString`, so they sort as text. */
export interface QueuedMessage {
  id: string;
  priority: boolean;
  respond_by: string;
  answered_at: string | null;
}

/**
 * Where a message stands: unanswered past its deadline (`overdue`), a priority one not yet due
 * (`priority`), any other unanswered one (`waiting`), or `answered`.
 */
export type QueueGroup = 'overdue' | 'priority' | 'waiting' | 'answered';

export const queueGroupOf = (message: QueuedMessage, now: Date): QueueGroup => {
  if (message.answered_at) return 'answered';
  if (Date.parse(message.respond_by) <= now.getTime()) return 'overdue';
  return message.priority ? 'priority' : 'waiting';
};

const GROUP_RANK: Readonly<Record<QueueGroup, number>> = { overdue: 0, priority: 1, waiting: 2, answered: 3 };

/**
 * The operators' queue, by time left: overdue first (the longest overdue on top), then priority
 * messages by deadline, then the rest by deadline, then the answered ones, the latest answered first.
 */
export const supportQueueOrder = <T extends QueuedMessage>(messages: readonly T[], now: Date): T[] =>
  messages
    .map((message) => ({ message, group: queueGroupOf(message, now) }))
    .sort((a, b) => {
      const byGroup = GROUP_RANK[a.group] - GROUP_RANK[b.group];
      if (byGroup !== 0) return byGroup;
      const byTime =
        a.group === 'answered'
          ? (b.message.answered_at ?? '').localeCompare(a.message.answered_at ?? '')
          : a.message.respond_by.localeCompare(b.message.respond_by);
      return byTime !== 0 ? byTime : a.message.id.localeCompare(b.message.id);
    })
    .map(({ message }) => message);

const spanText = (ms: number): string => {
  const minutes = Math.max(1, Math.round(ms / MINUTE_MS));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
};

/** "3 h 20 min left" or "Overdue by 45 min", for an unanswered message (whole minutes, at least 1). */
export const timeLeftText = (respondBy: string, now: Date): string => {
  const left = Date.parse(respondBy) - now.getTime();
  return left > 0 ? `${spanText(left)} left` : `Overdue by ${spanText(-left)}`;
};
