/**
 * Screenshots of Settings -> Audit log at 1280 and 390 px into /tmp/audit-shots (docs/teams.md "Audit log").
 *   UPWATCH_WEB_ROOT=frontend/dist UPWATCH_TEST_PORT_OFFSET=3000 npx tsx test/e2e/capture-audit-log.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { startLocalCloud } from '../../infra/local/cloud.js';
import { readLocalSettings } from '../../infra/local/settings.js';
import { TEST_ENV } from '../setup/local-cloud.js';
import { axeFindings, formatFindings } from './helpers/axe.js';
import { launchBrowser } from './helpers/browser.js';
import { apiCaller, registerAndSignIn } from './helpers/capture-account.js';

const OUT_DIR = '/tmp/audit-shots';
const PASSWORD = 'correct-horse-battery';
const EMAIL = 'grace@example.com';

const main = async () => {
  const dataDir = path.resolve('.test-data', `audit-shots-${Date.now()}`);
  const settings = readLocalSettings({ ...process.env, ...TEST_ENV, UPWATCH_DATA_DIR: dataDir });
  const cloud = await startLocalCloud(settings, { onCrash: (part, reason) => { console.error(part, reason); process.exit(1); } });
  const baseUrl = cloud.urls.gateway;
  const browser = await launchBrowser({ bypassCSP: true, timezoneId: 'Asia/Kolkata' });
  try {
    const call = apiCaller(baseUrl);
    const signedIn = await registerAndSignIn(call, cloud.urls.ses, { name: 'Grace Hopper', email: EMAIL, password: PASSWORD });
    const { access_token: token } = signedIn;
    const monitor = await call<{ id: string }>('/api/monitors', { method: 'POST', token, body: { name: 'Online shop', url: 'https://shop.example.com', check_interval: 300, timeout: 10 } });
    await call(`/api/monitors/${monitor.id}`, { method: 'PUT', token, body: { status: 'paused' } });
    await call(`/api/monitors/${monitor.id}`, { method: 'PUT', token, body: { status: 'active', name: 'Online shop (EU)' } });
    await call('/api/status-pages', { method: 'POST', token, body: { name: 'Acme status', slug: `acme-${Date.now()}`, monitor_ids: [monitor.id] } });

    const { page } = browser;
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${baseUrl}/app/dashboard`);
    fs.mkdirSync(OUT_DIR, { recursive: true });
    for (const size of [{ width: 1280, height: 860 }, { width: 390, height: 844 }]) {
      await page.setViewportSize(size);
      await page.goto(`${baseUrl}/app/settings?section=audit`);
      await page.locator('table[aria-label="Audit log"] tbody tr:visible, ul[aria-label="Audit log"] li:visible').first().waitFor();
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(OUT_DIR, `settings-audit-${size.width}.png`), fullPage: true });
      console.log(formatFindings(`audit log at ${size.width} px`, await axeFindings(page)) || `axe: no findings at ${size.width} px`);
    }
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.getByLabel('Action').selectOption('monitor.paused');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(800);
    await page.screenshot({ path: path.join(OUT_DIR, 'settings-audit-filtered-1280.png'), fullPage: true });
    console.log('done');
  } finally {
    await browser.close();
    await cloud.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
};

await main();
