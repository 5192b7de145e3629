import type { ChannelConfigOf, ChannelType } from '@shared/alerts/channels/index.js';

/** One config field of a channel type as the form shows it. */
export interface ChannelField<Key extends string = string> {
  key: Key;
  label: string;
  placeholder: string;
  /** Where to find the value, in the provider's own words. */
  hint: string;
  /** The input's type: `url`, `email` and `tel` bring the right on-screen keyboard. */
  input: 'url' | 'email' | 'tel' | 'text';
}

type FieldsOf<T extends ChannelType> = readonly ChannelField<keyof ChannelConfigOf<T> & string>[];

/**
 * Every channel type's form fields, in one place (docs/alerts.md "Adding a channel type"): the
 * keys are the type's config keys (shared/alerts/channels/), so a field the schema does not take
 * does not compile, and the server's problem `config.<key>` lands under the field of that key.
 */
export const CHANNEL_FIELDS: { readonly [T in ChannelType]: FieldsOf<T> } = {
  email: [
    {
      key: 'address',
      label: 'E-mail address',
      placeholder: 'ops@example.com',
      hint: 'We send a confirmation link first.',
      input: 'email',
    },
  ],
  slack: [
    {
      key: 'webhook_url',
      label: 'Webhook URL',
      placeholder: 'https://hooks.slack.com/services/…',
      hint: 'Slack -> Apps -> Incoming Webhooks -> Add to channel, then copy the Webhook URL.',
      input: 'url',
    },
  ],
  teams: [
    {
      key: 'webhook_url',
      label: 'Webhook URL',
      placeholder: 'https://….logic.azure.com/workflows/…',
      hint: "In the Teams channel: Workflows -> 'Post to a channel when a webhook request is received', copy the URL.",
      input: 'url',
    },
  ],
  discord: [
    {
      key: 'webhook_url',
      label: 'Webhook URL',
      placeholder: 'https://discord.com/api/webhooks/…',
      hint: 'Channel settings -> Integrations -> Webhooks -> New webhook -> Copy URL.',
      input: 'url',
    },
  ],
  telegram: [
    {
      key: 'bot_token',
      label: 'Bot token',
      placeholder: '123456789:AAE…',
      hint: 'Message @BotFather on Telegram, send /newbot and copy the token it gives you.',
      input: 'text',
    },
    {
      key: 'chat_id',
      label: 'Chat ID',
      placeholder: '-1001234567890',
      hint: 'Add the bot to the chat first; then the chat’s numeric id, or @channelname for a public channel.',
      input: 'text',
    },
  ],
  pagerduty: [
    {
      key: 'routing_key',
      label: 'Integration key',
      placeholder: '32 letters and digits',
      hint: 'Service -> Integrations -> Events API v2 -> Integration key.',
      input: 'text',
    },
  ],
  sms: [
    {
      key: 'phone',
      label: 'Phone number',
      placeholder: '+14155550123',
      hint: 'In +countrycode form: + then the country code and the number, e.g. +14155550123.',
      input: 'tel',
    },
  ],
  webhook: [
    {
      key: 'url',
      label: 'Endpoint URL',
      placeholder: 'https://example.com/hooks/upwatch',
      hint: 'An https URL that takes a JSON POST. Each request is signed (Standard Webhooks) with a secret we show once, after you add it.',
      input: 'url',
    },
  ],
};

/** A type's fields, loosely typed for code that handles every type alike. */
export const channelFields = (type: ChannelType): readonly ChannelField[] => CHANNEL_FIELDS[type];

/** The empty config of a type: one blank value per field. */
export const emptyConfig = (type: ChannelType): Record<string, string> =>
  Object.fromEntries(channelFields(type).map((field) => [field.key, '']));
