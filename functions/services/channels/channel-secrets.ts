import { randomBytes } from 'node:crypto';
import { channelTypeDefinition, type ChannelType } from '../../../shared/alerts/channels/index.js';
import { openSecret, sealSecret } from '../../secrets/envelope.js';
import type { SealedSigningSecret, StoredChannel } from '../../repositories/channel-repository.js';

/**
 * A channel's credentials at rest (docs/alerts.md "Destinations and SSRF"): the secret fields of
 * its type and a webhook's signing secrets are sealed like monitor secrets, bound to the channel,
 * and opened only to send.
 */
export const channelSecretContext = (channelId: string): string => `channel:${channelId}`;

/**
 * Splits a config into what is stored in clear — its plain fields, and each secret field's mask
 * (what lists show without opening anything) — and its secret fields, sealed.
 */
export const sealChannelConfig = async (
  type: ChannelType,
  channelId: string,
  config: Record<string, string>,
): Promise<{ config: Record<string, string>; sealedConfig: Record<string, string> }> => {
  const definition = channelTypeDefinition(type);
  const secretFields = new Set(definition.secretFields);
  const masked = definition.mask(config);
  const plain: Record<string, string> = {};
  const sealed: Record<string, string> = {};
  for (const [field, value] of Object.entries(config)) {
    if (secretFields.has(field)) {
      sealed[field] = await sealSecret(value, channelSecretContext(channelId));
      plain[field] = masked[field] ?? '';
    } else plain[field] = value;
  }
  return { config: plain, sealedConfig: sealed };
};

/** The whole config, secrets opened (over their masks): for sending and for the save-time checks of an edit. */
export const openChannelConfig = async (channel: Pick<StoredChannel, 'id' | 'config' | 'sealedConfig'>): Promise<Record<string, string>> => {
  const opened: Record<string, string> = { ...channel.config };
  for (const [field, sealed] of Object.entries(channel.sealedConfig)) {
    opened[field] = await openSecret(sealed, channelSecretContext(channel.id));
  }
  return opened;
};

/** A Standard Webhooks secret: `whsec_` and 32 random bytes in base64. */
export const newSigningSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

/** How long a rotated-out secret still signs, so receivers can switch over. */
export const PREVIOUS_SECRET_VALID_HOURS = 24;

export const sealSigningSecret = async (channelId: string, secret: string, now: Date): Promise<SealedSigningSecret> => ({
  sealed: await sealSecret(secret, channelSecretContext(channelId)),
  created_at: now.toISOString(),
  retires_at: null,
});

/** The secrets that sign now, newest first: the current one and a rotated-out one inside its 24 hours. */
export const openSigningSecrets = async (channel: Pick<StoredChannel, 'id' | 'signingSecrets'>, now: Date): Promise<string[]> => {
  const live = channel.signingSecrets
    .filter((secret) => secret.retires_at === null || Date.parse(secret.retires_at) > now.getTime())
    .sort((a, b) => b.created_at.localeCompare(a.created_at));
  return Promise.all(live.map((secret) => openSecret(secret.sealed, channelSecretContext(channel.id))));
};
