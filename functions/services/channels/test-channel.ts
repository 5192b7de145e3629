import { ulid } from 'ulid';
import { channelTypeDefinition } from '../../../shared/alerts/channels/index.js';
import type { TestDeliveryResult } from '../../../shared/alerts/schemas.js';
import { notFound } from '../../../shared/errors.js';
import { config } from '../../config.js';
import { createDelivery, getDelivery } from '../../repositories/channel-delivery-repository.js';
import { getChannel } from '../../repositories/channel-repository.js';
import { sampleChannelAlert } from '../alerts/channel-alert.js';
import { deliverToChannel } from '../alerts/deliver-to-channel.js';
import { senderDeps } from '../alerts/sender-deps.js';
import type { CallerContext } from '../context.js';

/**
 * POST /api/channels/{id}/test: one sample alert to the channel, now, and what the provider said
 * (docs/alerts.md "Channels"). It goes through the same delivery as a real alert (so a test proves
 * the whole path) and shows in the delivery log as `test`, but is tried once and never counts
 * toward pausing the channel. A paused channel can be tested: that is how its owner checks a fix.
 */
export const testChannel = async ({ ctx, channelId }: { ctx: CallerContext; channelId: string }): Promise<TestDeliveryResult> => {
  const channel = await getChannel(ctx.workspaceId, channelId);
  if (!channel) throw notFound('Channel');
  const now = new Date();
  const transitionId = `test#${ulid(now.getTime())}`;
  const alert = sampleChannelAlert({ appUrl: config().appUrl, now });
  const { key } = await createDelivery({
    id: `msg_test_${ulid(now.getTime())}`,
    userId: ctx.workspaceId,
    channelId,
    channelType: channel.type,
    transitionId,
    alert,
    now,
  });
  // A paused channel is sent to for a test; the delivery reads the channel as active for this one try.
  const result = await deliverToChannel({ userId: ctx.workspaceId, key, now, deps: senderDeps(), test: true });
  const delivery = await getDelivery(ctx.workspaceId, key);
  const label = channelTypeDefinition(channel.type).label;
  const measured = [delivery?.httpStatus ? `HTTP ${delivery.httpStatus}` : null, delivery?.latencyMs !== null && delivery?.latencyMs !== undefined ? `${delivery.latencyMs} ms` : null]
    .filter(Boolean)
    .join(', ');
  const success = result.outcome === 'delivered';
  return {
    success,
    message: success
      ? `Test alert delivered to ${label} "${channel.name}"${measured ? ` (${measured})` : ''}.`
      : `The test alert could not be delivered: ${result.outcome === 'skipped' || result.outcome === 'failed' ? ('reason' in result ? result.reason : result.error) : 'try again in a moment'}`,
    http_status: delivery?.httpStatus ?? null,
    latency_ms: delivery?.latencyMs ?? null,
  };
};
