import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runHttpCheck } from '../../functions/checks/http-check.js';
import { roundStartedAt } from '../../shared/checks/check-round.js';
import { startTargetSite } from '../setup/target-site.js';
import { hasOpenssl, makeCertificates } from '../setup/test-certificates.js';
import { api, signedInUser } from '../integration/helpers/api.js';
import { checkerRegions, createMonitorWithoutFirstCheck, getMonitorItem, sendToResultsQueue, waitFor } from '../integration/helpers/pipeline.js';
import { hasChromium, launchBrowser, screenshot, signIn, type BrowserSession } from './helpers/browser';

/**
 * Adding a monitor with advanced options in the browser (docs/checks.md): the Advanced part is
 * collapsed until asked for, the form names a rule between its fields before saving, the checks
 * send what it describes (a POST with a secret header and basic auth) and judge the answer by its
 * assertions, the detail page shows each assertion and, for an https monitor, its certificate.
 */
describe.skipIf(!hasChromium())('monitor with advanced options (browser)', () => {
  const baseUrl = inject('baseUrl');
  let session: BrowserSession;
  let target: Awaited<ReturnType<typeof startTargetSite>>;

  beforeAll(async () => {
    target = await startTargetSite();
    target.answerWith({ status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ status: 'ok' }) });
    session = await launchBrowser();
  });
  afterAll(async () => {
    await session?.close();
    await target?.down();
  });

  it('adds a monitor with request options and assertions, and shows how each assertion holds', async () => {
    const { page } = session;
    const user = await signedInUser('e2e-advanced');
    await signIn(page, baseUrl, user.email);
    await page.goto(`${baseUrl}/app/monitors`);
    await page.getByRole('button', { name: 'Add Your First Monitor' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Monitor' });
    await dialog.getByLabel('Monitor Name').fill('Health API');
    await dialog.getByLabel('Website URL').fill(target.url('health'));
    // Collapsed by default: name and URL are all a simple monitor needs.
    expect(await dialog.getByLabel('Method').isVisible()).toBe(false);
    await dialog.getByText('Advanced', { exact: true }).click();
    await dialog.getByLabel('Method').selectOption('POST');
    await dialog.getByLabel('Request headers').fill('X-Api-Key: e2e-secret-value\nAccept: application/json');
    await dialog.getByLabel('Secret headers').fill('X-Api-Key');
    await dialog.getByLabel('Basic auth username').fill('ops');
    await dialog.getByLabel('Basic auth password').fill('e2e-password');
    await dialog.getByLabel('Expected status codes').fill('200-299');
    await dialog.getByLabel('Keyword', { exact: true }).fill('status');
    await dialog.getByLabel('JSON path').fill('$.status');
    await dialog.getByLabel('Expected JSON value').fill('ok');
    await dialog.getByLabel('Response header').fill('Content-Type');
    await dialog.getByLabel('Expected header value').fill('json');
    // A rule between fields is named under its field before anything is sent.
    await dialog.getByLabel('Request body').fill('{"probe":1}');
    await dialog.getByLabel('Method').selectOption('GET');
    await dialog.getByRole('button', { name: 'Add Monitor' }).click();
    await dialog.getByText('A request body needs method POST, PUT, PATCH, DELETE or OPTIONS').waitFor();
    await dialog.getByLabel('Method').selectOption('POST');
    // Corrected, the message goes at once, before the next save.
    await dialog.getByText('A request body needs method POST, PUT, PATCH, DELETE or OPTIONS').waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 1280, height: 1800 });
    await screenshot(page, 'advanced-monitor-modal-1280');
    await page.setViewportSize({ width: 1280, height: 860 });
    await dialog.getByRole('button', { name: 'Add Monitor' }).click();
    await dialog.waitFor({ state: 'detached' });

    const card = page.getByRole('article', { name: 'Health API', exact: true });
    await card.getByText('Online').waitFor({ timeout: 60_000 });
    const seen = target.requests.find((request) => request.path === '/health')!;
    expect(seen).toMatchObject({ method: 'POST', body: '{"probe":1}' });
    expect(seen.headers['x-api-key']).toBe('e2e-secret-value');
    expect(seen.headers.authorization).toBe(`Basic ${Buffer.from('ops:e2e-password').toString('base64')}`);

    // Editing opens the Advanced part as saved, the secret masked.
    await card.getByRole('button', { name: /Edit/ }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Monitor' });
    expect(await edit.getByLabel('Request headers').inputValue()).toBe('X-Api-Key: ••••\nAccept: application/json');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await edit.waitFor({ state: 'detached' });

    await card.getByRole('link', { name: 'Health API' }).first().click();
    const assertions = page.getByTestId('assertions');
    await assertions.getByText('JSON $.status equals "ok"').waitFor();
    expect(await assertions.getByText('Holds').count()).toBe(4);
    await screenshot(page, 'advanced-monitor-details-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'advanced-monitor-details-390');
    await page.setViewportSize({ width: 1280, height: 860 });
  });

  it.skipIf(!hasOpenssl)('shows the certificate of an https monitor on its card and detail page', async () => {
    // Another user: a browser of its own.
    const other = await launchBrowser();
    const { page } = other;
    const made = makeCertificates({ names: ['shop.example.test'], days: 10 });
    const server = https.createServer({ key: made.key, cert: made.cert }, (_req, res) => res.end('ok'));
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    try {
      const user = await signedInUser('e2e-certificate');
      const me = await api<{ id: string }>('/api/auth/me', { token: user.token });
      const url = `https://shop.example.test:${(server.address() as AddressInfo).port}/`;
      const { id } = await createMonitorWithoutFirstCheck(me.body.id, { name: 'Shop', url, check_interval: 300, timeout: 5 });
      // A real check of the server (trusting the test's authority), reported as the checkers do.
      const round = roundStartedAt(new Date((Math.floor(Date.now() / 300_000) + 1) * 300_000));
      const results = await Promise.all(
        checkerRegions().map(async (region) => ({
          userId: me.body.id,
          result: await runHttpCheck(
            { monitorId: id, url, timeoutSeconds: 5, slowThresholdMs: 5000, region, round },
            { allowLoopback: true, resolve: async () => [{ address: '127.0.0.1', family: 4 }], ca: made.ca },
          ),
        })),
      );
      await sendToResultsQueue({ kind: 'check_results', results });
      await waitFor('the round', async () => (await getMonitorItem(me.body.id, id))?.last_round === round);
      await signIn(page, baseUrl, user.email);
      await page.goto(`${baseUrl}/app/monitors`);
      await page.getByTestId('ssl-summary').getByText('Certificate: 9 days left').waitFor();
      await page.goto(`${baseUrl}/app/monitors/${id}`);
      const certificate = page.getByTestId('certificate');
      await certificate.getByText('Upwatch Test CA').waitFor();
      expect(await certificate.getByText('Trusted, in date and made out for this address').isVisible()).toBe(true);
      await screenshot(page, 'advanced-monitor-certificate-1280');
      // Out of the due index: the cloud's checkers cannot resolve its made-up host.
      expect((await api(`/api/monitors/${id}`, { method: 'DELETE', token: user.token })).status).toBe(200);
    } finally {
      await other.close();
      await new Promise<void>((done) => server.close(() => done()));
    }
  });
});
