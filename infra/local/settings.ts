import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_CHECKER_REGIONS } from '../../shared/queues.js';

/**
 * Everything the local cloud can be told, read from the environment once. Every port can be moved
 * so that two clouds (say `npm start` and `npm test`) run side by side.
 */
const Port = (fallback: number) => z.coerce.number().int().min(1).max(65535).default(fallback);

const Env = z.object({
  PORT: Port(3000),
  UPWATCH_DYNAMODB_PORT: Port(8000),
  UPWATCH_COGNITO_PORT: Port(9229),
  UPWATCH_SES_PORT: Port(8005),
  UPWATCH_SQS_PORT: Port(4566),
  UPWATCH_STRIPE_PORT: Port(12111),
  UPWATCH_RAZORPAY_PORT: Port(12112),
  /** The channel sink standing in for Slack, Teams, Discord, Telegram, PagerDuty and SNS. */
  UPWATCH_CHANNELS_PORT: Port(8010),
  UPWATCH_DATA_DIR: z.string().min(1).default('.data'),
  UPWATCH_ADMIN_EMAIL: z.email().default('admin@upwatch.local'),
  UPWATCH_ADMIN_PASSWORD: z.string().min(8).default('upwatch-admin'),
  UPWATCH_MAIL_FROM: z.email().default('alerts@upwatch.local'),
  UPWATCH_SUPPORT_EMAIL: z.preprocess((value) => (value === '' ? undefined : value), z.email().default('support@upwatch.local')),
  UPWATCH_ALLOW_PRIVATE_TARGETS: z.enum(['0', '1', '']).default(''),
  UPWATCH_RUN_SCHEDULES: z.enum(['0', '1']).default('1'),
  /** Run the checker regions and the result processor in worker processes (queue-workers.ts). */
  UPWATCH_LOCAL_WORKERS: z.enum(['0', '1']).default('1'),
  /** `1`: the gateway takes the client IP from X-Forwarded-For, as behind a trusted proxy (tests simulate many clients). */
  UPWATCH_TRUST_FORWARDED_FOR: z.enum(['0', '1', '']).default(''),
  /** `0`: the gateway keeps no public answers (tests read every change at once); on by default, as CloudFront on AWS. */
  UPWATCH_EDGE_CACHE: z.enum(['0', '1']).default('1'),
  /** The built SPA to serve; another build (`vite build --outDir ...`) lets two checkouts' tests run side by side. */
  UPWATCH_WEB_ROOT: z.string().min(1).default('frontend/dist'),
  UPWATCH_CHECKER_REGIONS: z
    .string()
    .default(DEFAULT_CHECKER_REGIONS.join(','))
    .transform((value) => value.split(',').map((region) => region.trim()).filter(Boolean)),
  // Real payment providers' keys (docs/billing.md "Configuration"); unset, the local ones run.
  STRIPE_SECRET_KEY: z.string().default(''),
  STRIPE_WEBHOOK_SECRET: z.string().default(''),
  RAZORPAY_KEY_ID: z.string().default(''),
  RAZORPAY_KEY_SECRET: z.string().default(''),
  RAZORPAY_WEBHOOK_SECRET: z.string().default(''),
  RAZORPAY_CHECKOUT_URL: z.string().default(''),
  // Logs and metrics of the functions (docs/observability.md "Locally").
  POWERTOOLS_LOG_LEVEL: z
    .string()
    .default('INFO')
    .transform((value) => value.toUpperCase())
    .pipe(z.enum(['TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR', 'CRITICAL', 'SILENT'])),
  UPWATCH_LOG_FORMAT: z.enum(['text', 'json']).default('text'),
  POWERTOOLS_METRICS_DISABLED: z.enum(['true', 'false', '1', '0']).default('true'),
  /** What the local key that seals monitor secrets is derived from (functions/secrets/envelope.ts; KMS on AWS). */
  UPWATCH_SECRETS_KEY: z.string().min(16).default('upwatch-local-monitor-secrets'),
});

export interface LocalSettings {
  host: '127.0.0.1';
  region: string;
  ports: { gateway: number; dynamodb: number; cognito: number; ses: number; sqs: number; stripe: number; razorpay: number; channels: number };
  dataDir: string;
  admin: { email: string; password: string; fromDefaults: boolean };
  mailFrom: string;
  /** The support mailbox (UPWATCH_SUPPORT_EMAIL, default support@upwatch.local): contact-form messages go there. */
  supportEmail: string;
  checkerRegions: string[];
  /** Let checks reach loopback targets (demos, tests); off by default, announced loudly when on. */
  allowPrivateTargets: boolean;
  /** Run the scheduled functions on timers (off in tests, which call them when they choose). */
  runSchedules: boolean;
  /** Where the built SPA is served from. */
  webRoot: string;
  /**
   * Which payment providers run locally (infra/local/payment-providers). With a provider's keys in
   * the environment, the real provider is used and its local server is not started.
   */
  payments: { localStripe: boolean; localRazorpay: boolean; razorpayCheckoutUrl: string };
  /** Checkers and processor in worker processes (off: all in this process, for in-process benchmarks). */
  workers: boolean;
  /** The gateway trusts X-Forwarded-For for the client IP (off: the socket's address, as CloudFront does). */
  trustForwardedFor: boolean;
  /** The gateway keeps public answers as their Cache-Control allows (response-cache.ts; docs/status-pages.md "Caching"). */
  edgeCache: boolean;
  /**
   * The functions' log level and line format (readable text by default, or CloudWatch's JSON), and
   * whether their metrics are off (the default: EMF lines would only fill the console).
   * Per-request access lines of the gateway are printed at DEBUG only.
   */
  logs: { level: string; format: 'text' | 'json'; metricsDisabled: boolean };
  /** Seals monitor secrets locally; changing it makes stored secrets unreadable (docs/checks.md "Secrets"). */
  secretsKey: string;
}

export const REAL_RAZORPAY_CHECKOUT_URL = 'https://checkout.razorpay.com/v1/checkout.js';

export const HOME_REGION = 'us-east-1';

export const readLocalSettings = (env: NodeJS.ProcessEnv = process.env): LocalSettings => {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid local cloud settings:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  return {
    host: '127.0.0.1',
    region: HOME_REGION,
    ports: {
      gateway: e.PORT,
      dynamodb: e.UPWATCH_DYNAMODB_PORT,
      cognito: e.UPWATCH_COGNITO_PORT,
      ses: e.UPWATCH_SES_PORT,
      sqs: e.UPWATCH_SQS_PORT,
      stripe: e.UPWATCH_STRIPE_PORT,
      razorpay: e.UPWATCH_RAZORPAY_PORT,
      channels: e.UPWATCH_CHANNELS_PORT,
    },
    dataDir: path.resolve(e.UPWATCH_DATA_DIR),
    admin: {
      email: e.UPWATCH_ADMIN_EMAIL,
      password: e.UPWATCH_ADMIN_PASSWORD,
      fromDefaults: !env.UPWATCH_ADMIN_EMAIL || !env.UPWATCH_ADMIN_PASSWORD,
    },
    mailFrom: e.UPWATCH_MAIL_FROM,
    supportEmail: e.UPWATCH_SUPPORT_EMAIL,
    checkerRegions: e.UPWATCH_CHECKER_REGIONS,
    allowPrivateTargets: e.UPWATCH_ALLOW_PRIVATE_TARGETS === '1',
    runSchedules: e.UPWATCH_RUN_SCHEDULES === '1',
    webRoot: path.resolve(e.UPWATCH_WEB_ROOT),
    payments: {
      localStripe: !(e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET),
      localRazorpay: !(e.RAZORPAY_KEY_ID && e.RAZORPAY_KEY_SECRET && e.RAZORPAY_WEBHOOK_SECRET),
      razorpayCheckoutUrl: e.RAZORPAY_CHECKOUT_URL || REAL_RAZORPAY_CHECKOUT_URL,
    },
    workers: e.UPWATCH_LOCAL_WORKERS === '1',
    trustForwardedFor: e.UPWATCH_TRUST_FORWARDED_FOR === '1',
    edgeCache: e.UPWATCH_EDGE_CACHE === '1',
    logs: {
      level: e.POWERTOOLS_LOG_LEVEL,
      format: e.UPWATCH_LOG_FORMAT,
      metricsDisabled: e.POWERTOOLS_METRICS_DISABLED === 'true' || e.POWERTOOLS_METRICS_DISABLED === '1',
    },
    secretsKey: e.UPWATCH_SECRETS_KEY,
  };
};

export const endpoints = (settings: LocalSettings) => ({
  gateway: `http://localhost:${settings.ports.gateway}`,
  dynamodb: `http://${settings.host}:${settings.ports.dynamodb}`,
  cognito: `http://${settings.host}:${settings.ports.cognito}`,
  ses: `http://${settings.host}:${settings.ports.ses}`,
  sqs: `http://${settings.host}:${settings.ports.sqs}`,
  stripe: `http://${settings.host}:${settings.ports.stripe}`,
  razorpay: `http://${settings.host}:${settings.ports.razorpay}`,
  channels: `http://${settings.host}:${settings.ports.channels}`,
});
