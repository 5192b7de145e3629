import { z } from 'zod';
import { emailAddress } from '../../validation.js';
import type { ChannelTypeDefinition } from './contract.js';

/**
 * An extra e-mail recipient (the owner's own address is the default alert mail and needs no
 * channel). The address must confirm by a link before any alert is sent to it.
 */
export const emailChannel = {
  type: 'email',
  label: 'E-mail',
  config: z.object({ address: emailAddress('address') }),
  secretFields: [],
  minimumTier: 'free',
  destination: (config) => `email:${config.address.toLowerCase()}`,
  pacing: { messages: 10, perSeconds: 1 },
  mask: (config) => ({ address: config.address }),
} as const satisfies ChannelTypeDefinition<'email', { address: string }>;
