import { discordChannel } from './discord.js';
import { emailChannel } from './email.js';
import { pagerdutyChannel } from './pagerduty.js';
import { slackChannel } from './slack.js';
import { smsChannel } from './sms.js';
import { teamsChannel } from './teams.js';
import { telegramChannel } from './telegram.js';
import { webhookChannel } from './webhook.js';

/**
 * The alert channel types, registered once (docs/alerts.md "Adding a channel type"): the API's
 * validation, the senders (functions/services/alerts/channels/) and the Settings form all key on
 * this list.
 */
export const CHANNEL_TYPE_DEFINITIONS = {
  email: emailChannel,
  slack: slackChannel,
  teams: teamsChannel,
  discord: discordChannel,
  telegram: telegramChannel,
  pagerduty: pagerdutyChannel,
  sms: smsChannel,
  webhook: webhookChannel,
} as const;

export type ChannelType = keyof typeof CHANNEL_TYPE_DEFINITIONS;
export const CHANNEL_TYPES = Object.keys(CHANNEL_TYPE_DEFINITIONS) as ChannelType[];

export type ChannelConfigOf<T extends ChannelType> = ReturnType<(typeof CHANNEL_TYPE_DEFINITIONS)[T]['mask']>;
export type ChannelConfig = { [T in ChannelType]: ChannelConfigOf<T> }[ChannelType];

export const isChannelType = (value: unknown): value is ChannelType =>
  typeof value === 'string' && (CHANNEL_TYPES as string[]).includes(value);

/** The definition of one type, loosely typed for code that handles every type alike. */
export const channelTypeDefinition = (type: ChannelType) =>
  CHANNEL_TYPE_DEFINITIONS[type] as unknown as {
    type: ChannelType;
    label: string;
    config: import('zod').ZodType<Record<string, string>>;
    secretFields: readonly string[];
    minimumTier: import('../../tiers.js').TierId;
    destination(config: Record<string, string>): string;
    pacing: { messages: number; perSeconds: number };
    mask(config: Record<string, string>): Record<string, string>;
  };
