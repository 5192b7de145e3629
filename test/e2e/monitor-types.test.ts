import net from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { userKey } from '../../shared/table/keys.js';
import { api, signedInUser } from '../integration/helpers/api.js';
import { patchTableItem } from '../integration/helpers/pipeline.js';
import { hasChromium, launchBrowser, screenshot, signIn, type BrowserSession } from './helpers/browser';

/**
 * Adding each kind of monitor in the browser (docs/checks.md "Monitor types"): the type chooser
 * keeps the HTTP form as it was, and each other type asks for its own fields; the cards and the
 * detail page say what each watches. A heartbeat comes up on its first ping, a TCP monitor of a
 * loopback port through the checkers (the test cloud allows loopback targets).
 */
describe.skipIf(!hasChromium())('monitor types (browser)', () => {
  const baseUrl = inject('baseUrl');
  let session: BrowserSession;
  let listener: net.Server;
  let port = 0;

  beforeAll(async () => {
    listener = net.createServer((socket) => socket.end());
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    port = (listener.address() as net.AddressInfo).port;
    session = await launchBrowser();
  });
  afterAll(async () => {
    await session?.close();
    await new Promise<void>((resolve) => listener.close(() => resolve()));
  });

  const openAddMonitor = async (page: Page) => {
    await page.getByRole('button', { name: /Add (Your First )?Monitor/ }).first().click();
    return page.getByRole('dialog', { name: 'Add Monitor' });
  };

  it('adds a heartbeat, a TCP and a DNS monitor, each with its own fields, and shows what each watches', async () => {
    const { page } = session;
    const user = await signedInUser('e2e-types');
    const me = await api<{ id: string }>('/api/auth/me', { token: user.token });
    // Room for three monitors (the free plan has one).
    await patchTableItem(userKey(me.body.id), { subscription_tier: 'business' });
    await signIn(page, baseUrl, user.email);
    await page.goto(`${baseUrl}/app/monitors`);

    // The simple case is unchanged: HTTP is the default, with its URL field.
    let dialog = await openAddMonitor(page);
    expect(await dialog.getByLabel('Monitor type').inputValue()).toBe('http');
    expect(await dialog.getByLabel('Website URL').isVisible()).toBe(true);

    // TCP: host and port instead of a URL; the form names a missing port before saving.
    await dialog.getByLabel('Monitor type').selectOption('tcp');
    expect(await dialog.getByLabel('Website URL').count()).toBe(0);
    await dialog.getByLabel('Monitor Name').fill('Database port');
    await dialog.getByLabel('Host').fill('127.0.0.1');
    await dialog.getByRole('button', { name: 'Add Monitor' }).click();
    await dialog.getByText('Port is required for a TCP port monitor').waitFor();
    await dialog.getByLabel('Port').fill(String(port));
    await screenshot(page, 'monitor-type-tcp-modal-1280');
    await dialog.getByRole('button', { name: 'Add Monitor' }).click();
    await dialog.waitFor({ state: 'detached' });
    const tcpCard = page.getByRole('article', { name: 'Database port', exact: true });
    await tcpCard.getByText(`TCP 127.0.0.1:${port}`).waitFor();
    await tcpCard.getByText('Online').waitFor({ timeout: 60_000 });

    // DNS: hostname, record type, expected value.
    dialog = await openAddMonitor(page);
    await dialog.getByLabel('Monitor type').selectOption('dns');
    await dialog.getByLabel('Monitor Name').fill('Mail records');
    await dialog.getByLabel('Hostname').fill('example.com');
    await dialog.getByLabel('Record type').selectOption('MX');
    await dialog.getByLabel('Expected value (optional)').fill('mail.example.com');
    await dialog.getByRole('button', { name: 'Add Monitor' }).click();
    await dialog.waitFor({ state: 'detached' });
    const dnsCard = page.getByRole('article', { name: 'Mail records', exact: true });
    await dnsCard.getByText('DNS example.com').waitFor();
    await dnsCard.getByText('MX = mail.example.com').waitFor();

    // Heartbeat: no URL to give; the push URL comes with the saved monitor.
    dialog = await openAddMonitor(page);
    await dialog.getByLabel('Monitor type').selectOption('heartbeat');
    await dialog.getByLabel('Monitor Name').fill('Nightly backup');
    await dialog.getByLabel('Grace time (seconds)').fill('120');
    expect(await dialog.getByLabel('Timeout').count()).toBe(0);
    await screenshot(page, 'monitor-type-heartbeat-modal-1280');
    await dialog.getByRole('button', { name: 'Add Monitor' }).click();
    // Saved, the dialog shows the push URL with Copy at once.
    const added = page.getByRole('dialog', { name: 'Monitor added' });
    expect(await added.getByLabel('Push URL (keep it secret)').inputValue()).toMatch(/\/api\/heartbeat\/[A-Za-z0-9_-]{43}$/);
    await added.getByRole('button', { name: 'Copy' }).waitFor();
    await screenshot(page, 'monitor-type-heartbeat-saved-1280');
    await added.getByRole('button', { name: 'Done' }).click();
    await added.waitFor({ state: 'detached' });
    const heartbeatCard = page.getByRole('article', { name: 'Nightly backup', exact: true });
    await heartbeatCard.getByText('Waiting for the first ping').waitFor();

    await heartbeatCard.getByRole('link', { name: 'Nightly backup' }).click();
    const panel = page.getByTestId('monitor-target');
    const pushUrl = await panel.getByLabel('Push URL (keep it secret)').inputValue();
    expect(pushUrl).toMatch(/\/api\/heartbeat\/[A-Za-z0-9_-]{43}$/);
    // The job calls it; the monitor is up on that ping.
    expect((await fetch(pushUrl, { method: 'POST' })).status).toBe(200);
    await page.goto(`${baseUrl}/app/monitors`);
    await heartbeatCard.getByText('Online').waitFor({ timeout: 60_000 });
    await heartbeatCard.getByTestId('last-ping').getByText(/Just now|seconds? ago/).waitFor();
    await page.setViewportSize({ width: 1280, height: 1100 });
    await screenshot(page, 'monitor-types-cards-1280');

    await heartbeatCard.getByRole('link', { name: 'Nightly backup' }).click();
    await page.getByTestId('monitor-target').getByText('Grace time').waitFor();
    // A heartbeat is not timed: its checks show no response time (no "0 ms"), the table a dash.
    const judged = page.getByTestId('region-check');
    await judged.getByText('Up').waitFor();
    expect(await judged.textContent()).not.toMatch(/\d ms/);
    const row = page.getByTestId('check-row').first();
    expect(await row.textContent()).not.toMatch(/\d ms/);
    expect(await row.locator('td').last().textContent()).toBe('—');
    await screenshot(page, 'monitor-type-heartbeat-detail-1280');

    // A push URL that may have leaked is regenerated behind a confirmation; the old one stops at once.
    const target = page.getByTestId('monitor-target');
    await target.getByRole('button', { name: 'Regenerate URL' }).click();
    const confirm = page.getByRole('dialog', { name: 'Regenerate the push URL?' });
    await screenshot(page, 'heartbeat-regenerate-confirm-1280');
    await confirm.getByRole('button', { name: 'Regenerate URL' }).click();
    await target.getByText('A new push URL is shown above.', { exact: false }).waitFor();
    await expect.poll(() => target.getByLabel('Push URL (keep it secret)').inputValue()).not.toBe(pushUrl);
    const newUrl = await target.getByLabel('Push URL (keep it secret)').inputValue();
    expect(newUrl).toMatch(/\/api\/heartbeat\/[A-Za-z0-9_-]{43}$/);
    expect((await fetch(pushUrl, { method: 'POST' })).status).toBe(404);
    expect((await fetch(newUrl, { method: 'POST' })).status).toBe(200);
    await screenshot(page, 'heartbeat-regenerated-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'heartbeat-regenerated-390');
    await page.setViewportSize({ width: 1280, height: 860 });
  });
});
