import { z } from 'zod';
import { plainName } from '../validation.js';
import { CHANNEL_TYPES, channelTypeDefinition, isChannelType, type ChannelType } from './channels/index.js';

/**
 * The alert channels API (docs/alerts.md "API"): `GET/POST /api/channels`,
 * `PUT/DELETE /api/channels/{id}`, `POST /api/channels/{id}/test`,
 * `POST /api/channels/{id}/rotate-secret`, `GET /api/channels/{id}/deliveries`.
 * A channel is `{type, name, config}`; the config's shape is its type's (shared/alerts/channels/).
 */
export const CHANNEL_NAME_MAX = 100;

const channelName = plainName(
  z
    .string({ error: 'name is required' })
    .trim()
    .min(1, 'name is required')
    .max(CHANNEL_NAME_MAX, `name is too long (${CHANNEL_NAME_MAX} characters at most)`),
);

const KNOWN_TYPES = CHANNEL_TYPES.join(', ');

/** A channel's config checked against its type's schema, problems named `config.<field>`. */
const configOfType = (type: ChannelType, config: unknown, ctx: z.RefinementCtx): Record<string, string> | undefined => {
  const parsed = channelTypeDefinition(type).config.safeParse(config ?? {});
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: ['config', ...issue.path.map(String)], message: issue.message });
  return undefined;
};

export const CreateChannelInput = z
  .object({
    type: z.unknown(),
    name: channelName,
    config: z.record(z.string(), z.unknown(), { error: 'config must be an object' }),
    /** New monitors get the account's default channels when they name none. */
    is_default: z.boolean({ error: 'is_default must be true or false' }).optional(),
  })
  .transform((body, ctx) => {
    if (!isChannelType(body.type)) {
      ctx.addIssue({ code: 'custom', path: ['type'], message: `Unknown channel type: ${String(body.type)}. Known types: ${KNOWN_TYPES}` });
      return z.NEVER;
    }
    const config = configOfType(body.type, body.config, ctx);
    if (!config) return z.NEVER;
    return { type: body.type, name: body.name, config, isDefault: body.is_default ?? true };
  });
export type CreateChannelInput = z.output<typeof CreateChannelInput>;

/**
 * PUT: any of name, config (whole, of the channel's type; a masked value sent back unchanged keeps
 * the stored secret), is_default, and `paused` (false resumes a channel paused after failures).
 */
export const UpdateChannelInput = z
  .object({
    name: channelName.optional(),
    config: z.record(z.string(), z.unknown(), { error: 'config must be an object' }).optional(),
    is_default: z.boolean({ error: 'is_default must be true or false' }).optional(),
    paused: z.boolean({ error: 'paused must be true or false' }).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: 'Send at least one of name, config, is_default, paused' });
export type UpdateChannelInput = z.output<typeof UpdateChannelInput>;

/** How a channel stands: `unconfirmed` (an e-mail address not yet confirmed), `paused` (by its owner, or after failures). */
export const CHANNEL_STATUSES = ['active', 'unconfirmed', 'paused'] as const;
export type ChannelStatus = (typeof CHANNEL_STATUSES)[number];

export interface ChannelView {
  id: string;
  type: ChannelType;
  name: string;
  /** The type's config with its secret fields masked. */
  config: Record<string, string>;
  is_default: boolean;
  status: ChannelStatus;
  /** Why it is paused: `failures` (10 failed deliveries in a row) or `owner`. */
  paused_reason: 'failures' | 'owner' | null;
  consecutive_failures: number;
  /** How many monitors send to it. */
  monitor_count: number;
  created_at: string;
  last_delivery_at: string | null;
}

/** The create answer: the view, plus a webhook's signing secret, shown this once. */
export interface CreatedChannel extends ChannelView {
  secret?: string;
}

export interface ChannelList {
  channels: ChannelView[];
  /** The plan's allowance, so the form can say it before submit. */
  limits: {
    channels_used: number;
    channel_cap: number;
    sms_used_this_month: number;
    sms_per_month: number;
    /** Types the plan may add. */
    types_allowed: ChannelType[];
  };
}

export interface DeletedChannel {
  message: string;
  /** Monitors the channel was taken off. */
  monitors_updated: number;
}

export interface RotatedSecret {
  secret: string;
  /** Until when the previous secret still signs (24 hours). */
  previous_valid_until: string;
}

export const DELIVERY_STATUSES = ['pending', 'sending', 'delivered', 'failed', 'skipped'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export interface DeliveryView {
  id: string;
  event: string;
  monitor_name: string;
  status: DeliveryStatus;
  attempts: number;
  /** The provider's answer to the last try (null: none, e.g. a timeout). */
  http_status: number | null;
  latency_ms: number | null;
  error: string | null;
  created_at: string;
  delivered_at: string | null;
  next_attempt_at: string | null;
}

export interface DeliveryList {
  deliveries: DeliveryView[];
}

export interface TestDeliveryResult {
  success: boolean;
  message: string;
  http_status: number | null;
  latency_ms: number | null;
}
