import fs from 'node:fs';
import path from 'node:path';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SQSClient } from '@aws-sdk/client-sqs';
import { ALERTS_QUEUE, CHANNEL_DELIVERIES_QUEUE, CHECK_RESULTS_QUEUE, SUBSCRIBER_NOTICES_QUEUE, checkQueueName } from '../../shared/queues.js';
import { QUEUE_CONSUMERS } from '../event-sources.js';
import { TABLE } from '../../shared/table/table-definition.js';
import { LIVE_STAGE } from '../../shared/live/messages.js';
import { installCapacityCounter } from './capacity-counter.js';
import { installFaultHooks } from './faults/install-fault-hooks.js';
import { startEventSources } from './event-source-runner.js';
import { startQueueWorkers, WORKER_GROUPS } from './queue-workers.js';
import { createGateway, loadAreaHandlers } from './gateway.js';
import { createJwtAuthorizer } from './jwt-authorizer.js';
import { createResponseCache } from './response-cache.js';
import { createLiveSockets, type ConnectionHandler } from './live-sockets.js';
import { startChannelSinkPart } from './parts/channel-sink.js';
import { startCognito } from './parts/cognito.js';
import { startDynamoDb } from './parts/dynamodb.js';
import { localPaymentEnv, realProviderNote, startLocalRazorpay, startLocalStripe } from './parts/payment-providers.js';
import { startSes } from './parts/ses.js';
import { startSqs } from './parts/sqs.js';
import { ensureAdminUser } from './admin-user.js';
import { runIncidentRetentionMigration, runWorkspaceMigration } from './workspace-migration.js';
import type { LocalRazorpay } from './payment-providers/razorpay/razorpay-server.js';
import type { LocalStripe } from './payment-providers/stripe/stripe-server.js';
import { ensureQueues, ensureTable, ensureUserPool, type LocalResources } from './provision.js';
import { endpoints, type LocalSettings } from './settings.js';
import { localOriginSecret } from '../../functions/secrets/local-origin-secret.js';
import { assertPortFree, stopLeftoverChildren, type CrashHandler, type RunningPart } from './supervisor.js';

/**
 * The whole product on one machine: emulators, provisioning, the Lambda environment, and the
 * gateway. `npm start` and the test setup both start it through `startLocalCloud`.
 */
export interface LocalCloud {
  settings: LocalSettings;
  resources: LocalResources;
  urls: ReturnType<typeof endpoints>;
  parts: RunningPart[];
  /** The local payment providers that run (none of a provider whose real keys are set). */
  payments: { stripe?: LocalStripe; razorpay?: LocalRazorpay };
  /** The open live-status sockets of the gateway (the live-push benchmark counts them). */
  live?: { readonly size: number };
  stop(): Promise<void>;
}

// The SDK warns on every start that 2027 releases will need Node 22; the pinned versions don't.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };
const QUEUE_CONSUMER_NAMES = QUEUE_CONSUMERS.map((consumer) => consumer.name);

export const startLocalCloud = async (
  settings: LocalSettings,
  opts: { onCrash: CrashHandler; log?: (line: string) => void },
): Promise<LocalCloud> => {
  const urls = endpoints(settings);
  const log = opts.log ?? (() => undefined);
  const portVars = {
    gateway: 'PORT',
    dynamodb: 'UPWATCH_DYNAMODB_PORT',
    cognito: 'UPWATCH_COGNITO_PORT',
    ses: 'UPWATCH_SES_PORT',
    sqs: 'UPWATCH_SQS_PORT',
    channels: 'UPWATCH_CHANNELS_PORT',
  } as const;
  for (const leftover of await stopLeftoverChildren(settings.dataDir)) {
    console.log(`Stopped ${leftover}, left running by an earlier start that did not stop cleanly.`);
  }
  for (const [part, envVar] of Object.entries(portVars)) {
    await assertPortFree(part, settings.ports[part as keyof typeof portVars], envVar);
  }
  if (settings.payments.localStripe) await assertPortFree('stripe', settings.ports.stripe, 'UPWATCH_STRIPE_PORT');
  if (settings.payments.localRazorpay) await assertPortFree('razorpay', settings.ports.razorpay, 'UPWATCH_RAZORPAY_PORT');

  const logDir = path.join(settings.dataDir, 'logs');
  fs.mkdirSync(logDir, { recursive: true });
  const parts: RunningPart[] = [];
  const stop = async () => {
    for (const part of [...parts].reverse()) await part.stop().catch(() => undefined);
    parts.length = 0;
  };

  try {
    // allSettled, so that when one emulator fails to start the others that did are stopped too.
    const started = await Promise.allSettled([
      startDynamoDb({ port: settings.ports.dynamodb, dataDir: settings.dataDir, logDir, onCrash: opts.onCrash }),
      startCognito({ port: settings.ports.cognito, dataDir: settings.dataDir, logDir, onCrash: opts.onCrash }),
      startSes({ port: settings.ports.ses }),
      startChannelSinkPart({ port: settings.ports.channels, logDir }),
      startSqs({ port: settings.ports.sqs, region: settings.region }),
      settings.payments.localStripe
        ? startLocalStripe({ port: settings.ports.stripe, dataDir: settings.dataDir, logDir, gatewayUrl: `http://127.0.0.1:${settings.ports.gateway}` })
        : realProviderNote('stripe', 'STRIPE_SECRET_KEY + STRIPE_WEBHOOK_SECRET'),
      settings.payments.localRazorpay
        ? startLocalRazorpay({ port: settings.ports.razorpay, dataDir: settings.dataDir, logDir, gatewayUrl: `http://127.0.0.1:${settings.ports.gateway}` })
        : realProviderNote('razorpay', 'RAZORPAY_KEY_ID + RAZORPAY_KEY_SECRET + RAZORPAY_WEBHOOK_SECRET'),
    ]);
    for (const outcome of started) if (outcome.status === 'fulfilled') parts.push(outcome.value);
    const failed = started.find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;
    const payments = {
      stripe: (parts.find((part) => part.name === 'stripe') as { provider?: LocalStripe } | undefined)?.provider,
      razorpay: (parts.find((part) => part.name === 'razorpay') as { provider?: LocalRazorpay } | undefined)?.provider,
    };

    const clientConfig = { region: settings.region, credentials: LOCAL_CREDENTIALS };
    const sqs = new SQSClient({ ...clientConfig, endpoint: urls.sqs });
    const resources: LocalResources = {
      tableName: TABLE.name,
      ...(await ensureUserPool(new CognitoIdentityProviderClient({ ...clientConfig, endpoint: urls.cognito }))),
      queueUrls: await ensureQueues(sqs, settings.checkerRegions),
    };
    await ensureTable(new DynamoDBClient({ ...clientConfig, endpoint: urls.dynamodb }), resources.tableName);

    // The Lambda environment, as the CDK stacks set it, plus the endpoint overrides (docs/contracts.md).
    Object.assign(process.env, {
      AWS_REGION: settings.region,
      AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
      TABLE_NAME: resources.tableName,
      USER_POOL_ID: resources.userPoolId,
      USER_POOL_CLIENT_ID: resources.userPoolClientId,
      APP_URL: urls.gateway,
      MAIL_FROM: settings.mailFrom,
      SUPPORT_EMAIL: settings.supportEmail,
      DYNAMODB_ENDPOINT: urls.dynamodb,
      COGNITO_ENDPOINT: urls.cognito,
      SES_ENDPOINT: urls.ses,
      // Alert channels' providers (docs/alerts.md "Offline"): their fixed endpoints and SNS reach the channel sink.
      CHANNEL_SINK_URL: urls.channels,
      // Live status (docs/live-status.md "Pushes"): the gateway answers API Gateway's management API.
      LIVE_CONNECTIONS_ENDPOINT: `http://127.0.0.1:${settings.ports.gateway}/${LIVE_STAGE}`,
      SNS_ENDPOINT: `${urls.channels}/sns`,
      SQS_ENDPOINT: urls.sqs,
      CHECK_QUEUE_URLS: JSON.stringify(
        Object.fromEntries(settings.checkerRegions.map((region) => [region, resources.queueUrls[checkQueueName(region)]])),
      ),
      RESULTS_QUEUE_URL: resources.queueUrls[CHECK_RESULTS_QUEUE],
      ALERTS_QUEUE_URL: resources.queueUrls[ALERTS_QUEUE],
      CHANNEL_DELIVERIES_QUEUE_URL: resources.queueUrls[CHANNEL_DELIVERIES_QUEUE],
      SUBSCRIBER_NOTICES_QUEUE_URL: resources.queueUrls[SUBSCRIBER_NOTICES_QUEUE],
      HOME_REGION: settings.region,
      UPWATCH_ALLOW_PRIVATE_TARGETS: settings.allowPrivateTargets ? '1' : '',
      // Logs, metrics and traces (docs/observability.md "Locally"): readable lines, metrics off by
      // default, no tracing (there is no X-Ray daemon to send traces to).
      POWERTOOLS_LOG_LEVEL: settings.logs.level,
      UPWATCH_LOG_FORMAT: settings.logs.format,
      POWERTOOLS_METRICS_DISABLED: String(settings.logs.metricsDisabled),
      POWERTOOLS_TRACE_ENABLED: 'false',
      LOCAL_SECRETS_KEY: settings.secretsKey,
      // The origin secret the gateway adds as CloudFront does (docs/security.md "Abuse limits").
      LOCAL_ORIGIN_SECRET: localOriginSecret(settings.secretsKey),
    });
    // The payment providers' keys and URLs (docs/billing.md "Configuration"); real keys are left alone.
    Object.assign(process.env, localPaymentEnv(settings.payments, payments));

    installCapacityCounter('main');
    installFaultHooks('main');
    const handlers = await loadAreaHandlers();
    await ensureAdminUser(settings.admin);
    // Accounts from before workspaces get their own before the gateway serves (docs/teams.md "Migration").
    await runWorkspaceMigration(log);
    // Ended incidents from before incidents expired get their TTL (docs/product-rules.md "Retention").
    await runIncidentRetentionMigration(log);

    let ready = false;
    const authorize = createJwtAuthorizer({
      issuer: `${urls.cognito}/${resources.userPoolId}`,
      clientId: resources.userPoolClientId,
    });
    const liveHandler = ((await import('../../functions/live/connections.js')) as { handler: ConnectionHandler }).handler;
    const { liveWorkspaceOf } = await import('../../functions/live/live-workspace.js');
    const live = createLiveSockets({
      handler: liveHandler,
      authorize,
      workspaceOf: liveWorkspaceOf,
      log: settings.logs.level === 'DEBUG' || settings.logs.level === 'TRACE' ? log : undefined,
    });
    const gateway = createGateway({
      webRoot: settings.webRoot,
      handlers,
      authorize,
      live,
      runtimeConfig: {
        apiUrl: '',
        region: settings.region,
        userPoolId: resources.userPoolId,
        userPoolClientId: resources.userPoolClientId,
        userPoolEndpoint: urls.cognito,
        // Same origin: the SPA opens ws(s)://<its host>/live (docs/live-status.md "Pushes").
        liveSocketUrl: `/${LIVE_STAGE}`,
        supportEmail: settings.supportEmail,
        razorpayCheckoutUrl: process.env.RAZORPAY_CHECKOUT_URL,
      },
      isReady: () => ready,
      log: settings.logs.level === 'DEBUG' || settings.logs.level === 'TRACE' ? log : undefined,
      trustForwardedFor: settings.trustForwardedFor,
      originSecret: localOriginSecret(settings.secretsKey),
      ...(settings.edgeCache ? { responseCache: createResponseCache() } : {}),
    });
    await new Promise<void>((resolve, reject) => {
      gateway.once('error', reject);
      gateway.listen(settings.ports.gateway, '127.0.0.1', () => resolve());
    });
    // `localhost` may resolve to ::1 first; answer there too where IPv6 loopback exists.
    const gatewayV6 = await listenOnIpv6Loopback(gateway, settings.ports.gateway);
    parts.push({
      name: 'gateway',
      describe: `API + web app      ${urls.gateway}  (API at /api, status pages at /status, live-status socket at /live, SPA from ${path.relative(process.cwd(), settings.webRoot)})`,
      stop: async () => {
        live.close();
        gatewayV6?.closeAllConnections();
        gatewayV6?.close();
        gateway.closeAllConnections();
        await new Promise<void>((resolve) => gateway.close(() => resolve()));
      },
    });
    const inWorkers = settings.workers ? WORKER_GROUPS.flat() : [];
    if (inWorkers.length) {
      parts.push(
        ...(await startQueueWorkers({ queueUrls: resources.queueUrls, checkerRegions: settings.checkerRegions, onCrash: opts.onCrash })),
      );
    }
    parts.push(
      ...(await startEventSources({
        sqs,
        queueUrls: resources.queueUrls,
        homeRegion: settings.region,
        checkerRegions: settings.checkerRegions,
        runSchedules: settings.runSchedules,
        onError: (name, error) => console.error(`[${name}] handler failed:`, error),
        consumers: QUEUE_CONSUMER_NAMES.filter((name) => !inWorkers.includes(name)),
      })),
    );
    ready = true;
    return { settings, resources, urls, parts, payments, live, stop };
  } catch (error) {
    await stop();
    throw error;
  }
};

const listenOnIpv6Loopback = async (server: import('node:http').Server, port: number) => {
  const { createServer } = await import('node:http');
  const twin = createServer((request, response) => server.emit('request', request, response));
  twin.on('upgrade', (request, socket, head) => server.emit('upgrade', request, socket, head));
  return new Promise<import('node:http').Server | null>((resolve) => {
    twin.once('error', () => resolve(null));
    twin.listen(port, '::1', () => resolve(twin));
  });
};
