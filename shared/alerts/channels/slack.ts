import { z } from 'zod';
import { maskUrl, type ChannelTypeDefinition } from './contract.js';
import { destinationUrl } from './https-url.js';

/** Slack incoming webhook (https://hooks.slack.com/services/...): a Block Kit message. */
export const slackChannel = {
  type: 'slack',
  label: 'Slack',
  config: z.object({ webhook_url: destinationUrl('Webhook URL', { hosts: ['hooks.slack.com'], hostLabel: 'Slack incoming webhook', pathPrefix: '/services/' }) }),
  secretFields: ['webhook_url'],
  minimumTier: 'free',
  destination: (config) => `slack:${new URL(config.webhook_url).pathname}`,
  // Slack: about one message per second per incoming webhook.
  pacing: { messages: 1, perSeconds: 1 },
  mask: (config) => ({ webhook_url: maskUrl(config.webhook_url) }),
} as const satisfies ChannelTypeDefinition<'slack', { webhook_url: string }>;
