import { z } from 'zod';
import type { ChannelTypeDefinition } from './contract.js';
import { destinationUrl } from './https-url.js';

/**
 * A generic webhook: a JSON POST signed per the Standard Webhooks specification (`webhook-id`,
 * `webhook-timestamp`, `webhook-signature`) with a `whsec_` secret the API shows once.
 */
export const webhookChannel = {
  type: 'webhook',
  label: 'Webhook',
  config: z.object({ url: destinationUrl('URL') }),
  secretFields: [],
  minimumTier: 'business',
  destination: (config) => `webhook:${new URL(config.url).host}`,
  pacing: { messages: 10, perSeconds: 1 },
  mask: (config) => ({ url: config.url }),
} as const satisfies ChannelTypeDefinition<'webhook', { url: string }>;
