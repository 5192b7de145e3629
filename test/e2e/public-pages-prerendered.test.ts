import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PASSWORD, signedInUser } from '../integration/helpers/api.js';
import { hasChromium, launchBrowser, type BrowserSession } from './helpers/browser';

/**
 * The public pages as search engines and a first visit get them (docs/performance-web.md "Public
 * pages: prerendered, robots.txt and sitemap.xml"), from the local gateway serving the build:
 * robots.txt and sitemap.xml are real files, each public page's HTML already holds its heading and
 * head without JavaScript, and in the browser the same components take that HTML over (no
 * hydration error, the prerendered nodes kept) and answer clicks.
 */

// The route table's rows marked prerendered (test/components/app/public-pages.test.ts holds the table to the same list).
const PUBLIC_PAGES: { path: string; title: string; heading: string; noindex?: boolean }[] = [
  { path: '/', title: 'Upwatch — website uptime monitoring', heading: 'Know the moment your website goes down' },
  { path: '/pricing', title: 'Pricing · Upwatch', heading: 'Simple pricing that grows with you' },
  { path: '/about', title: 'About · Upwatch', heading: 'We watch your websites, so you don’t have to' },
  { path: '/contact', title: 'Contact · Upwatch', heading: 'Get in touch' },
  { path: '/terms', title: 'Terms of Service · Upwatch', heading: 'Terms of Service', noindex: true },
  { path: '/privacy', title: 'Privacy Policy · Upwatch', heading: 'Privacy Policy', noindex: true },
  { path: '/refund', title: 'Refund and Cancellation Policy · Upwatch', heading: 'Refund and Cancellation Policy', noindex: true },
  { path: '/login', title: 'Sign in · Upwatch', heading: 'Sign in to Upwatch' },
  { path: '/register', title: 'Create your account · Upwatch', heading: 'Create your account' },
];

const decode = (html: string): string => html.replace(/&amp;/g, '&').replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"');

describe('public pages: robots.txt, sitemap.xml and prerendered HTML', () => {
  const baseUrl = inject('baseUrl');

  it('answers robots.txt as text: the public pages allowed, the app, the operator panel and the API not, and the sitemap', async () => {
    const response = await fetch(`${baseUrl}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const lines = (await response.text()).split('\n');
    expect(lines).toEqual(expect.arrayContaining(['User-agent: *', 'Allow: /', 'Disallow: /app', 'Disallow: /admin', 'Disallow: /api']));
    expect(lines.find((line) => line.startsWith('Sitemap: '))).toMatch(/^Sitemap: https?:\/\/[^/]+\/sitemap\.xml$/);
  });

  it('answers sitemap.xml as XML listing exactly the public pages, as absolute addresses', async () => {
    const response = await fetch(`${baseUrl}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const body = await response.text();
    expect(body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locations = [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!));
    expect(locations.map((url) => url.pathname)).toEqual(PUBLIC_PAGES.filter((page) => !page.noindex).map((page) => page.path));
    expect(new Set(locations.map((url) => url.origin)).size).toBe(1);
  });

  it("gives each public page its own HTML with heading, title, description and canonical link, without JavaScript", async () => {
    for (const page of PUBLIC_PAGES) {
      const response = await fetch(`${baseUrl}${page.path}`);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const html = decode(await response.text());
      expect(html, page.path).toMatch(new RegExp(`<h1[^>]*>${page.heading}</h1>`));
      expect(html, page.path).toContain(`<title>${page.title}</title>`);
      expect(html, page.path).toMatch(/<meta name="description" content="[^"]{50,}" \/>/);
      expect(html, page.path).toMatch(new RegExp(`<link rel="canonical" href="https?://[^/"]+${page.path === '/' ? '/' : page.path}" />`));
      expect(html, page.path).toContain(`<meta property="og:title" content="${page.title}" />`);
    }
  });

  it('answers the other routes with the empty SPA shell', async () => {
    for (const path of ['/forgot-password', '/app/dashboard', '/admin']) {
      const html = await (await fetch(`${baseUrl}${path}`)).text();
      expect(html, path).toContain('<div id="root"></div>');
    }
  });
});

describe.skipIf(!hasChromium())('public pages: hydration (browser)', () => {
  const baseUrl = inject('baseUrl');
  let session: BrowserSession;

  beforeAll(async () => {
    session = await launchBrowser();
  });

  afterAll(async () => {
    await session?.close();
  });

  it('hydrates /pricing without a hydration error, keeping the prerendered nodes, and the page answers clicks', async () => {
    const page = await session.context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (['error', 'warning'].includes(message.type()) && !message.text().startsWith('Failed to load resource')) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    // The heading as parsed from the HTML, before any script runs: a failed hydration would replace it.
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive') (window as unknown as { prerendered: Element | null }).prerendered = document.querySelector('h1');
      });
    });
    await page.goto(`${baseUrl}/pricing`);
    // The page's own code comes after the HTML: a click before it is in does what a click on plain HTML does (nothing).
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Yearly' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Yearly' }).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => page.getByTestId('price-pro').textContent()).toMatch(/\/?\$\d/);
    expect(await page.getByText('/year').first().isVisible()).toBe(true);
    const kept = await page.evaluate(() => {
      const before = (window as unknown as { prerendered: Element | null }).prerendered;
      return before !== null && before.isConnected && before === document.querySelector('h1');
    });
    expect(kept).toBe(true);
    expect(await page.title()).toBe('Pricing · Upwatch');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('hydrates /contact and shows the configured support address once the configuration is in', async () => {
    const page = await session.context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(`${baseUrl}/contact`);
    await page.waitForLoadState('networkidle');
    const config = (await (await fetch(`${baseUrl}/config.json`)).json()) as { supportEmail?: string | null };
    if (config.supportEmail) await page.getByRole('link', { name: config.supportEmail }).waitFor();
    await page.getByLabel('Name').first().fill('Prerender check');
    expect(await page.getByLabel('Name').first().inputValue()).toBe('Prerender check');
    expect(problems).toEqual([]);
    await page.close();
  });
  it('hydrates /register keeping the prerendered form, which then checks what is typed', async () => {
    const page = await session.context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (['error', 'warning'].includes(message.type()) && !message.text().startsWith('Failed to load resource')) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive') (window as unknown as { prerendered: Element | null }).prerendered = document.querySelector('form');
      });
    });
    await page.goto(`${baseUrl}/register`);
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Email is required').waitFor();
    const kept = await page.evaluate(() => {
      const before = (window as unknown as { prerendered: Element | null }).prerendered;
      return before !== null && before.isConnected && before === document.querySelector('form');
    });
    expect(kept).toBe(true);
    expect(await page.title()).toBe('Create your account · Upwatch');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows the sign-in form before its code is in, keeps what was typed meanwhile, and signs in', async () => {
    const user = await signedInUser('e2e-prerendered-login');
    const page = await session.context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    // The code arrives late, as on a slow phone connection: the visitor fills the form in the HTML alone.
    let releaseScripts = () => {};
    const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
    await page.route(/\/assets\/.+\.js$/, async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    await page.goto(`${baseUrl}/login`, { waitUntil: 'commit' });
    await page.getByRole('heading', { level: 1, name: 'Sign in to Upwatch' }).waitFor();
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(PASSWORD);
    // Enter now would be the browser's own submission (a reload that loses the typing): the button waits for the code.
    const signInButton = page.getByRole('button', { name: 'Sign In' });
    expect(await signInButton.isDisabled()).toBe(true);
    await page.getByLabel('Password').press('Enter');
    expect(page.url()).toBe(`${baseUrl}/login`);
    releaseScripts();
    await page.waitForFunction(() => document.querySelector<HTMLButtonElement>('form[aria-label="Sign in"] button[type="submit"]')?.disabled === false);
    expect(await page.getByLabel('Email').inputValue()).toBe(user.email);
    await signInButton.click();
    await page.waitForURL(`${baseUrl}/app/dashboard`);
    await page.unrouteAll({ behavior: 'wait' });

    // Signed in, /login sends the visitor on; the form may show until the session check answers.
    await page.goto(`${baseUrl}/login`);
    await page.waitForURL(`${baseUrl}/app/dashboard`);
    expect(problems).toEqual([]);
    await page.close();
  });
});
