import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startLocalCloud, type LocalCloud } from '../../infra/local/cloud.js';
import { readLocalSettings } from '../../infra/local/settings.js';

/**
 * Starts the local cloud once for the projects that need it (integration, e2e) on ports of their
 * own and a fresh data dir, so tests never touch the `npm start` data and can run beside it.
 * Each test makes its own users; nothing is wiped between tests.
 */
const PROJECTS_NEEDING_CLOUD = new Set(['integration', 'e2e']);

/**
 * `UPWATCH_TEST_PORT_OFFSET` (default 0) shifts every test port, so two test runs (two checkouts,
 * or two people on one machine) can run side by side.
 */
const PORT_OFFSET = Number(process.env.UPWATCH_TEST_PORT_OFFSET ?? 0);
const testPort = (port: number): string => String(port + PORT_OFFSET);

export const TEST_ENV = {
  PORT: testPort(3100),
  UPWATCH_DYNAMODB_PORT: testPort(18100),
  UPWATCH_COGNITO_PORT: testPort(19330),
  UPWATCH_SES_PORT: testPort(18105),
  UPWATCH_SQS_PORT: testPort(14666),
  UPWATCH_STRIPE_PORT: testPort(12211),
  UPWATCH_RAZORPAY_PORT: testPort(12212),
  UPWATCH_CHANNELS_PORT: testPort(18110),
  // Tests always run the local payment providers, whatever keys the shell has.
  STRIPE_SECRET_KEY: '',
  STRIPE_WEBHOOK_SECRET: '',
  RAZORPAY_KEY_ID: '',
  RAZORPAY_KEY_SECRET: '',
  RAZORPAY_WEBHOOK_SECRET: '',
  UPWATCH_ADMIN_EMAIL: 'admin@upwatch.test',
  UPWATCH_ADMIN_PASSWORD: 'test-admin-password',
  // Pipeline tests check local target servers; and they run the dispatcher themselves.
  UPWATCH_ALLOW_PRIVATE_TARGETS: '1',
  UPWATCH_RUN_SCHEDULES: '0',
  // Tests play many clients: the api helper names each test's client IP in X-Forwarded-For.
  UPWATCH_TRUST_FORWARDED_FOR: '1',
  // Tests read a public status page right after changing it: no local edge cache (response-cache.ts has its own tests).
  UPWATCH_EDGE_CACHE: '0',
};

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    sesStoreUrl: string;
    /** The channel sink (docs/alerts.md "Offline"): `/store`, `/_local/fail`, the providers under it. */
    channelSinkUrl: string;
    cloudEnv: Record<string, string>;
    adminCredentials: { email: string; password: string };
    /** The local payment providers of the test cloud (docs/billing.md "The local providers"). */
    paymentProviders: {
      stripe: { apiUrl: string; secretKey: string; webhookSecret: string };
      razorpay: { apiUrl: string; checkoutUrl: string; keyId: string; keySecret: string; webhookSecret: string };
    };
  }
}

let cloud: LocalCloud | undefined;
let dataDir: string | undefined;

export default async function setup(project: TestProject) {
  const selected = project.vitest.projects.map((candidate) => candidate.name);
  if (!selected.some((name) => PROJECTS_NEEDING_CLOUD.has(name))) return;

  dataDir = path.resolve('.test-data', `run-${Date.now()}`);
  const settings = readLocalSettings({ ...process.env, ...TEST_ENV, UPWATCH_DATA_DIR: dataDir });
  let crash: string | undefined;
  cloud = await startLocalCloud(settings, {
    onCrash: (part, reason) => {
      crash = `${part}: ${reason}`;
      console.error(`\n[local cloud] ${part} CRASHED during the tests: ${reason}`);
    },
  });
  if (crash) throw new Error(`local cloud part crashed at start: ${crash}`);

  project.provide('baseUrl', cloud.urls.gateway);
  project.provide('sesStoreUrl', `${cloud.urls.ses}/store`);
  project.provide('channelSinkUrl', cloud.urls.channels);
  project.provide('adminCredentials', settings.admin);
  const { stripe, razorpay } = cloud.payments;
  if (!stripe || !razorpay) throw new Error('the test cloud runs both local payment providers');
  project.provide('paymentProviders', {
    stripe: { apiUrl: stripe.url, secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret },
    razorpay: { apiUrl: razorpay.url, checkoutUrl: razorpay.checkoutUrl, keyId: razorpay.keyId, keySecret: razorpay.keySecret, webhookSecret: razorpay.webhookSecret },
  });
  // The variables the cloud gave its functions, so a test can call one in its own process.
  const functionEnv = [
    'CHECK_QUEUE_URLS',
    'RESULTS_QUEUE_URL',
    'ALERTS_QUEUE_URL',
    'SUBSCRIBER_NOTICES_QUEUE_URL',
    'LOCAL_SECRETS_KEY',
    'HOME_REGION',
    'UPWATCH_ALLOW_PRIVATE_TARGETS',
    'STRIPE_SECRET_KEY',
    'STRIPE_WEBHOOK_SECRET',
    'STRIPE_API_URL',
    'RAZORPAY_KEY_ID',
    'RAZORPAY_KEY_SECRET',
    'RAZORPAY_WEBHOOK_SECRET',
    'RAZORPAY_API_URL',
    'RAZORPAY_CHECKOUT_URL',
    'UPWATCH_LOG_FORMAT',
    'POWERTOOLS_METRICS_DISABLED',
    'POWERTOOLS_TRACE_ENABLED',
    // What the functions' signing keys derive from (functions/secrets/signing-key.ts): a test can sign a subscriber's unsubscribe link.
    'LOCAL_SECRETS_KEY',
  ].map((name) => [name, process.env[name] ?? '']);
  project.provide('cloudEnv', {
    ...Object.fromEntries(functionEnv),
    AWS_REGION: settings.region,
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    TABLE_NAME: cloud.resources.tableName,
    USER_POOL_ID: cloud.resources.userPoolId,
    USER_POOL_CLIENT_ID: cloud.resources.userPoolClientId,
    APP_URL: cloud.urls.gateway,
    MAIL_FROM: settings.mailFrom,
    SUPPORT_EMAIL: settings.supportEmail,
    DYNAMODB_ENDPOINT: cloud.urls.dynamodb,
    COGNITO_ENDPOINT: cloud.urls.cognito,
    SES_ENDPOINT: cloud.urls.ses,
    SQS_ENDPOINT: cloud.urls.sqs,
    SNS_ENDPOINT: `${cloud.urls.channels}/sns`,
    CHANNEL_SINK_URL: cloud.urls.channels,
  });

  return async () => {
    await cloud?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
