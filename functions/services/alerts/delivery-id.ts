import { createHash } from 'node:crypto';

/**
 * The id of one transition's delivery to one channel: the Standard Webhooks `webhook-id`, the same
 * on every try and every fan-out of the transition, so a receiver can drop a repeat by it.
 */
export const deliveryIdOf = (channelId: string, transitionId: string): string =>
  `msg_${createHash('sha256').update(`${channelId}|${transitionId}`).digest('base64url').slice(0, 27)}`;
