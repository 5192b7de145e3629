import type { ChannelDeliveryMessage } from '../../../shared/alerts/delivery-message.js';
import { deferDelivery, listDueDeliveries } from '../../repositories/channel-delivery-repository.js';
import { queueDeliveries } from '../../repositories/channel-delivery-queue-repository.js';

/**
 * The delivery sweeper (every 5 minutes, infra/event-sources.ts): a delivery whose message was lost
 * (the fan-out's send failed, the local SQS emulator restarted, a claimant died) is past its due
 * time in the pending index (keys.ts 41b); it is queued again and moved ahead, so the next sweeps
 * leave that message time to arrive. Safe to repeat: the claim lets one try through.
 */
export const STUCK_AFTER_SECONDS = 60;
export const REQUEUE_GRACE_SECONDS = 10 * 60;
export const SWEEP_BATCH = 500;

export const sweepDeliveries = async (opts: { now: Date; queueUrl: string }): Promise<{ stuck: number; requeued: number }> => {
  const cutoff = new Date(opts.now.getTime() - STUCK_AFTER_SECONDS * 1000).toISOString();
  const stuck = await listDueDeliveries(cutoff, SWEEP_BATCH);
  const messages: ChannelDeliveryMessage[] = [];
  for (const delivery of stuck) {
    if (await deferDelivery(delivery, { nextDueAt: new Date(opts.now.getTime() + REQUEUE_GRACE_SECONDS * 1000) })) {
      messages.push({ kind: 'channel_delivery', userId: delivery.userId, key: delivery.key });
    }
  }
  if (messages.length) await queueDeliveries(opts.queueUrl, messages);
  return { stuck: stuck.length, requeued: messages.length };
};
