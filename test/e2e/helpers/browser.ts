import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { PASSWORD } from '../../integration/helpers/api.js';

/** Browser tests drive the Debian chromium package; playwright-core downloads no browser of its own. */
export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_MISSING = `chromium not found at ${CHROMIUM_PATH}: browser e2e skipped (install Debian chromium)`;

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const SCREENSHOT_DIR = fileURLToPath(new URL('../screenshots/', import.meta.url));

/**
 * Whether the browser suite can run. Without chromium it is skipped with a message, unless
 * UPWATCH_REQUIRE_E2E=1 (CI), where a missing browser must fail the run rather than pass quietly.
 */
export const hasChromium = (): boolean => {
  if (fs.existsSync(CHROMIUM_PATH)) return true;
  if (process.env.UPWATCH_REQUIRE_E2E === '1') throw new Error(CHROMIUM_MISSING);
  console.warn(CHROMIUM_MISSING);
  return false;
};

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  close: () => Promise<void>;
}

/**
 * A headless chromium on a fresh profile (its own user-data-dir, removed on close). `bypassCSP` lets
 * a test add a script of its own (axe-core, helpers/axe.ts) to pages whose policy allows none;
 * `javaScriptEnabled: false` shows a page as a visitor without JavaScript (or a search engine) sees it.
 */
export const launchBrowser = async (options: { timezoneId?: string; bypassCSP?: boolean; javaScriptEnabled?: boolean } = {}): Promise<BrowserSession> => {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'upwatch-e2e-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 860 },
    ...options,
  });
  context.setDefaultTimeout(15_000);
  const page = context.pages()[0] ?? (await context.newPage());
  // Browser-side errors end up in the test output, where a failing step can be explained.
  page.on('pageerror', (error) => console.error(`[browser] ${error.message}`));
  return {
    context,
    page,
    close: async () => {
      await context.close();
      fs.rmSync(userDataDir, { recursive: true, force: true });
    },
  };
};

/** Saves a full-page PNG under test/e2e/screenshots/<name>.png (git-ignored). */
/**
 * Waits until the page's slide-in and fade-in animations have ended, so a screenshot or a check sees
 * the end state. Endless ones (a live dot's pulse) are left running, and one cancelled meanwhile (a
 * dialog closed or re-rendered: its `finished` rejects with AbortError) counts as ended.
 */
export const finishAnimations = async (page: Page): Promise<void> => {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
};

export const screenshot = async (page: Page, name: string): Promise<string> => {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
};

/**
 * Waits until the page's form is live: a prerendered form (sign-in, registration) keeps its submit
 * button disabled until React has taken it over and handed it what was typed before
 * (docs/performance-web.md "Sign-in forms prerendered"). Typing into a field in the very moment
 * React takes it over can be lost (the field is reset to the state React rendered), so a test that
 * is not about typing early fills the form once it is live, as a person would a moment later.
 */
export const formReady = (page: Page): Promise<void> => page.locator('form button[type="submit"]:not([disabled])').first().waitFor();

/** Signs a user made by `signedInUser` (the integration helpers' password) in through the login page. */
export const signIn = async (page: Page, baseUrl: string, email: string): Promise<void> => {
  await page.goto(`${baseUrl}/login`);
  await formReady(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`${baseUrl}/app/dashboard`);
};
