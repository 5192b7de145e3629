import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { PASSWORD, signedInUser } from '../integration/helpers/api.js';
import { hasChromium, launchBrowser, screenshot, type BrowserSession } from './helpers/browser';

/**
 * The public site and the e-mail auth flows in the browser, against the local cloud: landing,
 * pricing toggle, contact form (into the local SES), forgot -> reset password -> login, and the
 * e-mail verification failure with its resend form. Every page is shot at 1280 and 390 px.
 */

interface StoredMail {
  destination?: { to?: string[] };
  subject?: string;
  replyTo?: string[] | string;
  body?: { text?: string; html?: string };
}

/** The newest mail to `address` whose text matches `pattern`, waiting up to 15 s for it. */
const mailMatching = async (address: string, pattern: RegExp): Promise<{ mail: StoredMail; match: RegExpExecArray }> => {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const store = (await (await fetch(inject('sesStoreUrl'))).json()) as { emails: StoredMail[] };
    for (const mail of [...store.emails].reverse()) {
      if (!(mail.destination?.to ?? []).some((to) => to.toLowerCase() === address.toLowerCase())) continue;
      const match = pattern.exec(`${mail.subject ?? ''}\n${mail.body?.text ?? ''}\n${mail.body?.html ?? ''}`);
      if (match) return { mail, match };
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${address} matching ${pattern} reached the local SES`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
};

/** A full-page shot at desktop (1280) and phone (390) width: `<name>-1280.png`, `<name>-390.png`. */
const shootBothWidths = async (page: Page, name: string): Promise<void> => {
  for (const [width, height] of [
    [1280, 860],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    // From the top, so the sticky header is drawn where it belongs in the full-page image.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 860 });
};

describe.skipIf(!hasChromium())('public site and auth screens (browser)', () => {
  const baseUrl = inject('baseUrl');
  let session: BrowserSession;
  let consoleErrors: string[] = [];

  const watchConsole = (page: Page): Page => {
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => consoleErrors.push(error.message));
    return page;
  };

  /** A page of its own with a fake clock, so a test can step through the product's delays exactly. */
  const pageWithClock = async (): Promise<Page> => {
    const page = watchConsole(await session.context.newPage());
    await page.clock.install();
    return page;
  };

  /** Stops the page's clock (within 100 ms of now, as it keeps ticking meanwhile): timers wait for `clock.runFor`. */
  const pauseClock = async (page: Page): Promise<void> => {
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 100));
  };

  beforeAll(async () => {
    session = await launchBrowser();
    watchConsole(session.page);
  });

  afterAll(async () => {
    await session?.close();
  });

  beforeEach(() => {
    consoleErrors = [];
  });

  // Calls that are meant to fail (a dead link) make the browser log "Failed to load resource"; any
  // other console error is a bug of the page.
  afterEach(() => {
    expect(consoleErrors.filter((text) => !text.startsWith('Failed to load resource'))).toEqual([]);
  });

  it('landing shows the navigation, claims, features and a pricing summary from the packages call', async () => {
    const { page } = session;
    await page.goto(`${baseUrl}/`);
    await page.getByRole('heading', { level: 1, name: 'Know the moment your website goes down' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const label of ['Features', 'Pricing', 'About', 'Contact']) {
      expect(await nav.getByRole('link', { name: label, exact: true }).isVisible()).toBe(true);
    }
    expect(await page.getByRole('banner').getByRole('link', { name: 'Start Free' }).getAttribute('href')).toBe('/register');
    // The claims say what they are (docs/product-rules.md "Marketing claims"): no uptime SLA nobody offers, no count of sites nobody counted.
    for (const claim of ['10,000', '30 s', '< 30 s']) expect(await page.getByText(claim, { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('Monitors per deployment, load-tested at 30-second checks').isVisible()).toBe(true);
    expect(await page.getByText('From a check that finds a site down to the alert').isVisible()).toBe(true);
    for (const gone of ['99.9%', '10,000+']) expect(await page.getByText(gone, { exact: true }).count()).toBe(0);
    expect(await page.locator('section#features').getByText('SSL expiry monitoring').isVisible()).toBe(true);
    await page.getByTestId('price-business').waitFor();
    expect(await page.getByTestId('price-business').textContent()).toBe('$49');
    await shootBothWidths(page, 'public-landing');

    await nav.getByRole('link', { name: 'Pricing' }).click();
    await page.waitForURL(`${baseUrl}/pricing`);
  });

  it('the API reference page renders the public API document with its operations, under its own Content-Security-Policy (inline styles, no inline script)', async () => {
    const { page } = session;
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${baseUrl}/docs/api`);
    await page.getByTestId('api-reference').waitFor();
    for (const summary of ['List monitors, newest first', 'Create a monitor']) {
      await page.getByText(summary, { exact: true }).first().waitFor({ timeout: 20_000 });
    }
    // Scalar comes in its own chunk, loaded by this page only.
    expect(scripts.some((script) => /\/assets\/api-reference-[\w-]+\.js$/.test(script))).toBe(true);
    // None of Scalar's hosted extras, which would talk to its servers (docs/api.md "The reference page").
    for (const extra of ['Ask AI', 'Generate SDKs', 'MCP']) expect(await page.getByText(extra).count()).toBe(0);
    await shootBothWidths(page, 'api-reference');
    // The page is served with its own policy, which allows Scalar's inline styles: no console error is expected here either.
  });

  it('pricing switches to yearly prices: 12 months less 20 %, with the Save 20% badge and the saving', async () => {
    const { page } = session;
    await page.goto(`${baseUrl}/pricing`);
    await page.getByTestId('price-pro').waitFor();
    expect(await page.getByTestId('price-pro').textContent()).toBe('$19');
    expect(await page.getByText('Save 20%').isVisible()).toBe(true);
    await shootBothWidths(page, 'public-pricing-monthly');

    await page.getByRole('button', { name: 'Yearly' }).click();
    expect(await page.getByRole('button', { name: 'Yearly' }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByTestId('price-pro').textContent()).toBe('$182');
    expect(await page.getByTestId('price-business').textContent()).toBe('$470');
    expect(await page.getByTestId('price-enterprise').textContent()).toBe('$3,830');
    expect(await page.getByText('Save $46 a year').isVisible()).toBe(true);
    expect(await page.getByText('Save $958 a year').isVisible()).toBe(true);

    const question = page.getByText('How is the yearly price worked out?');
    await question.click();
    await page.getByText(/A year costs twelve monthly payments less 20%/).waitFor();
    await shootBothWidths(page, 'public-pricing-yearly');
  });

  it('pricing shows the prices of the packages call, and the built-in ones, silently, when it fails', async () => {
    const { page } = session;
    const packages = (await (await fetch(`${baseUrl}/api/subscription/packages`)).json()) as Record<string, { price_usd: number }>;
    await page.route('**/api/subscription/packages', (route) =>
      route.fulfill({ json: { ...packages, pro: { ...packages.pro, price_usd: 25 } } }),
    );
    await page.goto(`${baseUrl}/pricing`);
    await page.getByTestId('price-pro').waitFor();
    expect(await page.getByTestId('price-pro').textContent()).toBe('$25');
    await page.getByRole('button', { name: 'Yearly' }).click();
    expect(await page.getByTestId('price-pro').textContent()).toBe('$240');

    await page.unroute('**/api/subscription/packages');
    await page.route('**/api/subscription/packages', (route) => route.fulfill({ status: 500, json: { detail: 'boom' } }));
    await page.goto(`${baseUrl}/pricing`);
    await page.getByTestId('price-pro').waitFor();
    expect(await page.getByTestId('price-pro').textContent()).toBe('$19');
    expect(await page.getByRole('alert').count()).toBe(0);
    await page.unroute('**/api/subscription/packages');
  });

  it('contact form names each missing or malformed field', async () => {
    const { page } = session;
    await page.goto(`${baseUrl}/contact`);
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByRole('button', { name: 'Send message' }).click();
    for (const text of ['Name is required', 'Email is required', 'Please choose a subject', 'Message is required']) {
      await form.getByText(text, { exact: true }).waitFor();
    }
    // The first field in error takes the focus.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');
    await form.getByLabel('Email').fill('not-an-address');
    await form.getByRole('button', { name: 'Send message' }).click();
    await form.getByText('Please enter a valid email address').waitFor();
    await shootBothWidths(page, 'public-contact-errors');
    // A message goes as its field is corrected, not at the next submit.
    await form.getByLabel('Name').fill('Ada');
    await form.getByText('Name is required', { exact: true }).waitFor({ state: 'detached' });
    expect(await form.getByText('Message is required', { exact: true }).isVisible()).toBe(true);
  });

  it('contact form shows the server detail in a red banner, else the product\'s fallback', async () => {
    const { page } = session;
    await page.goto(`${baseUrl}/contact`);
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByLabel('Name').fill('Ada Lovelace');
    await form.getByLabel('Email').fill('ada@example.com');
    await form.getByLabel('Subject').selectOption('support');
    await form.getByLabel('Message').fill('Hello');

    await page.route('**/api/contact', (route) => route.fulfill({ status: 502, body: 'Bad gateway' }));
    await form.getByRole('button', { name: 'Send message' }).click();
    expect(await form.getByRole('alert').textContent()).toBe('Failed to submit form. Please try again.');

    const detail = 'Too many messages from this email address: at most 3 per hour. Please try again in 12 minutes.';
    await page.unroute('**/api/contact');
    await page.route('**/api/contact', (route) => route.fulfill({ status: 429, json: { detail, code: 'RATE_LIMITED' } }));
    await form.getByRole('button', { name: 'Send message' }).click();
    await form.getByRole('alert').filter({ hasText: detail }).waitFor();
    expect(await form.getByLabel('Message').inputValue()).toBe('Hello');
    await page.unroute('**/api/contact');
  });

  it('contact form sends the message to support and shows Message sent!', async () => {
    const { page } = session;
    const sender = `visitor-${randomUUID().slice(0, 8)}@example.com`;
    const marker = `e2e-${randomUUID()}`;
    await page.goto(`${baseUrl}/contact`);
    const supportEmail = inject('cloudEnv').SUPPORT_EMAIL!;
    await page.getByRole('link', { name: supportEmail }).waitFor();
    expect(supportEmail).not.toBe(inject('cloudEnv').MAIL_FROM);
    // No live chat exists, so the page promises none.
    expect(await page.getByText(/live chat/i).count()).toBe(0);
    for (const time of ['Within 2 hours', 'Within 4 hours', 'Within 24 hours']) {
      expect(await page.getByText(time, { exact: true }).isVisible()).toBe(true);
    }
    await shootBothWidths(page, 'public-contact');

    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByLabel('Name').fill('Ada Lovelace');
    await form.getByLabel('Email').fill(sender);
    await form.getByLabel('Subject').selectOption('sales');
    await form.getByLabel('Message').fill(`We would like 40 monitors for our shops. Reference ${marker}`);
    await form.getByRole('button', { name: 'Send message' }).click();

    await page.getByRole('heading', { name: 'Message sent!' }).waitFor();
    // A sales question's target is the contact page's 2 hours (docs/product-rules.md "Priority support").
    expect(await page.getByText("We'll get back to you within 2 hours.").isVisible()).toBe(true);
    const { mail } = await mailMatching(supportEmail, new RegExp(marker));
    expect(JSON.stringify(mail)).toContain(sender);
    await shootBothWidths(page, 'public-contact-sent');

    await page.getByRole('button', { name: 'Send another message' }).click();
    expect(await page.getByRole('form', { name: 'Contact form' }).getByLabel('Name').inputValue()).toBe('');
  });

  it('about and the policy pages load, the policies marked noindex', async () => {
    const { page } = session;
    await page.goto(`${baseUrl}/about`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByText('Gurgaon, Haryana, India', { exact: false }).waitFor();
    await shootBothWidths(page, 'public-about');

    const policies = [
      { path: '/terms', name: 'terms', heading: 'Terms of Service', text: 'Governing law and disputes' },
      { path: '/privacy', name: 'privacy', heading: 'Privacy Policy', text: 'Last updated: January 25, 2025' },
      { path: '/refund', name: 'refund', heading: 'Refund and Cancellation Policy', text: 'within 7 days of your first payment' },
    ];
    for (const policy of policies) {
      await page.goto(`${baseUrl}${policy.path}`);
      await page.getByRole('heading', { level: 1, name: policy.heading }).waitFor();
      expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
      expect(await page.getByText(policy.text).first().isVisible()).toBe(true);
      await shootBothWidths(page, `public-${policy.name}`);
    }
    // Terms: 15 numbered sections.
    await page.goto(`${baseUrl}/terms`);
    await page.getByRole('heading', { level: 1, name: 'Terms of Service' }).waitFor();
    expect(await page.locator('article h2').count()).toBe(15);
  });

  it('forgot password mails a link; reset checks the rules, then signs in with the new password', async () => {
    const page = await pageWithClock();
    const { email } = await signedInUser('e2e-reset');
    const newPassword = 'a-brand-new-secret';

    await page.goto(`${baseUrl}/login`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL(`${baseUrl}/forgot-password`);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('Email is required').waitFor();
    await shootBothWidths(page, 'auth-forgot-password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('heading', { name: 'Check Your Email' }).waitFor();
    expect(await page.getByText(email).isVisible()).toBe(true);
    await shootBothWidths(page, 'auth-forgot-password-sent');

    const { match } = await mailMatching(email, /\/reset-password\?token=([^\s"'<>&]+)/);
    await page.goto(`${baseUrl}/reset-password?token=${match[1]}`);
    const newField = page.getByLabel('New password', { exact: true });
    const confirmField = page.getByLabel('Confirm new password', { exact: true });
    await newField.fill('short');
    await confirmField.fill('short');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Password must be at least 8 characters long').waitFor();

    await newField.fill(newPassword);
    await confirmField.fill(`${newPassword}-typo`);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Passwords do not match').waitFor();
    await page.getByRole('button', { name: 'Show new password' }).click();
    expect(await newField.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Hide new password' }).click();
    expect(await newField.getAttribute('type')).toBe('password');
    await shootBothWidths(page, 'auth-reset-password');

    await confirmField.fill(newPassword);
    // The clock stops before the submit, so a slow machine cannot let the 3-second redirect fire
    // before the test starts counting (the answer and the render need no timer).
    await pauseClock(page);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByRole('heading', { name: 'Password reset successful' }).waitFor();
    await shootBothWidths(page, 'auth-reset-password-done');
    // docs/product-rules.md "Auth flows and token lifetimes": the redirect to login comes 3 seconds after success.
    await page.clock.runFor(2_700);
    expect(page.url()).toContain('/reset-password');
    await page.clock.runFor(400);
    await page.waitForURL(`${baseUrl}/login`);
    await page.clock.resume();

    // Opened again, the used link says so at once.
    await page.goto(`${baseUrl}/reset-password?token=${match[1]}`);
    await page.getByText('This password reset link has already been used. Request a new one if you need to reset your password again.').waitFor();
    await page.goto(`${baseUrl}/login`);

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').waitFor();
    await page.getByLabel('Password').fill(newPassword);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${baseUrl}/app/dashboard`);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${baseUrl}/login`);
    await page.close();
  });

  it('a used or unknown reset link, and a link without a token, say so and offer a new one', async () => {
    const { page } = session;
    await page.goto(`${baseUrl}/reset-password`);
    await page.getByText('Invalid or missing reset token').waitFor();
    await shootBothWidths(page, 'auth-reset-password-no-token');

    // An unknown link says so as the page opens, before any password is typed.
    await page.goto(`${baseUrl}/reset-password?token=${randomUUID()}`);
    await page.getByRole('heading', { name: 'This link does not work' }).waitFor();
    await page.getByText('This password reset link is invalid or has expired. Request a new one.').waitFor();
    expect(await page.getByLabel('New password', { exact: true }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Request a new reset link' }).getAttribute('href')).toBe('/forgot-password');
  });

  it('verify-email with a bad token shows the failure and a resend form whose notice goes after 5 s', async () => {
    const page = await pageWithClock();
    await page.goto(`${baseUrl}/verify-email?token=${randomUUID()}`);
    await page.getByRole('heading', { name: 'Verification failed' }).waitFor();
    expect(await page.getByText('This verification link is invalid or has expired. Request a new one.').isVisible()).toBe(true);
    await shootBothWidths(page, 'auth-verify-email-failed');

    const form = page.getByRole('form', { name: 'Resend verification email' });
    await form.getByLabel('Email').fill(`nobody-${randomUUID().slice(0, 8)}@example.com`);
    // Paused before the click, as for the reset's redirect: the 5 s count cannot start unseen.
    await pauseClock(page);
    await form.getByRole('button', { name: 'Resend verification email' }).click();
    const notice = form.getByText('If an account with this email is waiting for verification, we have sent a new verification link.');
    await notice.waitFor();
    await page.clock.runFor(4_700);
    expect(await notice.isVisible()).toBe(true);
    await page.clock.runFor(400);
    await notice.waitFor({ state: 'detached' });
    await page.clock.resume();

    await page.goto(`${baseUrl}/verify-email`);
    await page.getByText('Invalid or missing verification token').waitFor();
    await page.close();
  });

  it('login and register screens, and the /app switcher with its forgot-password form', async () => {
    const { page } = session;
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(await page.getByRole('link', { name: 'Sign Up' }).isVisible()).toBe(true);
    await shootBothWidths(page, 'auth-login');
    await page.goto(`${baseUrl}/register`);
    await page.getByLabel('Confirm password').waitFor();
    await shootBothWidths(page, 'auth-register');

    await page.goto(`${baseUrl}/app/incidents`);
    await page.getByRole('tab', { name: 'Forgot password' }).click();
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await page.getByRole('button', { name: 'Back to Sign In' }).click();
    await page.getByRole('heading', { name: 'Sign in to continue' }).waitFor();
    expect(page.url()).toBe(`${baseUrl}/app/incidents`);
  });
});
