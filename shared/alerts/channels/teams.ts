import { z } from 'zod';
import { maskUrl, type ChannelTypeDefinition } from './contract.js';
import { destinationUrl } from './https-url.js';

/**
 * Microsoft Teams through a Workflows webhook (Power Automate's "When a Teams webhook request is
 * received"), or a legacy Office 365 connector URL: an Adaptive Card.
 */
export const teamsChannel = {
  type: 'teams',
  label: 'Microsoft Teams',
  config: z.object({
    webhook_url: destinationUrl('Webhook URL', {
      hosts: ['.logic.azure.com', '.environment.api.powerplatform.com', '.webhook.office.com'],
      hostLabel: 'Microsoft Teams workflow webhook',
    }),
  }),
  secretFields: ['webhook_url'],
  minimumTier: 'free',
  destination: (config) => `teams:${new URL(config.webhook_url).host}${new URL(config.webhook_url).pathname}`,
  pacing: { messages: 4, perSeconds: 1 },
  mask: (config) => ({ webhook_url: maskUrl(config.webhook_url) }),
} as const satisfies ChannelTypeDefinition<'teams', { webhook_url: string }>;
