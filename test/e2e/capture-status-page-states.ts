/**
 * Renders the public status page in each banner state from fixtures and captures it at 1280 px and
 * 390 px into docs/screenshots/status-page-<state>-<width>.png, checking each with axe-core on the
 * way (docs/status-pages.md "The public page"). Needs no local cloud:
 *
 *   npx tsx test/e2e/capture-status-page-states.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { OVERALL_STATES } from '../../shared/status-pages/schemas.js';
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
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'status-page-states-'));
  const browser = await launchBrowser();
  let failures = '';
  try {
    for (const state of OVERALL_STATES) {
      const file = path.join(dir, `${state}.html`);
      fs.writeFileSync(file, renderStatusPage(publicPageFixture(state), { siteOrigin: 'https://upwatch.example' }).html);
      for (const viewport of WIDTHS) {
        await browser.page.setViewportSize(viewport);
        await browser.page.goto(pathToFileURL(file).href);
        const findings = await axeFindings(browser.page);
        if (findings.length) failures += `${formatFindings(`${state} at ${viewport.width}`, findings)}\n`;
        const out = path.join(OUT_DIR, `status-page-${state.replace(/_outage$/, "")}-${viewport.width}.png`);
        await browser.page.screenshot({ path: out, fullPage: true });
        console.log(out);
      }
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
