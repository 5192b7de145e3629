/**
 * Renders the public status page's "Get updates" section from a fixture and captures it at 1280 px
 * and 390 px into docs/screenshots/status-page-subscribe-<width>.png, with "Only the components I
 * choose" open and an address typed, checking the page with axe-core on the way
 * (docs/status-pages.md "Subscribers"). Needs no local cloud:
 *
 *   npx tsx test/e2e/capture-status-page-subscribe.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { renderStatusPage } from '../../functions/services/status-pages/html/render-status-page.js';
import { publicPageFixture } from '../unit/functions/status-pages/public-page-fixture.js';
import { axeFindings, formatFindings } from './helpers/axe.js';
import { launchBrowser } from './helpers/browser.js';

const OUT_DIR = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));
const WIDTHS = [
  { width: 1280, height: 860 },
  { width: 390, height: 844 },
] as const;

const main = async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'status-page-subscribe-'));
  const file = path.join(dir, 'page.html');
  fs.writeFileSync(file, renderStatusPage(publicPageFixture('operational'), { siteOrigin: 'https://upwatch.example' }).html);
  const browser = await launchBrowser();
  let failures = '';
  try {
    for (const viewport of WIDTHS) {
      const { page } = browser;
      await page.setViewportSize(viewport);
      await page.goto(pathToFileURL(file).href);
      await page.getByRole('link', { name: 'Get updates' }).click();
      await page.getByLabel('Email address').fill('visitor@example.com');
      await page.getByLabel('Only the components I choose').check();
      await page.getByRole('checkbox', { name: 'API' }).check();
      await page.getByRole('checkbox', { name: 'Europe' }).check();
      const findings = await axeFindings(page);
      if (findings.length) failures += `${formatFindings(`subscribe form at ${viewport.width}`, findings)}\n`;
      const out = path.join(OUT_DIR, `status-page-subscribe-${viewport.width}.png`);
      await page.locator('#subscribe').screenshot({ path: out });
      console.log(out);
    }
  } finally {
    await browser.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  if (failures) {
    console.error(failures);
    process.exitCode = 1;
  }
};

await main();
