import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Node } from 'constructs';
import { z } from 'zod';
import { DEFAULT_CHECKER_REGIONS } from '../../shared/queues.js';

/**
 * What a deployment can be told, read once from CDK context (`-c key=value`) or, failing that, the
 * environment. Every value has a default so `cdk synth` works offline with no AWS account at all:
 * the placeholder account only shapes ARNs in the template; `cdk deploy` fills in the real one from
 * the credentials (CDK_DEFAULT_ACCOUNT).
 */
export interface AppSettings {
  account: string;
  /** Region of everything except the per-region check queues. */
  homeRegion: string;
  /** Suffix of every stack and named resource, so stages share an account without clashing. */
  stage: string;
  checkerRegions: string[];
  /** Sender of every e-mail. */
  mailFrom: string;
  /** The support mailbox: where contact-form messages go and what the contact page shows (never mailFrom). */
  supportEmail: string;
  /** Operators' address for CloudWatch alarms (SNS e-mail subscription; confirm the first mail). */
  alarmEmail?: string;
  /** When set, SES verifies this whole domain (DKIM); otherwise only the address `mailFrom`. */
  domainName?: string;
  /** Public origin of the SPA used in e-mail links; see `build-app.ts` for why it cannot default to CloudFront's. */
  appUrl?: string;
  /**
   * Secrets Manager secret (name) holding the payment providers' keys as JSON (docs/deploy.md
   * "Payments"); created by the operator, read by the billing functions once per cold start.
   */
  billingSecretName: string;
  /** More origins a checkout may return to besides appUrl (comma-separated), e.g. a CloudFront domain. */
  allowedOrigins?: string;
  /**
   * The web app's own domain on CloudFront (e.g. `upwatch.example`), with an ACM certificate for it
   * in us-east-1; both or neither. With them viewers need TLS 1.2 or newer (TLSv1.2_2021); CloudFront's
   * own `*.cloudfront.net` certificate cannot be held to that.
   */
  webDomainName?: string;
  webCertificateArn?: string;
  /** A WAF web ACL in front of CloudFront (rate limits per IP, AWS managed common rules); costs per month (docs/deploy.md). */
  webFirewall: boolean;
  /**
   * Cognito threat protection (the Plus feature plan, charged per monthly active user, docs/deploy.md):
   * `off` (Essentials plan), `audit` (risks are logged, nothing is blocked) or `enforced`.
   */
  threatProtection: 'off' | 'audit' | 'enforced';
  /** Root of the repository: Lambda entries and the SPA build are found from here. */
  repoRoot: string;
  /** The Vite build of the SPA; deployed only when it exists. */
  webDistDirectory: string;
  /**
   * The table on provisioned capacity with auto scaling instead of on-demand (docs/COST.md), as
   * `readMin-readMax/writeMin-writeMax` units per second, e.g. `5-100/20-400`.
   */
  provisionedCapacity?: { read: { min: number; max: number }; write: { min: number; max: number } };
}

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const PLACEHOLDER_ACCOUNT = '111111111111';

const Region = z.string().regex(/^[a-z]{2}(-[a-z]+)+-\d$/, 'must be an AWS region name such as eu-west-1');

const Settings = z
  .object({
    account: z.string().regex(/^\d{12}$/, 'must be a 12-digit AWS account id').default(PLACEHOLDER_ACCOUNT),
    homeRegion: Region.default('us-east-1'),
    stage: z
      .string()
      .regex(/^[a-z][a-z0-9]{0,15}$/, 'must be lower-case letters and digits, starting with a letter')
      .default('dev'),
    checkerRegions: z
      .string()
      .default(DEFAULT_CHECKER_REGIONS.join(','))
      .transform((value) => [...new Set(value.split(',').map((region) => region.trim()).filter(Boolean))])
      .pipe(z.array(Region).min(1, 'needs at least one region')),
    mailFrom: z.email('must be an e-mail address').default('alerts@example.com'),
    supportEmail: z.email('must be an e-mail address').default('support@example.com'),
    alarmEmail: z.email('must be an e-mail address').optional(),
    domainName: z
      .string()
      .regex(/^([a-z0-9-]+\.)+[a-z]{2,}$/i, 'must be a domain name such as example.com')
      .optional(),
    appUrl: z.url('must be a URL such as https://upwatch.example.com').optional(),
    billingSecretName: z.string().regex(/^[\w/+=.@-]{1,512}$/, 'must be a Secrets Manager secret name').optional(),
    allowedOrigins: z.string().optional(),
    webDomainName: z
      .string()
      .regex(/^([a-z0-9-]+\.)+[a-z]{2,}$/i, 'must be a domain name such as upwatch.example.com')
      .optional(),
    webCertificateArn: z
      .string()
      .regex(/^arn:aws[\w-]*:acm:us-east-1:\d{12}:certificate\/[\w-]+$/, 'must be the ARN of an ACM certificate in us-east-1 (CloudFront reads certificates from there only)')
      .optional(),
    webFirewall: z.enum(['on', 'off'], 'must be on or off').default('on').transform((value) => value === 'on'),
    threatProtection: z.enum(['off', 'audit', 'enforced'], 'must be off, audit or enforced').default('audit'),
    provisionedCapacity: z
      .string()
      .regex(/^\d+-\d+\/\d+-\d+$/, 'must be readMin-readMax/writeMin-writeMax, such as 5-100/20-400')
      .transform((value) => {
        const [read, write] = value.split('/').map((range) => range.split('-').map(Number) as [number, number]);
        return { read: { min: read![0], max: read![1] }, write: { min: write![0], max: write![1] } };
      })
      .refine((capacity) => capacity.read.min >= 1 && capacity.write.min >= 1 && capacity.read.min <= capacity.read.max && capacity.write.min <= capacity.write.max, 'each range must be 1 <= min <= max')
      .optional(),
  })
  .refine(
    (settings) => !settings.domainName || settings.mailFrom.toLowerCase().endsWith(`@${settings.domainName.toLowerCase()}`),
    { message: 'mailFrom must be an address at domainName', path: ['mailFrom'] },
  )
  .refine((settings) => (settings.webDomainName === undefined) === (settings.webCertificateArn === undefined), {
    message: 'webDomainName and webCertificateArn go together (the certificate must cover the domain)',
    path: ['webCertificateArn'],
  })
  // Verification and reset links carry one-time tokens: outside `dev`, they must never point at a
  // stand-in host (docs/security.md). The `dev` stage may synth without it (and warns).
  .refine((settings) => settings.stage === 'dev' || settings.appUrl !== undefined, {
    message: 'appUrl is required for every stage but dev (e-mail links must point at the app)',
    path: ['appUrl'],
  });

/** Context key -> environment variable consulted when the context key is absent. */
const SOURCES: Record<keyof z.input<typeof Settings>, string> = {
  account: 'CDK_DEFAULT_ACCOUNT',
  homeRegion: 'UPWATCH_HOME_REGION',
  stage: 'UPWATCH_STAGE',
  checkerRegions: 'UPWATCH_CHECKER_REGIONS',
  mailFrom: 'UPWATCH_MAIL_FROM',
  supportEmail: 'UPWATCH_SUPPORT_EMAIL',
  alarmEmail: 'UPWATCH_ALARM_EMAIL',
  domainName: 'UPWATCH_DOMAIN_NAME',
  appUrl: 'UPWATCH_APP_URL',
  billingSecretName: 'UPWATCH_BILLING_SECRET_NAME',
  allowedOrigins: 'UPWATCH_ALLOWED_ORIGINS',
  provisionedCapacity: 'UPWATCH_PROVISIONED_CAPACITY',
  webDomainName: 'UPWATCH_WEB_DOMAIN_NAME',
  webCertificateArn: 'UPWATCH_WEB_CERTIFICATE_ARN',
  webFirewall: 'UPWATCH_WEB_FIREWALL',
  threatProtection: 'UPWATCH_THREAT_PROTECTION',
};

/** Reads the settings from the app's context and the environment; throws naming every bad value. */
export const readAppSettings = (node: Node, env: NodeJS.ProcessEnv = process.env): AppSettings => {
  const raw = Object.fromEntries(
    Object.entries(SOURCES).map(([key, envName]) => {
      const value: unknown = node.tryGetContext(key) ?? env[envName];
      // An empty value (`-c appUrl=`) means "not set", so the default applies.
      return [key, value === '' || value === undefined ? undefined : String(value)];
    }),
  );
  const parsed = Settings.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid Upwatch deployment settings:\n  ${problems.join('\n  ')}`);
  }
  return {
    ...parsed.data,
    billingSecretName: parsed.data.billingSecretName ?? `upwatch/${parsed.data.stage}/billing`,
    repoRoot: REPO_ROOT,
    webDistDirectory: path.join(REPO_ROOT, 'frontend', 'dist'),
  };
};
