import type { DeliveryList } from '../../../shared/alerts/schemas.js';
import { notFound } from '../../../shared/errors.js';
import { DIGEST_EVENT_TYPE } from '../../../shared/alerts/events.js';
import { listChannelDeliveries, type Delivery } from '../../repositories/channel-delivery-repository.js';
import { getChannel } from '../../repositories/channel-repository.js';
import type { CallerContext } from '../context.js';

/** The delivery log shows this many of a channel's newest deliveries (30 days are kept). */
export const DELIVERY_LOG_SIZE = 100;

/** A test, the alert's event type, or a storm digest's (docs/alerts.md "Storms and pacing"). */
const deliveryEvent = (delivery: Delivery): string => {
  if (!delivery.alert) return DIGEST_EVENT_TYPE;
  return delivery.alert.test ? 'test' : delivery.alert.type;
};

/** GET /api/channels/{id}/deliveries: the channel's newest deliveries with each one's outcome. */
export const listDeliveriesOfChannel = async ({ ctx, channelId }: { ctx: CallerContext; channelId: string }): Promise<DeliveryList> => {
  if (!(await getChannel(ctx.workspaceId, channelId))) throw notFound('Channel');
  const deliveries = await listChannelDeliveries(ctx.workspaceId, channelId, DELIVERY_LOG_SIZE);
  return {
    deliveries: deliveries.map((delivery) => ({
      id: delivery.id,
      event: deliveryEvent(delivery),
      monitor_name: delivery.alert?.monitor.name ?? `${delivery.digest?.memberCount ?? 0} monitors`,
      status: delivery.status,
      attempts: delivery.attempts,
      http_status: delivery.httpStatus,
      latency_ms: delivery.latencyMs,
      error: delivery.error,
      created_at: delivery.createdAt,
      delivered_at: delivery.deliveredAt,
      next_attempt_at: delivery.nextAttemptAt,
    })),
  };
};
