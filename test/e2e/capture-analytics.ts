/**
 * Screenshots of a monitor page's analytics panel (docs/analytics.md) at 1280 and 390 px into
 * /tmp/analytics-shots: a Pro user's monitor with 90 days of rollups (written as the result processor
 * writes them: hour items with their histograms for the last 14 days, day items for 90) and a few
 * incidents, plus real rounds of this hour; then the same monitor on the Free plan (the invitation).
 *   npx vite build --config frontend/vite.config.ts --outDir /tmp/web-analytics
 *   UPWATCH_WEB_ROOT=/tmp/web-analytics UPWATCH_TEST_PORT_OFFSET=5000 npx tsx test/e2e/capture-analytics.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { bucketOf, encodeHistograms } from '../../shared/checks/latency-histogram.js';
import { dayRollupKey, ENTITY, incidentKey, rollupKey, userKey } from '../../shared/table/keys.js';
import { startLocalCloud } from '../../infra/local/cloud.js';
import { readLocalSettings } from '../../infra/local/settings.js';
import { TEST_ENV } from '../setup/local-cloud.js';
import { startTargetSite } from '../setup/target-site.js';
import { axeFindings, formatFindings } from './helpers/axe.js';
import { launchBrowser } from './helpers/browser.js';
import { apiCaller, registerAndSignIn } from './helpers/capture-account.js';

const OUT_DIR = '/tmp/analytics-shots';
const PASSWORD = 'correct-horse-battery';
const EMAIL = 'grace@example.com';
const HOUR_MS = 3_600_000;

/** A deterministic spread of response times around `median` (ms), slower in the region's evening. */
const sampleTimes = (median: number, count: number, seed: number, slowdown: number): number[] =>
  Array.from({ length: count }, (_, i) => {
    const x = Math.sin(seed * 12.9898 + i * 78.233) * 43758.5453;
    const u = x - Math.floor(x);
    const tail = u > 0.97 ? 3 + u * 4 : 1;
    return median * slowdown * (0.7 + u * 0.6) * tail;
  });

const REGIONS = [
  { name: 'ap-southeast-1', median: 320 },
  { name: 'eu-west-1', median: 180 },
  { name: 'us-east-1', median: 95 },
];

const latencyOf = (rounds: number, seed: number, slowdown: number) => {
  const histograms = new Map(
    REGIONS.map((region, r) => {
      const histogram = new Map<number, number>();
      for (const ms of sampleTimes(region.median, rounds, seed * 7 + r, slowdown)) histogram.set(bucketOf(ms), (histogram.get(bucketOf(ms)) ?? 0) + 1);
      return [region.name, histogram] as const;
    }),
  );
  const n = rounds * REGIONS.length;
  return {
    latency: encodeHistograms(histograms),
    phase_dns_ms: Math.round(n * 6 * slowdown),
    phase_dns_n: n,
    phase_connect_ms: Math.round(n * 38 * slowdown),
    phase_connect_n: n,
    phase_tls_ms: Math.round(n * 52 * slowdown),
    phase_tls_n: n,
    phase_ttfb_ms: Math.round(n * 95 * slowdown),
    phase_ttfb_n: n,
  };
};

const main = async () => {
  const dataDir = path.resolve('.test-data', `analytics-shots-${Date.now()}`);
  const settings = readLocalSettings({ ...process.env, ...TEST_ENV, UPWATCH_DATA_DIR: dataDir });
  const cloud = await startLocalCloud(settings, { onCrash: (part, reason) => { console.error(part, reason); process.exit(1); } });
  const baseUrl = cloud.urls.gateway;
  const site = await startTargetSite();
  const browser = await launchBrowser({ bypassCSP: true, timezoneId: 'Europe/London' });
  try {
    const call = apiCaller(baseUrl);
    const signedIn = await registerAndSignIn(call, cloud.urls.ses, { name: 'Grace Hopper', email: EMAIL, password: PASSWORD });
    const login = signedIn;
    const userId = login.user.id;
    const table = DynamoDBDocumentClient.from(
      new DynamoDBClient({ region: settings.region, endpoint: cloud.urls.dynamodb, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
    );
    const setTier = (tier: string) =>
      table.send(new UpdateCommand({ TableName: cloud.resources.tableName, Key: userKey(userId), UpdateExpression: 'SET subscription_tier = :tier', ExpressionAttributeValues: { ':tier': tier } }));
    await setTier('pro');
    const monitor = await call<{ id: string }>('/api/monitors', { method: 'POST', token: login.access_token, body: { name: 'Online shop', url: site.url(), check_interval: 60, timeout: 10 } });

    // The past, as the processor leaves it: closed hours of the last 7 days, days of the last 90.
    const now = Date.now();
    const thisHour = Math.floor(now / HOUR_MS) * HOUR_MS;
    const expires = Math.floor(now / 1000) + 90 * 86_400;
    const items: Record<string, unknown>[] = [];
    for (let h = 1; h <= 14 * 24; h++) {
      const start = thisHour - h * HOUR_MS;
      const hour = new Date(start).toISOString().slice(0, 13);
      const slowdown = (h > 30 && h < 40 ? 1.6 : 1 + 0.15 * Math.sin((start / HOUR_MS / 24) * 2 * Math.PI)) * (h > 168 ? 1.1 : 1);
      const down = h === 34 ? 9 : h === 35 ? 3 : 0;
      items.push({ ...rollupKey(monitor.id, hour), entity: ENTITY.rollup, monitor_id: monitor.id, checks: 60, ups: 60 - down, response_time_sum_ms: Math.round(60 * 190 * slowdown), response_time_count: 60 - down, expires_at: expires, ...latencyOf(60 - down, h, slowdown) });
    }
    const today = Math.floor(now / 86_400_000) * 86_400_000;
    for (let d = 1; d < 90; d++) {
      const day = new Date(today - d * 86_400_000).toISOString().slice(0, 10);
      const slowdown = d < 30 ? 1 : 1.12;
      const down = d === 12 ? 45 : d === 51 ? 20 : d % 17 === 0 ? 4 : 0;
      items.push({ ...dayRollupKey(monitor.id, day), entity: ENTITY.dayRollup, monitor_id: monitor.id, checks: 1440, ups: 1440 - down, response_time_sum_ms: 1440 * 190, response_time_count: 1440 - down, expires_at: expires, ...latencyOf(1440 - down, d + 1000, slowdown) });
    }
    const incident = (at: number, minutes: number, category: string, message: string) => {
      const id = ulid(at);
      return {
        ...incidentKey(userId, id),
        GSI1PK: 'INCIDENTS',
        GSI1SK: id,
        entity: ENTITY.incident,
        id,
        user_id: userId,
        monitor_id: monitor.id,
        monitor_name: 'Online shop',
        monitor_url: site.url(),
        alert_type: 'down',
        status: 'resolved',
        message,
        started_at: new Date(at).toISOString(),
        resolved_at: new Date(at + minutes * 60_000).toISOString(),
        details: { user_impact: 'HIGH', impact_description: 'Visitors cannot reach your site.', explanation: message, error_category: category, recommended_action: 'Check your server.', status_code: 503, response_time: 1.2, user_accessible: false },
      };
    };
    items.push(incident(thisHour - 34 * HOUR_MS + 12 * 60_000, 9, 'http_5xx', 'Your website is down: the server answered 503.'));
    items.push(incident(today - 12 * 86_400_000 + 14 * HOUR_MS, 45, 'connection_timeout', 'Your website is down: the connection timed out.'));
    items.push(incident(today - 51 * 86_400_000 + 3 * HOUR_MS, 20, 'dns_failure', 'Your website is down: its name could not be found.'));
    for (let i = 0; i < items.length; i += 25) {
      await table.send(new BatchWriteCommand({ RequestItems: { [cloud.resources.tableName]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) } }));
    }

    const { page } = browser;
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${baseUrl}/app/dashboard`);
    fs.mkdirSync(OUT_DIR, { recursive: true });
    const panel = page.locator('section[aria-labelledby="analytics-title"]');
    const shoot = async (name: string, period?: string) => {
      await page.goto(`${baseUrl}/app/monitors/${monitor.id}`);
      await panel.getByRole('table').or(panel.getByText('No answered checks in this period yet.')).first().waitFor();
      if (period) {
        // Buttons from 640 px up, a list on a phone.
        if (page.viewportSize()!.width >= 640) await panel.getByRole('button', { name: period }).click();
        else await panel.locator('select').selectOption({ label: period });
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(600);
      }
      // The app's sticky header would sit over a tall element's shot.
      await page.addStyleTag({ content: 'header { position: static !important; }' });
      await page.waitForTimeout(400);
      await panel.screenshot({ path: path.join(OUT_DIR, name) });
    };
    for (const size of [{ width: 1280, height: 860 }, { width: 390, height: 844 }]) {
      await page.setViewportSize(size);
      await shoot(`analytics-pro-7d-${size.width}.png`, '7 days');
      await shoot(`analytics-pro-90d-${size.width}.png`, '90 days');
      console.log(formatFindings(`analytics at ${size.width} px`, await axeFindings(page)) || `axe: no findings at ${size.width} px`);
    }
    await page.setViewportSize({ width: 1280, height: 860 });
    await shoot('analytics-pro-24h-1280.png');
    await setTier('free');
    for (const size of [{ width: 1280, height: 860 }, { width: 390, height: 844 }]) {
      await page.setViewportSize(size);
      await shoot(`analytics-free-${size.width}.png`);
    }
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.goto(`${baseUrl}/app/monitors/${monitor.id}`);
    await panel.getByRole('table').first().waitFor();
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(OUT_DIR, 'monitor-page-free-1280.png'), fullPage: true });
    console.log('done');
  } finally {
    await browser.close();
    await site.down();
    await cloud.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
};

await main();
