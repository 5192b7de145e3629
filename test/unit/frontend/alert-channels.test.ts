import { describe, expect, it } from 'vitest';
import type { ChannelList, ChannelView } from '../../../shared/alerts/schemas.js';
import { channelsOfMonitor } from '../../../frontend/src/lib/channels';
import { CHANNEL_FIELDS } from '../../../frontend/src/features/settings/components/channels/channel-fields';
import {
  atChannelCap,
  channelEditValuesOf,
  channelStatusOf,
  checkChannelEdit,
  checkNewChannel,
  eventLabel,
  typeAvailability,
  untilText,
} from '../../../frontend/src/features/settings/utils/channels';
import { CHANNEL_TYPES, channelTypeDefinition } from '../../../shared/alerts/channels/index.js';

const view = (overrides: Partial<ChannelView> = {}): ChannelView => ({
  id: 'ch-1',
  type: 'telegram',
  name: 'Team chat',
  config: { bot_token: '1234…wxyz', chat_id: '-1001234567890' },
  is_default: true,
  status: 'active',
  paused_reason: null,
  consecutive_failures: 0,
  monitor_count: 2,
  created_at: '2026-11-01T10:00:00.000Z',
  last_delivery_at: null,
  ...overrides,
});

const limits = (overrides: Partial<ChannelList['limits']> = {}): ChannelList['limits'] => ({
  channels_used: 1,
  channel_cap: 3,
  sms_used_this_month: 0,
  sms_per_month: 0,
  types_allowed: ['email', 'slack', 'teams', 'discord', 'telegram'],
  ...overrides,
});

describe('the channel form field registry', () => {
  it("has exactly each type's config keys", () => {
    for (const type of CHANNEL_TYPES) {
      const empty = Object.fromEntries(CHANNEL_FIELDS[type].map((field) => [field.key, '']));
      const parsed = channelTypeDefinition(type).config.safeParse(empty);
      const keysAsked = parsed.success ? [] : [...new Set(parsed.error.issues.map((issue) => String(issue.path[0])))].sort();
      expect(keysAsked, type).toEqual(CHANNEL_FIELDS[type].map((field) => field.key).sort());
    }
  });
});

describe('checking the Add form', () => {
  it('names every problem at once, keyed as the server keys them', () => {
    const check = checkNewChannel({ type: 'telegram', name: '', config: { bot_token: 'nope', chat_id: '' }, isDefault: true });
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(Object.keys(check.errors).sort()).toEqual(['config.bot_token', 'config.chat_id', 'name']);
  });

  it('sends a valid channel as typed', () => {
    const check = checkNewChannel({ type: 'sms', name: 'On call', config: { phone: '+14155550123' }, isDefault: false });
    expect(check).toEqual({ ok: true, body: { type: 'sms', name: 'On call', config: { phone: '+14155550123' }, is_default: false } });
  });
});

describe('checking the Edit form', () => {
  it('sends nothing when nothing changed, masked secrets included', () => {
    const channel = view();
    expect(checkChannelEdit(channel, channelEditValuesOf(channel))).toEqual({ ok: true, body: {} });
  });

  it('sends the whole config when one field changed, checking only the changed one', () => {
    const channel = view();
    const values = { ...channelEditValuesOf(channel), config: { ...channel.config, chat_id: '@upwatch_alerts' } };
    expect(checkChannelEdit(channel, values)).toEqual({ ok: true, body: { config: { bot_token: '1234…wxyz', chat_id: '@upwatch_alerts' } } });
    const wrong = { ...channelEditValuesOf(channel), config: { ...channel.config, chat_id: 'not a chat' } };
    const check = checkChannelEdit(channel, wrong);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(Object.keys(check.errors)).toEqual(['config.chat_id']);
  });

  it('resumes a paused channel and moves the default mark', () => {
    const channel = view({ status: 'paused', paused_reason: 'failures' });
    const values = { ...channelEditValuesOf(channel), paused: false, isDefault: false };
    expect(checkChannelEdit(channel, values)).toEqual({ ok: true, body: { is_default: false, paused: false } });
  });
});

describe('what the list says', () => {
  it('reads the status with its reason', () => {
    expect(channelStatusOf({ status: 'active', paused_reason: null }).text).toBe('Active');
    expect(channelStatusOf({ status: 'unconfirmed', paused_reason: null }).text).toBe('Awaiting confirmation');
    expect(channelStatusOf({ status: 'paused', paused_reason: 'failures' }).text).toBe('Paused after 10 failed deliveries');
    expect(channelStatusOf({ status: 'paused', paused_reason: 'owner' }).text).toBe('Paused');
  });

  it('names the plan that includes a type the plan does not', () => {
    expect(typeAvailability('slack', limits())).toEqual({ allowed: true });
    expect(typeAvailability('sms', limits())).toEqual({ allowed: false, planName: 'Pro' });
    expect(typeAvailability('webhook', limits())).toEqual({ allowed: false, planName: 'Business' });
  });

  it('knows the cap', () => {
    expect(atChannelCap(limits({ channels_used: 2 }))).toBe(false);
    expect(atChannelCap(limits({ channels_used: 3 }))).toBe(true);
  });

  it('says when a delivery is tried again', () => {
    const now = Date.parse('2026-11-27T12:00:00.000Z');
    expect(untilText('2026-11-27T12:00:30.000Z', now)).toBe('in under a minute');
    expect(untilText('2026-11-27T12:10:00.000Z', now)).toBe('in 10 minutes');
    expect(untilText('2026-11-27T13:00:00.000Z', now)).toBe('in 1 hour');
  });

  it('reads an event name', () => {
    expect(eventLabel('incident.opened')).toBe('Incident opened');
    expect(eventLabel('monitor.ssl_expiring')).toBe('Monitor ssl expiring');
  });
});

describe("a monitor's channels", () => {
  const channels = [view({ id: 'a', is_default: true }), view({ id: 'b', is_default: false })];

  it('are the default channels on the account defaults, else the chosen ones that still exist', () => {
    expect(channelsOfMonitor(null, channels).map((channel) => channel.id)).toEqual(['a']);
    expect(channelsOfMonitor(['b', 'gone'], channels).map((channel) => channel.id)).toEqual(['b']);
    expect(channelsOfMonitor([], channels)).toEqual([]);
  });
});
