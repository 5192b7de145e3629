import { z } from 'zod';
import { maskSecret, type ChannelTypeDefinition } from './contract.js';

/** A Telegram bot (token from @BotFather) posting to one chat, group or channel. */
export const telegramChannel = {
  type: 'telegram',
  label: 'Telegram',
  config: z.object({
    bot_token: z
      .string({ error: 'bot_token is required' })
      .trim()
      .regex(/^\d{3,20}:[A-Za-z0-9_-]{30,60}$/, 'bot_token must be the token @BotFather gave you, like 123456789:AAE…'),
    chat_id: z
      .string({ error: 'chat_id is required' })
      .trim()
      .regex(/^(-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{4,31})$/, 'chat_id must be a numeric chat id (e.g. -1001234567890) or a public @channelname'),
  }),
  secretFields: ['bot_token'],
  minimumTier: 'free',
  destination: (config) => `telegram:${config.chat_id}`,
  // Telegram: one message per second per chat.
  pacing: { messages: 1, perSeconds: 1 },
  mask: (config) => ({ bot_token: maskSecret(config.bot_token), chat_id: config.chat_id }),
} as const satisfies ChannelTypeDefinition<'telegram', { bot_token: string; chat_id: string }>;
