import type { ChannelType } from '../../../../shared/alerts/channels/index.js';
import type { ChannelSender } from './contract.js';
import { discordSender } from './discord.js';
import { emailSender } from './email.js';
import { pagerdutySender } from './pagerduty.js';
import { slackSender } from './slack.js';
import { smsSender } from './sms.js';
import { teamsSender } from './teams.js';
import { telegramSender } from './telegram.js';
import { webhookSender } from './webhook.js';

/**
 * The sender of each channel type (docs/alerts.md "Adding a channel type"), keyed by the shared
 * registry's types: a type without a sender does not compile.
 */
export const CHANNEL_SENDERS: { [T in ChannelType]: ChannelSender<T> } = {
  email: emailSender,
  slack: slackSender,
  teams: teamsSender,
  discord: discordSender,
  telegram: telegramSender,
  pagerduty: pagerdutySender,
  sms: smsSender,
  webhook: webhookSender,
};

/** The sender of one type: `senderOf(channel.type).send(alert, ctx, deps)`. */
export const senderOf = <T extends ChannelType>(type: T): ChannelSender<T> => CHANNEL_SENDERS[type];
