import { ENTITY, subscriberNoticeClaimKey, subscriberNoticeSliceKey } from '../../shared/table/keys.js';
import * as table from './table-commands.js';
import { writeIfAllowed } from './table.js';

/**
 * One claim per notice, page and subscriber (keys.ts 60; docs/status-pages.md "Subscriber mails"),
 * the same claim as the report deliveries: `sending` with a lease, then `sent` with SES's message
 * id; a failed send gives the claim back so the retry mails. A redelivered queue message, a
 * repeated event or a second worker finds the claim and sends nothing twice. Claims hold ids only
 * and expire after NOTICE_CLAIM_RETENTION_DAYS.
 */
export const NOTICE_CLAIM_RETENTION_DAYS = 30;

export interface NoticeClaim {
  pageId: string;
  noticeId: string;
  subscriberId: string;
}

const keyOf = (claim: NoticeClaim) => subscriberNoticeClaimKey(claim.pageId, claim.noticeId, claim.subscriberId);

/** False when this subscriber's mail of the notice was sent already, or another worker is sending it now. */
export const claimSubscriberNotice = (claim: NoticeClaim, now: Date, leaseSeconds: number): Promise<boolean> =>
  writeIfAllowed(
    table.update({
      Key: keyOf(claim),
      UpdateExpression: 'SET entity = :entity, #status = :sending, lease_until = :lease, expires_at = :expires',
      ConditionExpression: 'attribute_not_exists(PK) OR (#status = :sending AND lease_until < :now)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':entity': ENTITY.subscriberNoticeClaim,
        ':sending': 'sending',
        ':lease': new Date(now.getTime() + leaseSeconds * 1000).toISOString(),
        ':now': now.toISOString(),
        ':expires': Math.floor(now.getTime() / 1000) + NOTICE_CLAIM_RETENTION_DAYS * 86_400,
      },
    }),
  );

/** The mail is out: the claim says so for good. */
export const markSubscriberNoticeSent = async (claim: NoticeClaim, opts: { messageId: string; now: Date }): Promise<void> => {
  await table.update({
    Key: keyOf(claim),
    UpdateExpression: 'SET #status = :sent, sent_at = :now, ses_message_id = :messageId REMOVE lease_until',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':sent': 'sent', ':now': opts.now.toISOString(), ':messageId': opts.messageId },
  });
};

/** Gives a claim back after a failed send, so the message's retry mails this subscriber. */
export const releaseSubscriberNotice = async (claim: NoticeClaim): Promise<void> => {
  await writeIfAllowed(
    table.delete({
      Key: keyOf(claim),
      ConditionExpression: '#status = :sending',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':sending': 'sending' },
    }),
  );
};

/** One slice of a page's subscribers for one notice: the cursor it starts at (null: the first). */
export interface NoticeSlice {
  pageId: string;
  noticeId: string;
  cursor: string | null;
}

/**
 * Whether the slice after this one was queued already (keys.ts 61): a retried message does not
 * queue it a second time, so a failure never doubles the rest of a page's walk.
 */
export const wasSliceQueued = async (slice: NoticeSlice): Promise<boolean> => {
  const { Item } = await table.get({ Key: subscriberNoticeSliceKey(slice.pageId, slice.noticeId, slice.cursor), ConsistentRead: true });
  return Boolean(Item);
};

/** Remembers that the slice after this one is queued (written after the send, so a lost write queues it twice at worst). */
export const markSliceQueued = async (slice: NoticeSlice, now: Date): Promise<void> => {
  await table.put({
    Item: {
      ...subscriberNoticeSliceKey(slice.pageId, slice.noticeId, slice.cursor),
      entity: ENTITY.subscriberNoticeSlice,
      queued_at: now.toISOString(),
      expires_at: Math.floor(now.getTime() / 1000) + NOTICE_CLAIM_RETENTION_DAYS * 86_400,
    },
  });
};
