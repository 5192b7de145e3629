/**
 * Screenshots of the SLA screens at 1280 and 390 px into /tmp/sla-shots (docs/sla-reports.md "The
 * month so far" and "The Reports screen"): the monitor page's month so far and Settings -> SLA reports.
 *   npm run build:web && UPWATCH_WEB_ROOT=frontend/dist UPWATCH_TEST_PORT_OFFSET=3000 npx tsx test/e2e/capture-sla-reports.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ENTITY, rollupKey, userKey } from '../../shared/table/keys.js';
import { startLocalCloud } from '../../infra/local/cloud.js';
import { readLocalSettings } from '../../infra/local/settings.js';
import { TEST_ENV } from '../setup/local-cloud.js';
import { startTargetSite } from '../setup/target-site.js';
import { axeFindings, formatFindings } from './helpers/axe.js';
import { launchBrowser } from './helpers/browser.js';
import { apiCaller, registerAndSignIn } from './helpers/capture-account.js';

const OUT_DIR = '/tmp/sla-shots';
const PASSWORD = 'correct-horse-battery';
const EMAIL = 'sla-grace@example.com';

const main = async () => {
  const dataDir = path.resolve('.test-data', `sla-shots-${Date.now()}`);
  const settings = readLocalSettings({ ...process.env, ...TEST_ENV, UPWATCH_DATA_DIR: dataDir });
  const cloud = await startLocalCloud(settings, { onCrash: (part, reason) => { console.error(part, reason); process.exit(1); } });
  const baseUrl = cloud.urls.gateway;
  const site = await startTargetSite();
  const browser = await launchBrowser({ bypassCSP: true, timezoneId: 'UTC' });
  try {
    const call = apiCaller(baseUrl);
    const signedIn = await registerAndSignIn(call, cloud.urls.ses, { name: 'Grace Hopper', email: EMAIL, password: PASSWORD });
    const login = signedIn;
    const token = login.access_token;
    const table = DynamoDBDocumentClient.from(
      new DynamoDBClient({ region: settings.region, endpoint: cloud.urls.dynamodb, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
    );
    await table.send(
      new UpdateCommand({
        TableName: cloud.resources.tableName,
        Key: userKey(login.user.id),
        UpdateExpression: 'SET subscription_tier = :tier',
        ExpressionAttributeValues: { ':tier': 'business' },
      }),
    );
    const monitor = await call<{ id: string }>('/api/monitors', { method: 'POST', token, body: { name: 'Online shop', url: site.url(), check_interval: 300, timeout: 10 } });
    // Earlier hours of this month, as the result processor would have closed them: 3 of 600 rounds down.
    const now = new Date();
    const hour = (daysAgo: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), Math.max(1, now.getUTCDate() - daysAgo), 10)).toISOString().slice(0, 13);
    await table.send(
      new BatchWriteCommand({
        RequestItems: {
          [cloud.resources.tableName]: [
            { checks: 300, ups: 297, day: 2 },
            { checks: 300, ups: 300, day: 1 },
          ].map(({ checks, ups, day }) => ({
            PutRequest: {
              Item: { ...rollupKey(monitor.id, hour(day)), entity: ENTITY.rollup, monitor_id: monitor.id, checks, ups, response_time_sum_ms: 0, response_time_count: 0 },
            },
          })),
        },
      }),
    );
    await call('/api/sla/target', { method: 'PUT', token, body: { target_percent: 99.9 } });

    const { page } = browser;
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${baseUrl}/app/dashboard`);
    fs.mkdirSync(OUT_DIR, { recursive: true });
    for (const size of [{ width: 1280, height: 860 }, { width: 390, height: 844 }]) {
      await page.setViewportSize(size);
      await page.goto(`${baseUrl}/app/monitors/${monitor.id}`);
      await page.getByTestId('sla-month').waitFor();
      await page.waitForTimeout(500);
      await page.screenshot({ path: path.join(OUT_DIR, `monitor-sla-${size.width}.png`), fullPage: false });
      await page.goto(`${baseUrl}/app/settings?section=sla`);
      await page.getByRole('button', { name: 'Download PDF' }).waitFor();
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(OUT_DIR, `settings-sla-${size.width}.png`), fullPage: true });
      console.log(formatFindings(`SLA reports at ${size.width} px`, await axeFindings(page)) || `axe: no findings at ${size.width} px`);
    }
    console.log('done');
  } finally {
    await browser.close();
    await site.down();
    await cloud.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
};

await main();
