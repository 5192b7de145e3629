import { ulid } from 'ulid';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { AccountAlertRules } from '../../shared/alerts/rules.js';
import type { AcknowledgementView } from '../../shared/alerts/acknowledge.js';
import type { CreatedChannel } from '../../shared/alerts/schemas.js';
import { ENTITY, alertTimerKey, incidentKey } from '../../shared/table/keys.js';
import { as, signInAdmin, userWithId } from './helpers/admin.js';
import { api, testClientIp } from './helpers/api.js';
import {
  getMonitorItem,
  getTableItem,
  madeUpDownAlert,
  patchTableItem,
  putOutboxEntry,
  putTableItems,
  sendToAlertsQueue,
  waitFor,
  waitForOutboxStatus,
} from './helpers/pipeline.js';

/**
 * Alert rules, acknowledgement, reminders and escalation against the local cloud (docs/alerts.md
 * "Alert rules", "Acknowledgement"). Time is moved by rewriting the timer item, and the alert-timers
 * job is run here, as the schedule would run it.
 */
interface SinkMessage {
  url: string;
  body: unknown;
}

const slackMessages = async (url: string): Promise<string[]> => {
  const response = await fetch(`${inject('channelSinkUrl')}/store?channel_type=slack`);
  const { messages } = (await response.json()) as { messages: SinkMessage[] };
  return messages.filter((message) => message.url === url).map((message) => JSON.stringify(message.body));
};

const slackUrl = (label: string) => `https://hooks.slack.com/services/T000/B000/${label}${Date.now()}`;

const userOnTier = async (label: string, tier: 'pro' | 'business') => {
  const user = await userWithId(label);
  expect((await as(`/api/admin/users/${user.id}/upgrade`, { method: 'POST', body: { tier } })).status).toBe(200);
  return user;
};

const addSlack = async (token: string, name: string, url: string, isDefault: boolean) => {
  const created = await api<CreatedChannel>('/api/channels', { method: 'POST', token, body: { type: 'slack', name, config: { webhook_url: url }, is_default: isDefault } });
  expect(created.status).toBe(201);
  return created.body;
};

const runAlertTimers = async () => {
  const { handler } = await import('../../functions/scheduled/run-alert-timers.js');
  await (handler as (event: unknown, context: unknown) => Promise<void>)({}, { functionName: 'alert-timers', awsRequestId: 'test' });
};

beforeAll(async () => {
  await signInAdmin();
  Object.assign(process.env, inject('cloudEnv'));
});

describe('alert rules API', () => {
  it('keeps custom rules for Pro and up, checks escalation channels, and stores confirm rounds on monitors', async () => {
    const free = await userWithId('rules-free');
    const defaults = await api<AccountAlertRules>('/api/alert-rules', { token: free.token });
    expect(defaults.body).toEqual({ rules: { down_after_rounds: 1, up_after_rounds: 1, renotify_minutes: null, escalation: [] }, custom_rules_allowed: false });
    const refused = await api<{ detail: string }>('/api/alert-rules', { method: 'PUT', token: free.token, body: { down_after_rounds: 3 } });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toMatch(/Pro plan and above/);

    const pro = await userOnTier('rules-pro', 'pro');
    const bad = await api<{ detail: string }>('/api/alert-rules', { method: 'PUT', token: pro.token, body: { down_after_rounds: 11 } });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/at most 10/);
    // A misspelt rule is refused, not answered 200 with nothing changed.
    const misspelt = await api<{ detail: string }>('/api/alert-rules', { method: 'PUT', token: pro.token, body: { failures_before_alert: 3 } });
    expect(misspelt.status).toBe(400);
    expect(misspelt.body.detail).toMatch(/failures_before_alert/);
    const unknown = await api('/api/alert-rules', { method: 'PUT', token: pro.token, body: { escalation: [{ after_minutes: 5, channel_ids: ['01ARZ3NDEKTSV4RRFFQ69G5FAV'] }] } });
    expect(unknown.status).toBe(400);

    const follower = await api<{ id: string }>('/api/monitors', { method: 'POST', token: pro.token, body: { name: 'Follows', url: 'https://follows.example.com', check_interval: 300, timeout: 30 } });
    const own = await api<{ id: string; alert_rules: unknown }>('/api/monitors', {
      method: 'POST',
      token: pro.token,
      body: { name: 'Own', url: 'https://own.example.com', check_interval: 300, timeout: 30, alert_rules: { down_after_rounds: 2, up_after_rounds: 4 } },
    });
    expect(own.status).toBe(201);
    expect(own.body.alert_rules).toEqual({ down_after_rounds: 2, up_after_rounds: 4, renotify_minutes: null, escalation: [] });
    const saved = await api<AccountAlertRules>('/api/alert-rules', { method: 'PUT', token: pro.token, body: { down_after_rounds: 3, renotify_minutes: 30 } });
    expect(saved.status).toBe(200);
    expect(saved.body.rules).toMatchObject({ down_after_rounds: 3, up_after_rounds: 1, renotify_minutes: 30 });
    // The follower takes the new defaults at once; the monitor with its own rules keeps them.
    expect(await getMonitorItem(pro.id, follower.body.id)).toMatchObject({ down_after_rounds: 3, up_after_rounds: 1 });
    expect(await getMonitorItem(pro.id, own.body.id)).toMatchObject({ down_after_rounds: 2, up_after_rounds: 4 });
  });
});

describe('acknowledgement, reminders and escalation', () => {
  it('escalates and reminds an unacknowledged outage, and a link in the message acknowledges it for every channel', async () => {
    const user = await userOnTier('escalation', 'business');
    const teamUrl = slackUrl('team');
    const pagerUrl = slackUrl('pager');
    await addSlack(user.token, 'Team room', teamUrl, true);
    const pager = await addSlack(user.token, 'On-call', pagerUrl, false);
    expect(
      (await api('/api/alert-rules', { method: 'PUT', token: user.token, body: { renotify_minutes: 5, escalation: [{ after_minutes: 10, channel_ids: [pager.id] }] } })).status,
    ).toBe(200);

    // An incident id as the processor makes them (a ULID), so the incident page can open it.
    const alert = { ...madeUpDownAlert(), incidentId: ulid() };
    await putTableItems([
      {
        ...incidentKey(user.id, alert.incidentId),
        entity: ENTITY.incident,
        user_id: user.id,
        id: alert.incidentId,
        monitor_id: alert.monitorId,
        alert_type: 'down',
        status: 'open',
        message: alert.message,
        started_at: alert.occurredAt,
        resolved_at: null,
        details: alert.details,
        monitor_name: 'Escalated shop',
        monitor_url: 'https://shop.example.com/',
      },
    ]);
    await putOutboxEntry({ userId: user.id, monitorName: 'Escalated shop', monitorUrl: 'https://shop.example.com/', alert });
    await sendToAlertsQueue({ kind: 'alert', userId: user.id, monitorName: 'Escalated shop', monitorUrl: 'https://shop.example.com/', alert });
    await waitForOutboxStatus(alert.transitionId, 'sent');

    const [first] = await waitFor('the down message in the team room', async () => {
      const messages = await slackMessages(teamUrl);
      return messages.length ? messages : undefined;
    });
    const token = /\/ack\?token=([A-Za-z0-9_-]+)/.exec(first!)?.[1];
    expect(token, 'the message carries an acknowledgement link').toBeTruthy();
    expect(await slackMessages(pagerUrl)).toEqual([]);

    // Eleven minutes later: the escalation step (10 min) and a reminder (every 5 min) are due.
    const timerKey = alertTimerKey(user.id, alert.incidentId);
    expect(await getTableItem(timerKey)).toBeDefined();
    const elevenMinutesAgo = new Date(Date.now() - 11 * 60_000).toISOString();
    await patchTableItem(timerKey, { opened_at: elevenMinutesAgo, GSI1SK: new Date(Date.now() - 1000).toISOString() });
    await runAlertTimers();
    const escalated = await waitFor('the escalation to on-call', async () => (await slackMessages(pagerUrl)).find((body) => body.includes('Escalated:')));
    expect(escalated).toContain('Escalated shop');
    await waitFor('the reminder in the team room', async () => (await slackMessages(teamUrl)).find((body) => body.includes('Reminder:')));

    // The link's page shows the incident; its button acknowledges it.
    const view = await api<AcknowledgementView>(`/api/public/acknowledge?token=${token}`);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ monitor_name: 'Escalated shop', status: 'open', acknowledged_at: null });
    const acked = await api<AcknowledgementView>('/api/public/acknowledge', { method: 'POST', body: { token } });
    expect(acked.status).toBe(200);
    expect(acked.body).toMatchObject({ acknowledged_by: 'a link in Slack "Team room"' });
    expect(acked.body.acknowledged_at).toEqual(expect.any(String));
    await waitFor('the acknowledgement in the team room', async () => (await slackMessages(teamUrl)).find((body) => body.includes('acknowledged by')));
    expect(await getTableItem(timerKey)).toBeUndefined();

    // A second click changes nothing and tells no one.
    const before = (await slackMessages(teamUrl)).length;
    const again = await api<AcknowledgementView>('/api/public/acknowledge', { method: 'POST', body: { token } });
    expect(again.body.acknowledged_by).toBe('a link in Slack "Team room"');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await slackMessages(teamUrl)).length).toBe(before);

    // The incident says who acknowledged it; a made-up link is refused plainly.
    const incident = await api<{ acknowledged_by: string }>(`/api/incidents/${alert.incidentId}`, { token: user.token });
    expect(incident.body.acknowledged_by).toBe('a link in Slack "Team room"');
    // The workspace's audit log has it once, its actor the link (docs/teams.md "Audit log").
    const log = await api<{ entries: { action: string; actor_label: string; actor_email: string | null; ip: string; target_id: string }[] }>(
      '/api/workspaces/current/audit-log?action=incident.acknowledged',
      { token: user.token },
    );
    expect(log.body.entries).toEqual([
      expect.objectContaining({ actor_label: 'One-click link', actor_email: null, ip: testClientIp(), target_id: alert.incidentId }),
    ]);
    const invalid = await api<{ detail: string }>('/api/public/acknowledge?token=not-a-real-token-at-all-xyz');
    expect(invalid.status).toBe(400);
    expect(invalid.body.detail).toMatch(/not valid or has expired/);
  }, 60_000);
});
