import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '../../../../shared/account/notifications.js';
import { TIERS } from '../../../../shared/tiers.js';
import type { StoredChannel } from '../../../../functions/repositories/channel-repository.js';
import { nextTimerDue } from '../../../../functions/services/alerts/alert-timers.js';
import { nextTryAt, retryDelaySeconds, RETRY_WINDOW_SECONDS } from '../../../../functions/services/alerts/delivery-schedule.js';
import { deliveryIdOf } from '../../../../functions/services/alerts/delivery-id.js';
import { channelsToAlert } from '../../../../functions/services/alerts/fan-out-channels.js';
import { channelTypesAllowed } from '../../../../functions/services/channels/channel-plan-rules.js';
import { channelView, monitorsUsing } from '../../../../functions/services/channels/channel-view.js';

/** The pure rules of alert channel delivery (docs/alerts.md "Delivery", "Alert rules", "Plans"). */
const channel = (fields: Partial<StoredChannel>): StoredChannel => ({
  id: 'C1',
  userId: 'u1',
  type: 'slack',
  name: 'Ops',
  config: { webhook_url: 'https://hooks.slack.com/ser…ret' },
  sealedConfig: { webhook_url: 'uw1.l.sealed' },
  isDefault: true,
  status: 'active',
  pausedReason: null,
  consecutiveFailures: 0,
  signingSecrets: [],
  createdAt: '2026-11-27T10:00:00.000Z',
  lastDeliveryAt: null,
  ...fields,
});

describe('retries', () => {
  it('backs off further after each try and honours a longer Retry-After', () => {
    expect([1, 2, 3, 4, 9, 20].map(retryDelaySeconds)).toEqual([15, 60, 300, 900, 21_600, 21_600]);
    const first = new Date('2026-11-27T10:00:00.000Z');
    expect(nextTryAt({ attempts: 1, firstAttemptAt: first, now: first })?.toISOString()).toBe('2026-11-27T10:00:15.000Z');
    expect(nextTryAt({ attempts: 1, firstAttemptAt: first, now: first, retryAfterSeconds: 120 })?.toISOString()).toBe('2026-11-27T10:02:00.000Z');
  });

  it('stops 24 hours after the first try', () => {
    const first = new Date('2026-11-27T10:00:00.000Z');
    const late = new Date(first.getTime() + (RETRY_WINDOW_SECONDS - 3600) * 1000);
    expect(nextTryAt({ attempts: 10, firstAttemptAt: first, now: late })).toBeNull();
  });

  it('names a transition\'s delivery to a channel the same way every time, and differently per channel', () => {
    expect(deliveryIdOf('C1', 'm#r#down')).toBe(deliveryIdOf('C1', 'm#r#down'));
    expect(deliveryIdOf('C1', 'm#r#down')).not.toBe(deliveryIdOf('C2', 'm#r#down'));
    expect(deliveryIdOf('C1', 'm#r#down')).toMatch(/^msg_[A-Za-z0-9_-]{27}$/);
  });
});

describe('which channels a transition goes to', () => {
  const channels = [channel({ id: 'A' }), channel({ id: 'B', isDefault: false }), channel({ id: 'C', status: 'paused' }), channel({ id: 'D', type: 'sms' })];

  it('sends a monitor on the defaults to the active default channels whose switch is on', () => {
    expect(channelsToAlert(channels, null, { ...DEFAULT_NOTIFICATION_PREFERENCES, slack_notifications: true }).map((c) => c.id)).toEqual(['A']);
    expect(channelsToAlert(channels, null, { ...DEFAULT_NOTIFICATION_PREFERENCES, slack_notifications: true, sms_notifications: true }).map((c) => c.id)).toEqual(['A', 'D']);
    expect(channelsToAlert(channels, null, { ...DEFAULT_NOTIFICATION_PREFERENCES, slack_notifications: false })).toEqual([]);
  });

  it('sends a monitor with its own list only there', () => {
    const on = { ...DEFAULT_NOTIFICATION_PREFERENCES, slack_notifications: true };
    expect(channelsToAlert(channels, ['B', 'C'], on).map((c) => c.id)).toEqual(['B']);
    expect(channelsToAlert(channels, [], on)).toEqual([]);
  });

  it('counts the monitors that use a channel', () => {
    const refs = [{ monitorId: 'm1', channelIds: null }, { monitorId: 'm2', channelIds: ['B'] }, { monitorId: 'm3', channelIds: [] }];
    expect(monitorsUsing(channel({ id: 'A' }), refs)).toBe(1);
    expect(monitorsUsing(channel({ id: 'B', isDefault: false }), refs)).toBe(1);
  });
});

describe('plans and views', () => {
  it('offers each plan the types it includes', () => {
    expect(channelTypesAllowed(TIERS.free)).toEqual(['email', 'slack', 'teams', 'discord', 'telegram']);
    expect(channelTypesAllowed(TIERS.pro)).toContain('sms');
    expect(channelTypesAllowed(TIERS.pro)).not.toContain('webhook');
    expect(channelTypesAllowed(TIERS.business)).toEqual(expect.arrayContaining(['webhook', 'pagerduty']));
  });

  it('never shows a sealed secret, and masks an opened one', () => {
    expect(channelView(channel({}), 0).config).toEqual({ webhook_url: 'https://hooks.slack.com/ser…ret' });
    const masked = channelView(channel({}), 0, { webhook_url: 'https://hooks.slack.com/services/T0AAA/B0BBB/secretsecret' }).config.webhook_url;
    expect(masked).toMatch(/^https:\/\/hooks\.slack\.com\//);
    expect(masked).not.toContain('secretsecret');
  });
});

describe('reminder and escalation timers', () => {
  const opened = '2026-11-27T10:00:00.000Z';
  it('is next due at the earlier of the next step and the next reminder, and done when neither is left', () => {
    const timer = { openedAt: opened, renotifyMinutes: 30, escalation: [{ after_minutes: 10, channel_ids: ['B'] }], stepsDone: 0, reminders: 0 };
    expect(nextTimerDue(timer)?.toISOString()).toBe('2026-11-27T10:10:00.000Z');
    expect(nextTimerDue({ ...timer, stepsDone: 1 })?.toISOString()).toBe('2026-11-27T10:30:00.000Z');
    expect(nextTimerDue({ ...timer, stepsDone: 1, reminders: 2 })?.toISOString()).toBe('2026-11-27T11:30:00.000Z');
    expect(nextTimerDue({ ...timer, renotifyMinutes: null, stepsDone: 1 })).toBeNull();
  });
});
