import { pagesOf, type AdminContactMessage, type AdminContactMessageList, type AdminPagedQuery } from '../../../shared/admin/schemas.js';
import { AppError, notFound } from '../../../shared/errors.js';
import { queueGroupOf, supportQueueOrder } from '../../../shared/support/queue.js';
import { listAllContactMessages, markContactMessageAnswered, type ContactMessage } from '../../repositories/contact-repository.js';
import { getUserProfile } from '../../repositories/user-repository.js';
import type { AuthContext } from '../context.js';
import { auditAdminAction } from '../admin/audit.js';

/**
 * The operators' support queue (docs/product-rules.md "Priority support"): the contact messages by
 * time left, and marking one answered.
 */

const toAdminContactMessage = (message: ContactMessage, now: Date): AdminContactMessage => ({
  ...message,
  queue_group: queueGroupOf(message, now),
});

/** GET /api/admin/contact-messages: overdue first, then priority by deadline, then the rest, then the answered. */
export const listSupportQueue = async (query: AdminPagedQuery, now: Date = new Date()): Promise<AdminContactMessageList> => {
  const ordered = supportQueueOrder(await listAllContactMessages(), now);
  const start = (query.page - 1) * query.limit;
  return {
    messages: ordered.slice(start, start + query.limit).map((message) => toAdminContactMessage(message, now)),
    total: ordered.length,
    pages: pagesOf(ordered.length, query.limit),
    page: query.page,
  };
};

/** PUT /api/admin/contact-messages/{id}/answered: once; 404 unknown, 409 already answered. Audited. */
export const answerContactMessage = async ({ ctx, messageId }: { ctx: AuthContext; messageId: string }): Promise<{ message: AdminContactMessage }> => {
  const now = new Date();
  const operator = await getUserProfile(ctx.userId);
  const outcome = await markContactMessageAnswered(messageId, { operator: operator?.email ?? ctx.userId, at: now });
  if (outcome === 'not_found') throw notFound('Message');
  if (outcome === 'already_answered') throw new AppError('CONFLICT', 'This message is already marked answered');
  await auditAdminAction(ctx, {
    action: 'contact_message.answer',
    targetUserId: outcome.sender?.user_id ?? null,
    before: { message_id: messageId, answered: false },
    after: { message_id: messageId, answered: true, priority: outcome.priority, respond_by: outcome.respond_by },
  });
  return { message: toAdminContactMessage(outcome, now) };
};
