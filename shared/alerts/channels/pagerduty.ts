import { z } from 'zod';
import { maskSecret, type ChannelTypeDefinition } from './contract.js';

/**
 * PagerDuty Events API v2: a trigger when a monitor goes down, a resolve when it recovers, both
 * with `dedup_key` = the incident id, so PagerDuty opens and closes one incident of its own.
 */
export const pagerdutyChannel = {
  type: 'pagerduty',
  label: 'PagerDuty',
  config: z.object({
    routing_key: z
      .string({ error: 'routing_key is required' })
      .trim()
      .regex(/^[A-Za-z0-9]{32}$/, 'routing_key must be the 32-character integration key of an Events API v2 integration'),
  }),
  secretFields: ['routing_key'],
  minimumTier: 'business',
  destination: (config) => `pagerduty:${config.routing_key.slice(0, 6)}`,
  pacing: { messages: 10, perSeconds: 1 },
  mask: (config) => ({ routing_key: maskSecret(config.routing_key) }),
} as const satisfies ChannelTypeDefinition<'pagerduty', { routing_key: string }>;
