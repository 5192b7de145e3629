import { ENTITY, subscriberNoticeClaimKey } from '../../shared/table/keys.js';
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
