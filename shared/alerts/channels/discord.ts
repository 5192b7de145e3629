import { z } from 'zod';
import { maskUrl, type ChannelTypeDefinition } from './contract.js';
import { destinationUrl } from './https-url.js';

/** A Discord channel webhook (https://discord.com/api/webhooks/<id>/<token>): an embed. */
export const discordChannel = {
  type: 'discord',
  label: 'Discord',
  config: z.object({
    webhook_url: destinationUrl('Webhook URL', {
      hosts: ['discord.com', 'discordapp.com', 'ptb.discord.com', 'canary.discord.com'],
      hostLabel: 'Discord webhook',
      pathPrefix: '/api/webhooks/',
    }),
  }),
  secretFields: ['webhook_url'],
  minimumTier: 'free',
  destination: (config) => `discord:${new URL(config.webhook_url).pathname.split('/').slice(0, 4).join('/')}`,
  // Discord: 5 requests per 2 seconds per webhook.
  pacing: { messages: 5, perSeconds: 2 },
  mask: (config) => ({ webhook_url: maskUrl(config.webhook_url) }),
} as const satisfies ChannelTypeDefinition<'discord', { webhook_url: string }>;
