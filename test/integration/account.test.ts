import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_PREFERENCES, NOT_A_CONFIRMED_ADDRESS, TEST_NOTIFICATION_RATE_LIMIT } from '../../shared/account/notifications.js';
import type { TimezoneList } from '../../shared/account/timezones.js';
import { routesOfArea } from '../../shared/api/routes.js';
import { api, latestMailTo, signedInUser, uniqueEmail } from './helpers/api.js';

const site = { name: 'Example', url: 'https://example.com', check_interval: 300, timeout: 30 };

/** Rate limits count in fixed windows: start a burst well inside one, so it cannot straddle two. */
const awayFromWindowEdge = async (windowSeconds: number): Promise<void> => {
  const windowMs = windowSeconds * 1000;
  const left = windowMs - (Date.now() % windowMs);
  if (left < 15_000) await new Promise((resolve) => setTimeout(resolve, left + 500));
};

describe('account area: sign-in required', () => {
  it.each(routesOfArea('account').map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s answers 401 without a token and with a forged one',
    async (_name, route) => {
      const body = route.method === 'GET' ? undefined : {};
      expect((await api(route.path, { method: route.method, body })).status).toBe(401);
      const forged = await api(route.path, { method: route.method, body, token: 'eyJhbGciOiJSUzI1NiJ9.e30.c2ln' });
      expect(forged.status).toBe(401);
      expect(forged.body).toHaveProperty('detail');
    },
  );
});

describe('subscription limits', () => {
  it('getSubscriptionLimits shows the free cap, then the limit reached once the monitor exists', async () => {
    const { token } = await signedInUser('limits');
    const before = await api('/api/subscription/limits', { token });
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ at_limit: false, limits: { monitors: 1 }, usage: { monitors: 0 }, tier: 'free', subscription: null });

    expect((await api('/api/monitors', { method: 'POST', token, body: site })).status).toBe(201);
    const after = await api('/api/subscription/limits', { token });
    expect(after.body).toEqual({ at_limit: true, limits: { monitors: 1 }, usage: { monitors: 1 }, tier: 'free', subscription: null });
  });
});

describe('notification preferences', () => {
  it('getNotificationPreferences answers every key with its default for a user who never saved', async () => {
    const { token } = await signedInUser('prefs-default');
    const response = await api('/api/notifications/preferences', { token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
  });

  it('updateNotificationPreferences saves one key, answers them all, and leaves other users alone', async () => {
    const ada = await signedInUser('prefs-ada');
    const bob = await signedInUser('prefs-bob');

    const first = await api('/api/notifications/preferences', { method: 'PUT', token: ada.token, body: { daily_reports: true } });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ ...DEFAULT_NOTIFICATION_PREFERENCES, daily_reports: true });

    const second = await api('/api/notifications/preferences', { method: 'PUT', token: ada.token, body: { email_notifications: false } });
    expect(second.body).toEqual({ ...DEFAULT_NOTIFICATION_PREFERENCES, daily_reports: true, email_notifications: false });

    expect((await api('/api/notifications/preferences', { token: ada.token })).body).toEqual(second.body);
    expect((await api('/api/notifications/preferences', { token: bob.token })).body).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
  });

  it.each([
    ['no key', {}, 'exactly one notification preference'],
    ['two keys', { daily_reports: true, weekly_reports: false }, 'exactly one notification preference'],
    ['an unknown key', { push_notifications: true }, 'Unknown notification preference: push_notifications'],
    ['a string value', { daily_reports: 'true' }, 'daily_reports must be true or false'],
    ['a number value', { incident_alerts: 1 }, 'incident_alerts must be true or false'],
    ['a JSON array', [{ daily_reports: true }], 'must be a JSON object'],
  ])('updateNotificationPreferences answers 400 for %s and changes nothing', async (_case, body, detail) => {
    const { token } = await signedInUser('prefs-bad');
    const response = await api('/api/notifications/preferences', { method: 'PUT', token, body });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED', detail: expect.stringContaining(detail) });
    expect(response.body).not.toHaveProperty('stack');
    expect((await api('/api/notifications/preferences', { token })).body).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
  });

  it('updateNotificationPreferences answers 400 for a body that is not JSON', async () => {
    const { token } = await signedInUser('prefs-raw');
    const response = await api('/api/notifications/preferences', {
      method: 'PUT',
      token,
      rawBody: '{"daily_reports": tru',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(response.body.detail).toBe('The request body is not valid JSON');
  });
});

describe('test notifications', () => {
  it.each([
    ['email', /Upwatch test email/],
    ['incident', /\[Test\] Website Down/],
    ['weekly_report', /\[Test\] Your weekly Upwatch report/],
    ['daily_report', /\[Test\] Your daily Upwatch report/],
  ])("sendTestNotification mails a %s test to the account's own address now", async (notification_type, subject) => {
    const user = await signedInUser(`tester-${notification_type.replace('_', '-')}`);
    const to = user.email;
    const response = await api('/api/notifications/test', { method: 'POST', token: user.token, body: { notification_type, test_email: to } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, message: expect.stringContaining(to) });

    const mail = await latestMailTo(to);
    expect(mail.subject).toMatch(subject);
    expect(mail.body.text).toContain(user.email);
    expect(mail.body.html).toContain('Upwatch');
  });

  it.each([
    ['a missing type', { test_email: 'ops@example.com' }, 'notification_type must be one of'],
    ['an unknown type', { notification_type: 'sms', test_email: 'ops@example.com' }, 'notification_type must be one of'],
    ['a missing address', { notification_type: 'email' }, 'test_email is required'],
    ['an address that is not one', { notification_type: 'email', test_email: 'ops-at-example' }, 'Please enter a valid email address'],
    ['a number for the address', { notification_type: 'email', test_email: 42 }, 'test_email is required'],
    ['an overlong address', { notification_type: 'email', test_email: `${'a'.repeat(250)}@example.com` }, 'test_email is too long'],
  ])('sendTestNotification answers 400 for %s', async (_case, body, detail) => {
    const { token } = await signedInUser('tester-bad');
    const response = await api('/api/notifications/test', { method: 'POST', token, body });
    expect(response.status).toBe(400);
    expect(response.body.detail).toContain(detail);
  });

  it('sendTestNotification mails a confirmed alert recipient, and refuses a stranger or a recipient not yet confirmed', async () => {
    const { token } = await signedInUser('tester-recipients');
    const confirmed = uniqueEmail('confirmed-recipient');
    const pending = uniqueEmail('pending-recipient');
    const added = await api<{ id: string }>('/api/channels', { method: 'POST', token, body: { type: 'email', name: 'Ops', config: { address: confirmed } } });
    expect(added.status).toBe(201);
    expect((await api('/api/channels', { method: 'POST', token, body: { type: 'email', name: 'Pending', config: { address: pending } } })).status).toBe(201);
    const link = (await latestMailTo(confirmed)).body.text?.match(/confirm-channel\?token=([^\s"&]+)/)?.[1];
    expect((await api('/api/public/confirm-channel', { method: 'POST', body: { token: decodeURIComponent(link ?? '') } })).status).toBe(200);

    const send = (test_email: string) => api('/api/notifications/test', { method: 'POST', token, body: { notification_type: 'incident', test_email } });
    expect((await send(confirmed)).status).toBe(200);
    expect((await latestMailTo(confirmed)).subject).toMatch(/\[Test\] Website Down/);
    for (const refused of [pending, uniqueEmail('stranger')]) {
      const response = await send(refused);
      expect(response.status, refused).toBe(400);
      expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED', detail: NOT_A_CONFIRMED_ADDRESS });
    }
    expect((await latestMailTo(pending)).subject).not.toMatch(/Test/);
  });

  it('sendTestNotification answers 429 past the per-user limit, naming the limit and the wait', async () => {
    const { token, email } = await signedInUser('tester-busy');
    const other = await signedInUser('tester-calm');
    const { limit, windowSeconds } = TEST_NOTIFICATION_RATE_LIMIT;
    await awayFromWindowEdge(windowSeconds);
    const body = { notification_type: 'email', test_email: email };
    for (let i = 0; i < limit; i++) {
      expect((await api('/api/notifications/test', { method: 'POST', token, body })).status).toBe(200);
    }
    const over = await api('/api/notifications/test', { method: 'POST', token, body });
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ code: 'RATE_LIMITED' });
    expect(over.body.detail).toMatch(/^Too many test notifications: at most 5 every 10 minutes\. Please try again in \d+ minutes?\.$/);

    // The limit is per user.
    expect((await api('/api/notifications/test', { method: 'POST', token: other.token, body: { ...body, test_email: other.email } })).status).toBe(200);
  });
});

describe('timezones', () => {
  it('listTimezones lists zones with their current offset, UTC first, and UTC as the current zone by default', async () => {
    const { token } = await signedInUser('tz-list');
    const response = await api<TimezoneList>('/api/user/timezones', { token });
    expect(response.status).toBe(200);
    const { common_timezones: zones, current_timezone: current } = response.body;
    expect(current).toBe('UTC');
    expect(zones[0]).toMatchObject({ value: 'UTC', offset: expect.stringMatching(/^GMT/) });
    expect(zones.length).toBeGreaterThan(300);
    const tokyo = zones.find((zone) => zone.value === 'Asia/Tokyo');
    expect(tokyo).toEqual({ value: 'Asia/Tokyo', label: 'Asia/Tokyo (GMT+9)', offset: 'GMT+9' });
  });

  it('updateUserPreferences saves the timezone, which listTimezones and /api/auth/me then show', async () => {
    const { token } = await signedInUser('tz-save');
    const saved = await api('/api/user/preferences', { method: 'PUT', token, body: { timezone: 'Asia/Tokyo' } });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ timezone: 'Asia/Tokyo' });

    expect((await api<TimezoneList>('/api/user/timezones', { token })).body.current_timezone).toBe('Asia/Tokyo');
    expect((await api('/api/auth/me', { token })).body).toMatchObject({ timezone: 'Asia/Tokyo' });
  });

  it.each([
    ['an unknown timezone', { timezone: 'Mars/Olympus_Mons' }, 'Unknown timezone: Mars/Olympus_Mons'],
    ['a missing timezone', {}, 'timezone is required'],
    ['a number', { timezone: 330 }, 'timezone is required'],
    ['an overlong timezone', { timezone: `Europe/${'x'.repeat(80)}` }, 'timezone is too long'],
  ])('updateUserPreferences answers 400 for %s and keeps the saved zone', async (_case, body, detail) => {
    const { token } = await signedInUser('tz-bad');
    const response = await api('/api/user/preferences', { method: 'PUT', token, body });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED', detail: expect.stringContaining(detail) });
    expect(response.body.errors).toEqual([expect.objectContaining({ field: 'timezone' })]);
    expect((await api('/api/auth/me', { token })).body).toMatchObject({ timezone: null });
  });
});
