import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { z } from 'zod';
import { config } from './config.js';
import { traced } from './observability/tracer.js';

/**
 * The billing configuration (docs/billing.md "Configuration", docs/contracts.md): provider keys,
 * the local providers' URLs, and the origins a checkout may return to. Read from `process.env`
 * once; on AWS the five secrets live in one Secrets Manager secret (`BILLING_SECRET_ID`, a JSON
 * object with the same names), read once per cold start and merged over the environment.
 */

const optional = z.preprocess((value) => (value === '' ? undefined : value), z.string().trim().min(1).optional());
const optionalUrl = z.preprocess((value) => (value === '' ? undefined : value), z.url({ error: 'must be a URL' }).optional());

const Env = z.object({
  STRIPE_SECRET_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_API_URL: optionalUrl,
  RAZORPAY_KEY_ID: optional,
  RAZORPAY_KEY_SECRET: optional,
  RAZORPAY_WEBHOOK_SECRET: optional,
  RAZORPAY_API_URL: optionalUrl,
  BILLING_SECRET_ID: optional,
  ALLOWED_ORIGINS: optional,
});

const SECRET_NAMES = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'] as const;

export interface BillingConfig {
  stripe: { secretKey: string; webhookSecret: string; apiUrl: URL | null };
  razorpay: { keyId: string; keySecret: string; webhookSecret: string; apiUrl: string | null };
  /** Origins (scheme://host[:port]) a checkout may send the browser back to: APP_URL plus ALLOWED_ORIGINS. */
  allowedOrigins: string[];
}

const needed = (name: string, value: string | undefined): string => {
  if (value === undefined) throw new Error(`Invalid Lambda configuration: ${name} is missing`);
  return value;
};

const originOf = (url: string): string => new URL(url).origin;

/** Parses the billing environment (secrets already merged in). */
export const parseBillingConfig = (env: Record<string, string | undefined>, appUrl: string): BillingConfig => {
  const result = Env.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${String(issue.path[0])} ${issue.message}`);
    throw new Error(`Invalid Lambda configuration: ${problems.join('; ')}`);
  }
  const e = result.data;
  const extraOrigins = (e.ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean)
    .map(originOf);
  return {
    stripe: {
      secretKey: needed('STRIPE_SECRET_KEY', e.STRIPE_SECRET_KEY),
      webhookSecret: needed('STRIPE_WEBHOOK_SECRET', e.STRIPE_WEBHOOK_SECRET),
      apiUrl: e.STRIPE_API_URL ? new URL(e.STRIPE_API_URL) : null,
    },
    razorpay: {
      keyId: needed('RAZORPAY_KEY_ID', e.RAZORPAY_KEY_ID),
      keySecret: needed('RAZORPAY_KEY_SECRET', e.RAZORPAY_KEY_SECRET),
      webhookSecret: needed('RAZORPAY_WEBHOOK_SECRET', e.RAZORPAY_WEBHOOK_SECRET),
      apiUrl: e.RAZORPAY_API_URL ? e.RAZORPAY_API_URL.replace(/\/+$/, '') : null,
    },
    allowedOrigins: [...new Set([originOf(appUrl), ...extraOrigins])],
  };
};

/** The secret's JSON object: only the five known names are taken from it. */
const readSecret = async (secretId: string): Promise<Record<string, string>> => {
  const client = traced(new SecretsManagerClient({ region: config().region }));
  const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: secretId }));
  const parsed = JSON.parse(SecretString ?? '{}') as Record<string, unknown>;
  return Object.fromEntries(SECRET_NAMES.filter((name) => typeof parsed[name] === 'string').map((name) => [name, parsed[name] as string]));
};

let cached: Promise<BillingConfig> | undefined;

/** The billing configuration of this process: read (and the secret fetched) on first use, then kept. */
export const billingConfig = (): Promise<BillingConfig> => {
  cached ??= (async () => {
    const secretId = process.env.BILLING_SECRET_ID?.trim();
    const secrets = secretId ? await readSecret(secretId) : {};
    return parseBillingConfig({ ...process.env, ...secrets }, config().appUrl);
  })().catch((error: unknown) => {
    cached = undefined;
    throw error;
  });
  return cached;
};
