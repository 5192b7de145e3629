import { getSubscription, saveSubscription, type SubscriptionRecord } from '../../repositories/subscription-repository.js';

/** The fields a user's request (downgrade, cancel, resume) or the cancel handover may change on the record. */
export type RecordChange = Partial<Pick<SubscriptionRecord, 'scheduled_tier' | 'cancel_at_period_end' | 'cancel_reason' | 'cancel_sent_to_provider'>>;

const ATTEMPTS = 5;

/**
 * Saves what was scheduled (or taken back) on the subscription record, re-reading when a webhook
 * saved it in between (the record's optimistic version, docs/billing.md "Subscription states").
 */
export const changeSubscriptionRecord = async (userId: string, change: RecordChange): Promise<void> => {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const record = await getSubscription(userId);
    if (!record) return;
    const { version, ...rest } = record;
    const saved = await saveSubscription({ ...rest, ...change, updated_at: new Date().toISOString() }, version, null);
    if (saved !== 'conflict') return;
  }
  throw new Error(`The subscription of ${userId} kept changing while a change was saved`);
};
