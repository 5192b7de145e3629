import { z } from 'zod';

/**
 * A message of the channel-deliveries queue: it only names its delivery item (keys.ts 41), the
 * record the message is sent from and whose status makes it go out once (docs/alerts.md "Delivery").
 */
export const ChannelDeliveryMessage = z.object({
  kind: z.literal('channel_delivery'),
  userId: z.string().min(1),
  /** The delivery item's sort key. */
  key: z.string().startsWith('DELIVERY#'),
});
export type ChannelDeliveryMessage = z.infer<typeof ChannelDeliveryMessage>;
