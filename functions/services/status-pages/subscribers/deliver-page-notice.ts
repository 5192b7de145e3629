import {
  noticeId,
  subscriberGetsNotice,
  touchedComponents,
  type SubscriberNoticeMessage,
} from '../../../../shared/status-pages/subscriber-notices.js';
import { logger } from '../../../observability/logger.js';
import type { OutgoingEmailWithHeaders } from '../../../repositories/raw-mail-repository.js';
import { getStatusPage } from '../../../repositories/status-page-repository.js';
import type { ConfirmedSubscriber } from '../../../repositories/status-subscriber-repository.js';
import {
  claimSubscriberNotice,
  markSliceQueued,
  markSubscriberNoticeSent,
  releaseSubscriberNotice,
  wasSliceQueued,
} from '../../../repositories/subscriber-notice-claim-repository.js';
import { noticeMail } from './notice-mail.js';

/**
 * The subscriber mailer's work on one message (docs/status-pages.md "Subscriber mails"): one page's
 * share of one notice, one slice of its confirmed subscribers at a time.
 *
 * 1. The page as it is now: gone, or no longer showing what the notice is about, mails nobody.
 * 2. One slice of SUBSCRIBERS_PER_MESSAGE confirmed subscribers from the message's cursor; each
 *    who follows a touched component (or the whole page) is claimed (keys.ts 60), mailed, and the
 *    claim marked sent. A claim already taken is a mail already sent (or being sent): skipped.
 * 3. The next slice is queued as a message of its own, once (keys.ts 61 remembers it), so a page
 *    of ten thousand subscribers is many short invocations, never one long one.
 * 4. A send that fails gives its claim back and the others go on; then the message fails and is
 *    retried (after three receives it is dead-lettered and alarmed): the retry mails only those
 *    not mailed yet.
 *
 * Exactly once per subscriber and notice, except that a worker dying after SES took a mail and
 * before its claim said so mails that subscriber again once its lease is over: never zero.
 */

/** Subscribers one message mails at most: a slice takes a few seconds, far under the function's timeout. */
export const SUBSCRIBERS_PER_MESSAGE = 50;

/** How long a claim holds off another worker: longer than the function's timeout (120 s). */
export const NOTICE_CLAIM_LEASE_SECONDS = 300;

export interface PageNoticeDeps {
  listSubscribers: (pageId: string, opts: { cursor?: string; limit: number }) => Promise<{ subscribers: ConfirmedSubscriber[]; next_cursor: string | null }>;
  unsubscribeUrl: (page: { id: string; slug: string }, subscriberId: string) => Promise<string>;
  /** Sends one mail; answers SES's message id. */
  send: (email: OutgoingEmailWithHeaders) => Promise<string>;
  queueNext: (message: SubscriberNoticeMessage) => Promise<void>;
  appUrl: string;
}

export type PageNoticeOutcome =
  | { outcome: 'page_gone' }
  | { outcome: 'not_shown' }
  | { outcome: 'done'; sent: number; already: number; failed: number; more: boolean };

/** Thrown after a slice in which some sends failed: the message is retried for those. */
export class NoticeNotMailed extends Error {
  override name = 'NoticeNotMailed';
}

export const deliverPageNotice = async (message: SubscriberNoticeMessage, now: Date, deps: PageNoticeDeps): Promise<PageNoticeOutcome> => {
  const page = await getStatusPage(message.userId, message.pageId);
  if (!page) return { outcome: 'page_gone' };
  const touched = touchedComponents(message.notice, { id: page.id, components: page.components, show_automatic_incidents: page.showAutomaticIncidents });
  if (!touched.length) return { outcome: 'not_shown' };

  const id = noticeId(message.notice);
  const { subscribers, next_cursor } = await deps.listSubscribers(page.id, { cursor: message.cursor ?? undefined, limit: SUBSCRIBERS_PER_MESSAGE });
  let sent = 0;
  let already = 0;
  let failed = 0;
  for (const subscriber of subscribers) {
    if (!subscriberGetsNotice(subscriber.component_ids, touched)) continue;
    const claim = { pageId: page.id, noticeId: id, subscriberId: subscriber.id };
    if (!(await claimSubscriberNotice(claim, now, NOTICE_CLAIM_LEASE_SECONDS))) {
      already++;
      continue;
    }
    let messageId: string;
    try {
      messageId = await deps.send(
        noticeMail({
          to: subscriber.email,
          notice: message.notice,
          page: { name: page.name, slug: page.slug, accent_color: page.accentColor },
          touched,
          appUrl: deps.appUrl,
          unsubscribeUrl: await deps.unsubscribeUrl(page, subscriber.id),
        }),
      );
    } catch (error) {
      failed++;
      await releaseSubscriberNotice(claim);
      logger.warn('Could not mail a status page subscriber; the message is tried again', { pageId: page.id, notice: id, subscriberId: subscriber.id, error });
      continue;
    }
    // Past this point the mail is out: a failure here must not give the claim back.
    await markSubscriberNoticeSent(claim, { messageId, now: new Date() });
    sent++;
  }

  if (next_cursor) {
    const slice = { pageId: page.id, noticeId: id, cursor: message.cursor };
    if (!(await wasSliceQueued(slice))) {
      await deps.queueNext({ ...message, cursor: next_cursor });
      await markSliceQueued(slice, now);
    }
  }
  if (failed) throw new NoticeNotMailed(`${failed} of the slice's mails were not taken by SES; they are tried again`);
  return { outcome: 'done', sent, already, failed, more: Boolean(next_cursor) };
};
