import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ChannelList, CreatedChannel } from '../../shared/alerts/schemas.js';
import { api, signedInUser, uniqueEmail } from '../integration/helpers/api.js';
import { hasChromium, launchBrowser, screenshot, type BrowserSession } from './helpers/browser';
import { newestMailTo } from './helpers/mail';

/**
 * An alert recipient confirms in the browser (docs/alerts.md "Confirming e-mail recipients"):
 * the link from the mail opens a page that changes nothing until Confirm is pressed, then says
 * whose alerts will reach the address.
 */
describe.skipIf(!hasChromium())('confirming an alert recipient (browser)', () => {
  const baseUrl = inject('baseUrl');
  let session: BrowserSession;

  beforeAll(async () => {
    session = await launchBrowser();
  });

  afterAll(async () => {
    await session?.close();
  });

  it('opens the mailed link without confirming, and confirms on the button', async () => {
    const owner = await signedInUser('e2e-confirm-owner');
    const address = uniqueEmail('e2e-recipient');
    const created = await api<CreatedChannel>('/api/channels', { method: 'POST', token: owner.token, body: { type: 'email', name: 'On-call', config: { address } } });
    expect(created.status).toBe(201);
    const statusNow = async () =>
      (await api<ChannelList>('/api/channels', { token: owner.token })).body.channels.find((channel) => channel.id === created.body.id)?.status;

    const mail = await newestMailTo(address);
    const found = /\/confirm-channel\?token=([^\s"'<>&]+)/.exec(mail.body?.text ?? '');
    expect(found?.[1]).toBeTruthy();
    const { page } = session;
    await page.goto(`${baseUrl}/confirm-channel?token=${found![1]}`);
    await page.getByRole('heading', { name: 'Confirm Upwatch alerts' }).waitFor();
    // Opening the link (as a mail scanner would) confirms nothing.
    expect(await statusNow()).toBe('unconfirmed');
    await screenshot(page, 'confirm-channel-ask');

    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('heading', { name: 'Alerts confirmed' }).waitFor();
    expect(await page.getByText(`Confirmed: alerts of ${owner.email}'s monitors will now reach ${address}.`).isVisible()).toBe(true);
    expect(await statusNow()).toBe('active');
    await screenshot(page, 'confirm-channel-done');
  }, 60_000);
});
