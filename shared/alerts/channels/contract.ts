import type { z } from 'zod';
import type { TierId } from '../../tiers.js';

/**
 * What an alert channel type is, in one place (docs/alerts.md "Adding a channel type"). Each type
 * fills this contract in its own module (slack.ts, webhook.ts, ...) and is registered once in
 * index.ts; the functions side (functions/services/alerts/channels/) adds the sender, keyed by the
 * same union, and the SPA its form fields.
 *
 * - `Config`: what the API takes and stores as the channel's `config` (secret fields sealed at rest).
 */
export interface ChannelTypeDefinition<Type extends string, Config extends Record<string, string>> {
  type: Type;
  /** How the type is named to people ("Slack", "Generic webhook"). */
  label: string;
  /** The config of a create (every field required); an update takes the same shape. */
  config: z.ZodType<Config>;
  /**
   * Config fields that are credentials (a webhook URL carries its token in the path, a bot token,
   * a routing key): sealed at rest like monitor secrets and masked in every answer and export.
   */
  secretFields: readonly (keyof Config & string)[];
  /** The lowest tier that may add a channel of this type (docs/alerts.md "Plans"). */
  minimumTier: TierId;
  /**
   * Where a message goes, for pacing (one destination's own rate limit) and the delivery log: a
   * webhook's host and path, a chat id, a phone number. Never a credential.
   */
  destination(config: Config): string;
  /** The provider's own rate limit for one destination, which sending keeps under. */
  pacing: { messages: number; perSeconds: number };
  /** What a user reads in place of a secret field ("https://hooks.slack.com/services/T0…/…"). */
  mask(config: Config): Config;
}

/** A masked credential: enough of it to recognise, never enough to use. */
export const maskSecret = (value: string, keep = 4): string =>
  value.length <= keep * 2 ? '••••' : `${value.slice(0, keep)}…${value.slice(-keep)}`;

/** A URL whose path holds the credential: scheme and host kept, the path masked. */
export const maskUrl = (value: string): string => {
  try {
    const url = new URL(value);
    const path = url.pathname.length > 1 ? `/${maskSecret(url.pathname.slice(1), 3)}` : '';
    return `${url.protocol}//${url.host}${path}`;
  } catch {
    return maskSecret(value);
  }
};
