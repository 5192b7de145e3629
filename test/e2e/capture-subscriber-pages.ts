/**
 * Renders the subscriber pages (docs/status-pages.md "The subscriber pages") from fixtures, checks
 * each with axe-core and captures the confirm and unsubscribe pages at 1280 px and 390 px into
 * docs/screenshots/status-page-subscriber-<page>-<width>.png. Needs no local cloud:
 *
 *   npx tsx test/e2e/capture-subscriber-pages.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { renderSubscriberPage, type SubscriberPageContent } from '../../functions/services/status-pages/html/render-subscriber-page.js';
import { SUBSCRIBER_PAGE_TEXT } from '../../functions/services/status-pages/html/subscriber-page-texts.js';
import { SUBSCRIBER_TEXTS } from '../../shared/status-pages/subscribers.js';
import { axeFindings, formatFindings } from './helpers/axe.js';
import { launchBrowser } from './helpers/browser.js';

const OUT_DIR = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));
const PAGE = { name: 'Acme Cloud', slug: 'acme', accentColor: '#7c3aed' };
const PAGES: Record<string, { content: SubscriberPageContent; captured: boolean }> = {
  confirm: {
    content: {
      heading: SUBSCRIBER_PAGE_TEXT.confirmHeading,
      message: SUBSCRIBER_PAGE_TEXT.confirmBody(PAGE.name),
      form: { action: '/status/acme/subscription/confirm', fields: { token: 'token' }, button: SUBSCRIBER_PAGE_TEXT.confirmButton },
    },
    captured: true,
  },
  unsubscribe: {
    content: {
      heading: SUBSCRIBER_PAGE_TEXT.unsubscribeHeading,
      message: SUBSCRIBER_PAGE_TEXT.unsubscribeBody(PAGE.name),
      form: { action: '/status/acme/unsubscribe?token=token', fields: { 'List-Unsubscribe': 'One-Click' }, button: SUBSCRIBER_PAGE_TEXT.unsubscribeButton },
    },
    captured: true,
  },
  inbox: { content: { heading: SUBSCRIBER_PAGE_TEXT.checkInbox, message: SUBSCRIBER_TEXTS.subscribeAccepted }, captured: false },
  invalid: { content: { heading: SUBSCRIBER_PAGE_TEXT.linkInvalidHeading, message: SUBSCRIBER_TEXTS.confirmLinkInvalid }, captured: false },
};
const WIDTHS = [
  { width: 1280, height: 600 },
  { width: 390, height: 700 },
] as const;

const main = async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'subscriber-pages-'));
  const browser = await launchBrowser();
  let failures = '';
  try {
    for (const [name, { content, captured }] of Object.entries(PAGES)) {
      const file = path.join(dir, `${name}.html`);
      fs.writeFileSync(file, renderSubscriberPage(PAGE, content, { siteOrigin: 'https://upwatch.example' }).html);
      for (const viewport of WIDTHS) {
        await browser.page.setViewportSize(viewport);
        await browser.page.goto(pathToFileURL(file).href);
        const findings = await axeFindings(browser.page);
        if (findings.length) failures += `${formatFindings(`${name} at ${viewport.width}`, findings)}\n`;
        if (!captured) continue;
        const out = path.join(OUT_DIR, `status-page-subscriber-${name}-${viewport.width}.png`);
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
