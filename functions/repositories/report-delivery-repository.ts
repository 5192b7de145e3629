import { ENTITY, reportDeliveryKey } from '../../shared/table/keys.js';
import * as table from './table-commands.js';
import { writeIfAllowed } from './table.js';

/**
 * One item per report sent (keys.ts 21, `USER#<sub>` / `REPORT#<kind>#<period start>`): a run of the
 * report job that is repeated (Lambda retries a failed scheduled run; an operator re-runs one) skips
 * the users it already mailed for that period. The same claim as the alert outbox: `sending` with
 * a lease, then `sent` with SES's message id; a failed send deletes the claim so the retry mails.
 * The items expire after REPORT_DELIVERY_RETENTION_DAYS and go with the account's partition.
 */
export const REPORT_DELIVERY_RETENTION_DAYS = 60;

export interface ReportDelivery {
  userId: string;
  kind: string;
  /** ISO start of the period the report covers. */
  periodStart: string;
}

/** False when the report was sent already or another run is sending it now. */
export const claimReportDelivery = async (delivery: ReportDelivery, now: Date, leaseSeconds: number): Promise<boolean> => {
  return writeIfAllowed(
    table.update({
      Key: reportDeliveryKey(delivery.userId, delivery.kind, delivery.periodStart),
      UpdateExpression:
        'SET entity = :entity, user_id = :user, report_kind = :kind, period_start = :start, #status = :sending, lease_until = :lease, expires_at = :expires',
      ConditionExpression: 'attribute_not_exists(PK) OR (#status = :sending AND lease_until < :now)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':entity': ENTITY.reportDelivery,
        ':user': delivery.userId,
        ':kind': delivery.kind,
        ':start': delivery.periodStart,
        ':sending': 'sending',
        ':lease': new Date(now.getTime() + leaseSeconds * 1000).toISOString(),
        ':now': now.toISOString(),
        ':expires': Math.floor(now.getTime() / 1000) + REPORT_DELIVERY_RETENTION_DAYS * 86_400,
      },
    }),
  );
};

export const markReportSent = async (delivery: ReportDelivery, opts: { messageId: string; now: Date }): Promise<void> => {
  await table.update({
    Key: reportDeliveryKey(delivery.userId, delivery.kind, delivery.periodStart),
    UpdateExpression: 'SET #status = :sent, sent_at = :now, ses_message_id = :messageId REMOVE lease_until',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':sent': 'sent', ':now': opts.now.toISOString(), ':messageId': opts.messageId },
  });
};

/** Gives a claim back after a failed send, so the next run mails this user. */
export const releaseReportDelivery = async (delivery: ReportDelivery): Promise<void> => {
  await writeIfAllowed(
    table.delete({
      Key: reportDeliveryKey(delivery.userId, delivery.kind, delivery.periodStart),
      ConditionExpression: '#status = :sending',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':sending': 'sending' },
    }),
  );
};
