import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, PASSWORD, signedInUser } from '../integration/helpers/api.js';
import { formReady, hasChromium, launchBrowser, SCREENSHOT_DIR, type BrowserSession } from './helpers/browser';

const WIDTHS = [1280, 390] as const;

/**
 * The Monitors page in the browser, on the free plan (1 monitor): add, validate, edit, pause and
 * resume, search, the limit banner and the Upgrade Your Plan view, delete with confirmation, and
 * the bulk upload (template download, refused file, result view). Screenshots of each state at
 * 1280 and 390 px wide. Steps run in order and share one browser.
 */
describe.skipIf(!hasChromium())('monitors page (browser)', () => {
  const baseUrl = inject('baseUrl');
  const monitorName = `Docs ${randomUUID().slice(0, 6)}`;
  const renamed = `${monitorName} (renamed)`;
  const consoleErrors: string[] = [];
  let session: BrowserSession;
  let token: string;

  /** The page at both widths: full page for the screen, the viewport for a dialog. */
  const shoot = async (page: Page, name: string, { fullPage = true } = {}) => {
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 860 });
      await page.waitForTimeout(150);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `monitors-${name}-${width}.png`), fullPage });
    }
    await page.setViewportSize({ width: 1280, height: 860 });
  };

  const card = (page: Page, name: string): Locator => page.getByRole('article', { name, exact: true });

  beforeAll(async () => {
    const user = await signedInUser('e2e-monitors');
    token = user.token;
    session = await launchBrowser();
    const { page } = session;
    page.on('console', (message) => {
      // The browser logs every 4xx/5xx response too; the app's expected refusals are checked below.
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await page.goto(`${baseUrl}/login`);
    await formReady(page);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${baseUrl}/app/dashboard`);
  });

  afterAll(async () => {
    await session?.close();
  });

  it('shows the empty state with its header buttons', async () => {
    const { page } = session;
    await page.goto(`${baseUrl}/app/monitors`);
    await page.getByText('No monitors yet').waitFor();
    for (const button of ['Refresh Status', 'Bulk Upload', 'Add Monitor', 'Add Your First Monitor']) {
      expect(await page.getByRole('button', { name: button, exact: true }).isVisible()).toBe(true);
    }
    expect(await page.getByTestId('limit-banner').count()).toBe(0);
    await shoot(page, 'empty');
  });

  it("shows the product's validation messages for bad input", async () => {
    const { page } = session;
    await page.getByRole('button', { name: 'Add Your First Monitor' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Monitor' });
    // Focus starts in the first field, not on the Close button.
    expect(await dialog.getByLabel('Monitor Name').evaluate((input) => input === document.activeElement)).toBe(true);
    await dialog.getByRole('button', { name: 'Add Monitor' }).click();
    await dialog.getByText('Monitor name is required').waitFor();
    expect(await dialog.getByText('Please enter a valid URL (including http:// or https://)').isVisible()).toBe(true);

    await dialog.getByLabel('Monitor Name').fill(monitorName);
    // An address without a scheme is taken with https:// and the form says so (docs/product-rules.md
    // "Validation rules"); another scheme is refused.
    await dialog.getByLabel('Website URL').fill('example.com');
    await dialog.getByText("We'll check https://example.com").waitFor();
    await dialog.getByLabel('Website URL').fill('ftp://example.com');
    await dialog.getByRole('button', { name: 'Add Monitor' }).click();
    await dialog.getByText('Please enter a valid URL (including http:// or https://)').waitFor();
    expect(await dialog.getByText('Monitor name is required').count()).toBe(0);
    await shoot(page, 'add-invalid', { fullPage: false });

    // Once a save was tried, each message follows its field as it is typed: it goes as soon as
    // the field is right (not at the next save), and comes back if the field goes wrong again.
    await dialog.getByLabel('Website URL').fill('https://example.com/docs');
    await dialog.getByText('Please enter a valid URL (including http:// or https://)').waitFor({ state: 'detached' });
    await dialog.getByLabel('Monitor Name').fill('');
    await dialog.getByText('Monitor name is required').waitFor();
    await dialog.getByLabel('Monitor Name').fill(monitorName);
    await dialog.getByText('Monitor name is required').waitFor({ state: 'detached' });
    await dialog.getByLabel('Website URL').fill('');
    await dialog.getByText('Please enter a valid URL (including http:// or https://)').waitFor();
  });

  it('adds a monitor with the default interval and timeout', async () => {
    const { page } = session;
    const dialog = page.getByRole('dialog', { name: 'Add Monitor' });
    await dialog.getByLabel('Website URL').fill('https://example.com/docs');
    expect(await dialog.getByLabel('Check Interval').inputValue()).toBe('300');
    expect(await dialog.getByLabel('Timeout').inputValue()).toBe('30');
    const intervals = await dialog.getByLabel('Check Interval').locator('option').allTextContents();
    // The free plan's floor is 5 minutes: 1 min and 30 s are shown locked, with the plans that allow them.
    expect(intervals).toEqual(['30 s (Business plan)', '1 min (Pro plan)', '5 min', '10 min', '15 min', '30 min', '1 hour']);
    expect(await dialog.getByRole('option', { name: '1 min (Pro plan)' }).isDisabled()).toBe(true);
    expect(await dialog.getByRole('option', { name: '30 s (Business plan)' }).isDisabled()).toBe(true);
    await dialog.getByText('Your Free plan checks every 5 min at most often; 1 min checks need the Pro plan, 30 s checks the Business plan.').waitFor();
    expect(await dialog.getByLabel('Slow threshold (seconds)').inputValue()).toBe('5');
    await shoot(page, 'add', { fullPage: false });
    await dialog.getByRole('button', { name: 'Add Monitor' }).click();
    await dialog.waitFor({ state: 'detached' });

    const added = card(page, monitorName);
    await added.waitFor();
    expect(await added.getByText('https://example.com/docs').isVisible()).toBe(true);
    expect(await added.getByText('5 min').isVisible()).toBe(true);
    // Checked at once, and the card shows it without a reload: the test machine cannot reach
    // example.com, so the first check finds it Offline, seconds after it was added.
    await added.getByText('Offline', { exact: true }).waitFor({ timeout: 20_000 });
    expect(await added.getByText('Never').count()).toBe(0);
  });

  it('shows Monitor Limit Reached on the free plan with its one monitor', async () => {
    const { page } = session;
    const banner = page.getByTestId('limit-banner');
    await banner.getByText('Monitor Limit Reached').waitFor();
    expect(await banner.getByText('You are using 1 of 1 monitor on the Free plan.', { exact: false }).isVisible()).toBe(true);
    await shoot(page, 'page');
  });

  it('edits the monitor in the same modal, with the PUT of its four fields', async () => {
    const { page } = session;
    await page.getByRole('button', { name: `Edit ${monitorName}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Monitor' });
    expect(await dialog.getByLabel('Monitor Name').inputValue()).toBe(monitorName);
    expect(await dialog.getByLabel('Website URL').inputValue()).toBe('https://example.com/docs');
    await dialog.getByLabel('Monitor Name').fill('');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.getByText('Monitor name is required').waitFor();

    await dialog.getByLabel('Monitor Name').fill(renamed);
    await dialog.getByLabel('Check Interval').selectOption('600');
    await dialog.getByLabel('Timeout').selectOption('60');
    await shoot(page, 'edit', { fullPage: false });
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.waitFor({ state: 'detached' });

    const edited = card(page, renamed);
    await edited.getByText('10 min').waitFor();
    const stored = await api<{ monitors: { name: string; check_interval: number; timeout: number }[] }>('/api/monitors', { token });
    expect(stored.body.monitors[0]).toMatchObject({ name: renamed, check_interval: 600, timeout: 60 });
  });

  it('pauses and resumes the monitor', async () => {
    const { page } = session;
    const monitor = card(page, renamed);
    await monitor.getByRole('button', { name: `Pause ${renamed}` }).click();
    await monitor.getByText('Paused', { exact: true }).waitFor();
    await monitor.getByRole('button', { name: `Resume ${renamed}` }).click();
    await monitor.getByText('Offline', { exact: true }).waitFor();
    await monitor.getByRole('button', { name: `Pause ${renamed}` }).waitFor();
    const stored = await api<{ monitors: { status: string }[] }>('/api/monitors', { token });
    expect(stored.body.monitors[0]?.status).toBe('active');
  });

  it('links the card body to the monitor page', async () => {
    const { page } = session;
    const monitor = card(page, renamed);
    const href = await monitor.getByRole('link', { name: renamed }).getAttribute('href');
    expect(href).toMatch(/^\/app\/monitors\/[0-9A-Z]{26}$/);
    // Keyboard: the name link is focusable and its focus ring outlines the whole card.
    await page.getByRole('link', { name: 'Offline', exact: true }).focus();
    await page.keyboard.press('Tab');
    expect(await monitor.getByRole('link', { name: renamed }).evaluate((link) => link === document.activeElement)).toBe(true);
    await shoot(page, 'card-focus', { fullPage: false });
    // A click on the card's body (here, beside its figures) lands on the name link's stretched area.
    await monitor.click({ position: { x: 160, y: 110 } });
    await page.waitForURL(`${baseUrl}${href}`);
    await page.goBack();
    await card(page, renamed).waitFor();
  });

  it('searches by name or URL after typing stops, on Enter, and clears', async () => {
    const { page } = session;
    const box = page.getByRole('searchbox', { name: 'Search monitors by name or URL' });
    await box.fill('RENAMED');
    await page.getByText('Found 1 monitor matching "RENAMED"').waitFor();
    expect(page.url()).toContain('search=RENAMED');
    expect(await card(page, renamed).isVisible()).toBe(true);

    await box.fill('example.com/docs');
    await box.press('Enter');
    await page.getByText('Found 1 monitor matching "example.com/docs"').waitFor();

    await box.fill('no-such-site');
    await page.getByText('Found 0 monitors matching "no-such-site"').waitFor();
    expect(await card(page, renamed).count()).toBe(0);
    await shoot(page, 'search');

    // The filters keep the search.
    await page.getByRole('link', { name: 'Online', exact: true }).click();
    await page.waitForURL(/\/app\/monitors\/online\?search=no-such-site$/);
    await page.getByRole('link', { name: 'All', exact: true }).click();
    await page.waitForURL(/\/app\/monitors\?search=no-such-site$/);

    await page.getByRole('search').getByRole('button', { name: 'Clear search' }).click();
    await card(page, renamed).waitFor();
    expect(await page.getByText(/^Found \d+ monitors? matching/).count()).toBe(0);
    expect(await box.inputValue()).toBe('');
  });

  it('at the free limit, Add Monitor says why and leads to upgrading before any form', async () => {
    const { page } = session;
    await page.getByRole('button', { name: 'Add Monitor', exact: true }).click();
    const upgrade = page.getByRole('dialog', { name: 'Upgrade Your Plan' });
    await upgrade.getByText('Monitor limit reached: your Free plan allows 1 monitor.', { exact: false }).waitFor();
    // The plans come from the packages call, which may still be loading when the view switches.
    for (const plan of ['Pro', 'Business', 'Enterprise']) {
      await upgrade.getByRole('heading', { name: plan, exact: true }).waitFor();
    }
    await upgrade.getByText('$19').waitFor();
    const upgradeNow = upgrade.getByRole('link', { name: 'Upgrade Now' });
    expect(await upgradeNow.getAttribute('href')).toBe('/app/settings?section=subscription');
    await shoot(page, 'upgrade', { fullPage: false });

    expect(await upgrade.getByLabel('Monitor Name').count()).toBe(0);
    await upgrade.getByTestId('upgrade-plans').getByRole('button', { name: 'Close' }).click();
    await upgrade.waitFor({ state: 'detached' });

    // Bulk Upload too: no file to pick when no row could be added.
    await page.getByRole('button', { name: 'Bulk Upload' }).click();
    const bulk = page.getByRole('dialog', { name: 'Upgrade Your Plan' });
    await bulk.getByText('Monitor limit reached: your Free plan allows 1 monitor.', { exact: false }).waitFor();
    expect(await bulk.getByLabel('CSV file').count()).toBe(0);
    expect(await bulk.getByRole('link', { name: 'Upgrade Now' }).getAttribute('href')).toBe('/app/settings?section=subscription');
    await page.keyboard.press('Escape');
    await bulk.waitFor({ state: 'detached' });
  });

  it('shows the limit banner at exactly the cap in an informative colour, not an error one', async () => {
    const banner = session.page.getByTestId('limit-banner');
    expect(await banner.getAttribute('data-tone')).toBe('info');
    const colour = await banner.evaluate((element) => getComputedStyle(element).backgroundColor);
    // Tailwind's red-50 would be oklch(97.1% 0.013 17.38); indigo-50 is what an informative banner uses.
    expect(colour).not.toMatch(/17\.3/);
    expect(await banner.getByText('Monitor Limit Reached').isVisible()).toBe(true);
  });

  it('deletes the monitor after confirmation', async () => {
    const { page } = session;
    await page.getByRole('button', { name: `Delete ${renamed}` }).click();
    let confirm = page.getByRole('dialog', { name: 'Delete Monitor' });
    expect(await confirm.getByText(renamed).isVisible()).toBe(true);
    await shoot(page, 'delete', { fullPage: false });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await card(page, renamed).isVisible()).toBe(true);

    await page.getByRole('button', { name: `Delete ${renamed}` }).click();
    confirm = page.getByRole('dialog', { name: 'Delete Monitor' });
    await confirm.getByRole('button', { name: 'Delete Monitor' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByText('No monitors yet').waitFor();
    await page.getByTestId('limit-banner').waitFor({ state: 'detached' });
  });

  it('downloads the CSV template and shows its format rules', async () => {
    const { page } = session;
    await page.getByRole('button', { name: 'Bulk Upload' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bulk Monitor Upload' });
    await dialog.getByRole('list', { name: 'CSV format' }).getByText(/^One monitor per line/).waitFor();
    expect(await dialog.getByTestId('bulk-limits').textContent()).toContain(
      'Subscription limits: Free 1 monitor, Pro 10 monitors, Business 50 monitors, Enterprise 500 monitors.',
    );
    await dialog.getByText('You are using 0 of 1 monitor on the Free plan.', { exact: false }).waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download Template' }).click()]);
    expect(download.suggestedFilename()).toBe('upwatch-monitors-template.csv');
    const saved = await download.path();
    const template = fs.readFileSync(saved, 'utf8').trimEnd().split('\n');
    expect(template[0]).toBe('name,url,check_interval,timeout');
    // Fit to the Free plan: one sample row (its one monitor), at its 5-minute floor.
    expect(template.slice(1).map((row) => Number(row.split(',')[2]))).toEqual([300]);
    await shoot(page, 'bulk-step', { fullPage: false });
  });

  it('asks for a CSV file when none or another kind is chosen', async () => {
    const { page } = session;
    const dialog = page.getByRole('dialog', { name: 'Bulk Monitor Upload' });
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await dialog.getByText('Please select a CSV file').waitFor();
    await dialog.getByLabel('CSV file', { exact: true }).setInputFiles({ name: 'monitors.txt', mimeType: 'text/plain', buffer: Buffer.from('name,url\n') });
    await dialog.getByText('Please select a CSV file').waitFor();
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await dialog.getByText('Please select a CSV file').waitFor();
    await shoot(page, 'bulk-invalid', { fullPage: false });
  });

  it('uploads a CSV and shows the created monitor and the refused rows', async () => {
    const { page } = session;
    const dialog = page.getByRole('dialog', { name: 'Bulk Monitor Upload' });
    const csv = [
      'name,url,check_interval,timeout',
      'Bulk Docs,https://example.com/bulk,300,30',
      'Too Fast,https://example.com/fast,60,10',
      'Bulk Shop,shop.example.com,600,30',
      'Broken,not a url,300,30',
    ].join('\n');
    const file = { name: 'monitors.csv', mimeType: 'text/csv', buffer: Buffer.from(`${csv}\n`) };
    await dialog.getByLabel('CSV file', { exact: true }).setInputFiles(file);
    expect(await dialog.getByText('Please select a CSV file').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();

    const result = dialog.getByTestId('bulk-upload-result');
    await result.waitFor();
    expect(await result.getByText('Upload complete: 1 of 4 monitors created').isVisible()).toBe(true);
    expect(await result.getByText('Bulk Docs').isVisible()).toBe(true);
    const errors = await result.getByRole('region', { name: 'Errors' }).getByRole('listitem').allTextContents();
    expect(errors).toHaveLength(3);
    expect(errors[0]).toMatch(/^Row 3: .*plan/);
    expect(errors.some((error) => /^Row 4: Monitor limit reached/.test(error))).toBe(true);
    expect(errors.some((error) => error.startsWith('Row 5: Please enter a valid URL'))).toBe(true);
    await shoot(page, 'bulk-result', { fullPage: false });

    await result.getByRole('button', { name: 'Upload Another File' }).click();
    await dialog.getByLabel('CSV file', { exact: true }).setInputFiles(file);
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await dialog.getByText('Upload complete: 0 of 4 monitors created').waitFor();
    // One row is "1 monitor", not "1 monitors".
    await result.getByRole('button', { name: 'Upload Another File' }).click();
    const oneRow = 'name,url,check_interval,timeout\nOne More,https://example.com/one,300,30\n';
    await dialog.getByLabel('CSV file', { exact: true }).setInputFiles({ name: 'one.csv', mimeType: 'text/csv', buffer: Buffer.from(oneRow) });
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await dialog.getByText('Upload complete: 0 of 1 monitor created').waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });

    await card(page, 'Bulk Docs').waitFor();
    await page.getByTestId('limit-banner').getByText('Monitor Limit Reached').waitFor();
  });

  it('loaded every screen without console errors', () => {
    expect(consoleErrors).toEqual([]);
  });
});
