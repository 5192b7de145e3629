import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { userKey } from '../../shared/table/keys.js';
import { api, signedInUser } from '../integration/helpers/api.js';
import { patchTableItem } from '../integration/helpers/pipeline.js';
import { hasChromium, launchBrowser, screenshot, signIn, type BrowserSession } from './helpers/browser';

interface SinkMessage {
  channel_type: string;
  url: string;
  body: unknown;
}

/**
 * Alert channels and rules in the browser, against the real API of the local cloud (docs/alerts.md
 * "API", "Alert rules", "Offline"): Settings -> Notifications adds a Slack channel, sends it a test
 * (the local channel sink plays Slack), shows it in the list and its delivery log, sets the
 * account's alert rules on a plan that has them, and deletes the channel.
 */
describe.skipIf(!hasChromium())('alert channels (browser)', () => {
  const baseUrl = inject('baseUrl');
  const sink = inject('channelSinkUrl');
  // A path of its own, so this run's message is found among the sink's others.
  const hookPath = `/services/T0E2E/B0E2E/${randomUUID().replaceAll('-', '')}`;
  let session: BrowserSession;
  let user: { email: string; token: string };

  beforeAll(async () => {
    session = await launchBrowser();
    user = await signedInUser('e2e-channels');
  });
  afterAll(async () => {
    await session?.close();
  });

  const openNotifications = async () => {
    await session.page.goto(`${baseUrl}/app/settings?section=notifications`);
    await session.page.getByRole('heading', { level: 2, name: 'Notifications', exact: true }).waitFor();
  };

  const channelList = () => session.page.getByRole('list', { name: 'Alert channels' });

  it('adds a Slack channel, sends it a test and finds the test in its delivery log', async () => {
    const { page } = session;
    await signIn(page, baseUrl, user.email);
    await openNotifications();

    const card = page.getByRole('region', { name: 'Alert channels' });
    await card.getByText('No alert channels yet. Alerts go to your e-mail address only.').waitFor();
    await card.getByRole('button', { name: 'Add channel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add alert channel' });
    await dialog.getByRole('radio', { name: 'Slack' }).check();
    await dialog.getByLabel('Name').fill('Ops Slack');
    await dialog.getByLabel('Webhook URL').fill(`https://hooks.slack.com${hookPath}`);
    await dialog.getByRole('button', { name: 'Add channel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await card.getByText('Channel added.').waitFor();

    const row = channelList().getByRole('listitem', { name: 'Ops Slack' });
    await row.waitFor();
    expect(await row.getByText('Slack', { exact: true }).count()).toBeGreaterThan(0);
    expect(await card.getByTestId('channel-plan-usage').textContent()).toContain('1 of 3 channels used on the Free plan');

    await row.getByRole('button', { name: 'Send test' }).click();
    const result = row.getByRole('status');
    await result.waitFor();
    expect(await result.textContent()).toMatch(/^Test alert delivered to Slack "Ops Slack" \(HTTP 200, \d+ ms\)\.$/);

    // The channel sink got it, as Slack would have.
    const store = await fetch(`${sink}/store?channel_type=slack`).then((response) => response.json() as Promise<{ messages: SinkMessage[] }>);
    expect(store.messages.filter((message) => message.url.endsWith(hookPath))).toHaveLength(1);

    await row.getByRole('button', { name: 'Delivery log' }).click();
    const log = page.getByRole('dialog', { name: 'Delivery log: Ops Slack' });
    const entry = log.getByRole('row').nth(1);
    await entry.waitFor();
    expect(await log.getByRole('row').count()).toBe(2);
    expect(await entry.getByRole('cell').nth(1).textContent()).toBe('Test');
    expect(await entry.getByRole('cell').nth(3).textContent()).toBe('Delivered');
    expect(await entry.getByRole('cell').nth(4).textContent()).toBe('200');
    await screenshot(page, 'alert-channels-delivery-log-1280');
    await log.getByRole('button', { name: 'Done' }).click();
    await log.waitFor({ state: 'detached' });
  });

  it('shows Free the rules in words with the way to upgrade, and lets Pro set them', async () => {
    const { page } = session;
    const rulesCard = page.getByRole('region', { name: 'Alert rules' });
    expect(await rulesCard.getByText('Custom alert rules are available on the Pro plan and above.').isVisible()).toBe(true);
    expect(await rulesCard.getByRole('spinbutton').count()).toBe(0);

    const me = await api<{ id: string }>('/api/auth/me', { token: user.token });
    await patchTableItem(userKey(me.body.id), { subscription_tier: 'pro' });
    await openNotifications();
    await rulesCard.getByLabel('Alert after this many failing checks in a row').fill('3');
    await rulesCard.getByLabel('Remind while down').selectOption({ label: 'Every 30 minutes' });
    await rulesCard.getByRole('button', { name: 'Add escalation step' }).click();
    const step = rulesCard.getByTestId('escalation-step');
    await step.getByLabel('After (minutes)').fill('15');
    await step.getByLabel('Ops Slack').check();
    await rulesCard.getByRole('button', { name: 'Save alert rules' }).click();
    await rulesCard.getByText('Alert rules saved.').waitFor();
    await screenshot(page, 'alert-channels-notifications-pro-1280');

    const saved = await api<{ rules: unknown }>('/api/alert-rules', { token: user.token });
    expect(saved.body.rules).toEqual({
      down_after_rounds: 3,
      up_after_rounds: 1,
      renotify_minutes: 30,
      escalation: [{ after_minutes: 15, channel_ids: [expect.any(String)] }],
    });

    // Back to the defaults, so the channel is named by no rule when it is deleted.
    await rulesCard.getByRole('button', { name: 'Reset to defaults' }).click();
    await rulesCard.getByRole('button', { name: 'Save alert rules' }).click();
    await rulesCard.getByText('Alert rules saved.').waitFor();
    expect((await api<{ rules: { escalation: unknown[] } }>('/api/alert-rules', { token: user.token })).body.rules.escalation).toEqual([]);
  });

  it('deletes the channel', async () => {
    const { page } = session;
    const row = channelList().getByRole('listitem', { name: 'Ops Slack' });
    await row.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete alert channel' });
    expect(await dialog.getByText('Delete Ops Slack?').isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('No alert channels yet. Alerts go to your e-mail address only.').waitFor();
    const channels = await api<{ channels: unknown[] }>('/api/channels', { token: user.token });
    expect(channels.body.channels).toEqual([]);
  });
});
