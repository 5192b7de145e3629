import type { z } from 'zod';
import type { CreateChannelBody } from '@shared/api/contract.js';
import { channelTypeDefinition, type ChannelType } from '@shared/alerts/channels/index.js';
import { CreateChannelInput, type ChannelList, type ChannelView, type UpdateChannelInput } from '@shared/alerts/schemas.js';
import { countOf } from '@shared/texts.js';
import { tierOf } from '@shared/tiers.js';
import { formatTimestamp } from '@/utils/time';
import { CHANNEL_TEXT } from '../texts';

/** Field messages keyed by the dotted field name the server uses too (`name`, `config.webhook_url`). */
export type ChannelFieldErrors = Record<string, string>;

/** The first message per dotted field of a failed parse (the server names its problems the same way). */
export const dottedFieldErrors = (error: z.ZodError): ChannelFieldErrors => {
  const errors: ChannelFieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.');
    if (field && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
};

/** What the Add form holds. */
export interface NewChannelValues {
  type: ChannelType;
  name: string;
  config: Record<string, string>;
  isDefault: boolean;
}

export type ChannelCheck<Body> = { ok: true; body: Body } | { ok: false; errors: ChannelFieldErrors };

/**
 * The Add form checked with the API's own schema (CreateChannelInput, which checks the config
 * against the type's schema): the body to send, or the message under each field. The body sends
 * the values as typed; the server parses them again.
 */
export const checkNewChannel = (values: NewChannelValues): ChannelCheck<CreateChannelBody> => {
  const body: CreateChannelBody = { type: values.type, name: values.name, config: values.config, is_default: values.isDefault };
  const parsed = CreateChannelInput.safeParse(body);
  if (parsed.success) return { ok: true, body };
  // The schema checks the config only once the name is right; the form says everything at once.
  const config = channelTypeDefinition(values.type).config.safeParse(values.config);
  const configErrors = config.success ? {} : dottedFieldErrors(config.error);
  return {
    ok: false,
    errors: { ...Object.fromEntries(Object.entries(configErrors).map(([key, message]) => [`config.${key}`, message])), ...dottedFieldErrors(parsed.error) },
  };
};

/** What the Edit form holds: the config starts as the masked values the list shows. */
export interface ChannelEditValues {
  name: string;
  config: Record<string, string>;
  isDefault: boolean;
  paused: boolean;
}

export const channelEditValuesOf = (channel: ChannelView): ChannelEditValues => ({
  name: channel.name,
  config: { ...channel.config },
  isDefault: channel.is_default,
  paused: channel.status === 'paused',
});

/**
 * The Edit form checked: only what changed is sent. A config is sent whole when one of its fields
 * changed; a secret field left as its masked value keeps the stored secret (the server's rule), so
 * only the changed fields are checked with the type's schema.
 */
export const checkChannelEdit = (channel: ChannelView, values: ChannelEditValues): ChannelCheck<z.input<typeof UpdateChannelInput>> => {
  const body: z.input<typeof UpdateChannelInput> = {};
  const errors: ChannelFieldErrors = {};
  const name = values.name.trim();
  if (name !== channel.name) {
    const parsed = CreateChannelInput.safeParse({ type: channel.type, name: values.name, config: {} });
    const nameProblem = parsed.success ? undefined : parsed.error.issues.find((issue) => issue.path[0] === 'name');
    if (nameProblem) errors.name = nameProblem.message;
    body.name = name;
  }
  const changed = Object.keys(values.config).filter((key) => values.config[key] !== channel.config[key]);
  if (changed.length > 0) {
    const parsed = channelTypeDefinition(channel.type).config.safeParse(values.config);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? '');
        if (changed.includes(key) && !(`config.${key}` in errors)) errors[`config.${key}`] = issue.message;
      }
    }
    body.config = values.config;
  }
  if (values.isDefault !== channel.is_default) body.is_default = values.isDefault;
  if (values.paused !== (channel.status === 'paused')) body.paused = values.paused;
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, body };
};

/** The status badge's words and tone: Active, Awaiting confirmation, or Paused with its reason. */
export const channelStatusOf = (channel: Pick<ChannelView, 'status' | 'paused_reason'>): { text: string; tone: 'emerald' | 'amber' | 'red' | 'slate' } => {
  if (channel.status === 'active') return { text: CHANNEL_TEXT.statusActive, tone: 'emerald' };
  if (channel.status === 'unconfirmed') return { text: CHANNEL_TEXT.statusUnconfirmed, tone: 'amber' };
  return channel.paused_reason === 'failures'
    ? { text: CHANNEL_TEXT.statusPausedAfterFailures, tone: 'red' }
    : { text: CHANNEL_TEXT.statusPaused, tone: 'slate' };
};

/** Whether the plan may add a type, and else the plan that may ("Available on Pro"). */
export const typeAvailability = (type: ChannelType, limits: ChannelList['limits']): { allowed: true } | { allowed: false; planName: string } =>
  limits.types_allowed.includes(type) ? { allowed: true } : { allowed: false, planName: tierOf(channelTypeDefinition(type).minimumTier).name };

/** Whether the plan's channel cap is used up: Add then explains and leads to upgrading. */
export const atChannelCap = (limits: ChannelList['limits']): boolean => limits.channels_used >= limits.channel_cap;

/** A channel's masked config in one line ("https://hooks.slack.com/ser…abc", "1234…wxyz · -100123"). */
export const configSummary = (channel: Pick<ChannelView, 'config'>): string => Object.values(channel.config).join(' · ');

/** The webhook's delivery events are written `incident.opened`; people read "Incident opened". */
export const eventLabel = (event: string): string => {
  const words = event.replace(/[._]/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : event;
};

/**
 * When a delivery is tried again: "in under a minute", "in 12 minutes", "in 3 hours", else the
 * timestamp (a relative time in the past would read "Just now" for a time still to come).
 */
export const untilText = (iso: string, now: number = Date.now()): string => {
  const seconds = Math.floor((new Date(iso).getTime() - now) / 1000);
  if (Number.isNaN(seconds)) return '';
  if (seconds < 60) return 'in under a minute';
  if (seconds < 3600) return `in ${countOf(Math.floor(seconds / 60), 'minute')}`;
  if (seconds < 86_400) return `in ${countOf(Math.floor(seconds / 3600), 'hour')}`;
  return formatTimestamp(iso);
};
