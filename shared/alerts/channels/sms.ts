import { z } from 'zod';
import type { ChannelTypeDefinition } from './contract.js';

/** A text message through Amazon SNS to one phone number; counted against the plan's monthly allowance. */
export const smsChannel = {
  type: 'sms',
  label: 'SMS',
  config: z.object({
    phone: z
      .string({ error: 'phone is required' })
      .trim()
      .transform((value) => value.replace(/[\s().-]/g, ''))
      .pipe(z.string().regex(/^\+[1-9]\d{6,14}$/, 'phone must be in international E.164 form: + then the country code and number, e.g. +14155550123')),
  }),
  secretFields: [],
  minimumTier: 'pro',
  destination: (config) => `sms:${config.phone}`,
  pacing: { messages: 1, perSeconds: 1 },
  mask: (config) => ({ phone: config.phone }),
} as const satisfies ChannelTypeDefinition<'sms', { phone: string }>;
