import { z } from 'zod';

/**
 * The Lambda configuration: `process.env` is read here and nowhere else (docs/contracts.md lists the
 * variables). Parsing is lazy because the local cloud fills `process.env` after the handler modules
 * are imported, and unit tests import modules with no environment at all; the first call parses and
 * every later call returns the same object.
 */

const required = z.string({ error: 'is missing' }).trim().min(1, 'is empty');

// The local cloud may export an endpoint variable as an empty string to mean "not set".
const optionalEndpoint = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z.url({ error: 'must be a URL' }).optional(),
);

// Variables only some functions need (the table, the API's auth and mail): checked when first used,
// so a checker in another region is not made to carry a table name it never reads.
const optional = z.preprocess((value) => (value === '' ? undefined : value), z.string().trim().min(1).optional());

const Env = z.object({
  TABLE_NAME: optional,
  USER_POOL_ID: optional,
  USER_POOL_CLIENT_ID: optional,
  APP_URL: z.preprocess((value) => (value === '' ? undefined : value), z.url({ error: 'must be a URL (the public origin of the SPA)' }).optional()),
  MAIL_FROM: optional,
  SUPPORT_EMAIL: z.preprocess((value) => (value === '' ? undefined : value), z.email({ error: 'must be an e-mail address' }).optional()),
  AWS_REGION: required,
  DYNAMODB_ENDPOINT: optionalEndpoint,
  COGNITO_ENDPOINT: optionalEndpoint,
  SES_ENDPOINT: optionalEndpoint,
  SQS_ENDPOINT: optionalEndpoint,
  SNS_ENDPOINT: optionalEndpoint,
  CHANNEL_SINK_URL: optionalEndpoint,
  LIVE_CONNECTIONS_ENDPOINT: optionalEndpoint,
  DYNAMODB_MAX_SOCKETS: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(1, 'must be at least 1').optional(),
  ),
});

export interface Config {
  tableName: string;
  userPoolId: string;
  userPoolClientId: string;
  /** Without a trailing slash, so links are `${appUrl}/path`. */
  appUrl: string;
  mailFrom: string;
  /**
   * Where contact-form messages go and the address the contact page shows: SUPPORT_EMAIL, a
   * mailbox people answer, never the alert sender's (docs/contracts.md "Lambda configuration").
   */
  supportEmail: string;
  region: string;
  /** Set only by the local cloud; on AWS every client uses its regional endpoint. */
  endpoints: {
    dynamodb?: string;
    cognito?: string;
    ses?: string;
    sqs?: string;
    sns?: string;
  };
  /**
   * Set only by the local cloud: the channel sink that stands in for Slack, Teams, Discord,
   * Telegram and PagerDuty (docs/alerts.md "Offline"); unset, senders reach the real providers.
   */
  channelSinkUrl?: string;
  /**
   * The WebSocket API's management endpoint (`https://<api>.execute-api.<region>.amazonaws.com/live`,
   * locally the gateway's `/live`) that pushes go to (docs/live-status.md "Pushes"); unset, this
   * function publishes nothing.
   */
  liveConnectionsEndpoint?: string;
  /**
   * How many requests this process keeps open to DynamoDB at once; unset: the SDK's 50. Only the
   * local cloud sets it, for the result processor (docs/PERFORMANCE.md "Scale"): DynamoDB Local
   * answers every request on one thread, so a burst of the processor's writes would queue a page's
   * query behind it.
   */
  dynamodbMaxSockets?: number;
}

/** Parses an environment, or throws one error naming every missing or malformed variable. */
export const parseConfig = (env: Record<string, string | undefined>): Config => {
  const result = Env.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      return env[name] === undefined ? `${name} is missing` : `${name} ${issue.message}`;
    });
    throw new Error(`Invalid Lambda configuration: ${problems.join('; ')}`);
  }
  const e = result.data;
  const needed = (name: string, value: string | undefined): string => {
    if (value === undefined) throw new Error(`Invalid Lambda configuration: ${name} is missing`);
    return value;
  };
  return {
    get tableName() {
      return needed('TABLE_NAME', e.TABLE_NAME);
    },
    get userPoolId() {
      return needed('USER_POOL_ID', e.USER_POOL_ID);
    },
    get userPoolClientId() {
      return needed('USER_POOL_CLIENT_ID', e.USER_POOL_CLIENT_ID);
    },
    get appUrl() {
      return needed('APP_URL', e.APP_URL).replace(/\/+$/, '');
    },
    get mailFrom() {
      return needed('MAIL_FROM', e.MAIL_FROM);
    },
    get supportEmail() {
      return needed('SUPPORT_EMAIL', e.SUPPORT_EMAIL);
    },
    region: e.AWS_REGION,
    endpoints: {
      dynamodb: e.DYNAMODB_ENDPOINT,
      cognito: e.COGNITO_ENDPOINT,
      ses: e.SES_ENDPOINT,
      sqs: e.SQS_ENDPOINT,
      sns: e.SNS_ENDPOINT,
    },
    channelSinkUrl: e.CHANNEL_SINK_URL?.replace(/\/+$/, ''),
    liveConnectionsEndpoint: e.LIVE_CONNECTIONS_ENDPOINT?.replace(/\/+$/, ''),
    ...(e.DYNAMODB_MAX_SOCKETS ? { dynamodbMaxSockets: e.DYNAMODB_MAX_SOCKETS } : {}),
  };
};

let cached: Config | undefined;

/** The configuration of this process, parsed from `process.env` on first use. */
export const config = (): Config => (cached ??= parseConfig(process.env));
