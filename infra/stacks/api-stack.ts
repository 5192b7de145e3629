import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { CfnStage, HttpApi, HttpMethod, HttpRoute, HttpRouteKey } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { FilterPattern, LogGroup, MetricFilter, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Secret, type ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { NagSuppressions } from 'cdk-nag';
import type { Construct } from 'constructs';
import { areasInUse, ROUTES, type Area, type Route } from '../../shared/api/routes.js';
import { headAnsweredRoutes } from '../../shared/api/head-requests.js';
import { ApiFunction } from '../constructs/api-function.js';
import { grantPublishSms, grantSecretsKey, grantSecretValue, grantSendMail, grantTableAccess } from '../constructs/function-grants.js';
import { API_AREA_PERMISSIONS } from './api-permissions.js';
import { sesConfigurationSetName } from './email-stack.js';
import { stageResourceName } from './stage-names.js';

export interface ApiStackProps extends StackProps {
  readonly stage: string;
  readonly repoRoot: string;
  readonly table: ITable;
  /**
   * Seals monitor and channel secrets (data stack): GenerateDataKey to the areas that declare
   * `sealsSecrets`, Decrypt to those that declare `opensSecrets`, each for its `secretsOf` only.
   */
  readonly secretsKey?: IKey;
  /** The master of the link-signing keys (data stack): read by the areas that declare `signsLinks`. */
  readonly signingSecret?: ISecret;
  readonly userPool: IUserPool;
  readonly userPoolClient: IUserPoolClient;
  readonly appUrl: string;
  readonly mailFrom: string;
  /** The support mailbox: recipient of contact-form messages (SUPPORT_EMAIL); never the alert sender. */
  readonly supportEmail: string;
  /** The check pipeline's queues, for force check (POST /api/monitors/force-check starts rounds). */
  readonly pipeline: { environment: Record<string, string>; queueArns: string[]; channelDeliveriesQueueArn: string; subscriberNoticesQueueArn: string };
  /**
   * The payment providers' secret (a JSON object of STRIPE_* / RAZORPAY_* keys, docs/deploy.md
   * "Payments") for the billing Lambda, and more origins a checkout may return to.
   */
  readonly billing?: { secretName: string; allowedOrigins?: string };
  /** The live-status WebSocket API (live-stack.ts): the areas that declare `publishesLive` push to it. */
  readonly live?: { grantPublish(fn: NodejsFunction): void };
}


/**
 * Stage-wide throttling: the ceiling on what the whole API takes, whatever the per-IP and per-address
 * limits inside let through (docs/security.md, "Abuse limits"). Requests per second, steady and burst.
 */
export const API_THROTTLE = { rateLimit: 200, burstLimit: 400 } as const;

/**
 * The API's access log line ($context variables of HTTP APIs). Behind CloudFront `sourceIp` is an
 * edge server's address; the viewer's is in CloudFront's own access log, under the same time. The
 * route key (`POST /api/heartbeat/{token}`), never the raw path: some paths carry a secret (a
 * heartbeat's push URL, a badge token), and a log is read by more people than the secret's owner
 * (docs/security.md "Secrets in URLs").
 */
export const API_ACCESS_LOG_FORMAT = {
  requestId: '$context.requestId',
  requestTime: '$context.requestTime',
  routeKey: '$context.routeKey',
  status: '$context.status',
  responseLength: '$context.responseLength',
  responseLatency: '$context.responseLatency',
  integrationLatency: '$context.integrationLatency',
  integrationError: '$context.integrationErrorMessage',
  authorizerError: '$context.authorizer.error',
  sourceIp: '$context.identity.sourceIp',
  userAgent: '$context.identity.userAgent',
  sub: '$context.authorizer.claims.sub',
} as const;

/**
 * Why a route has no authorizer, for cdk-nag's AwsSolutions-APIG4: the route table says so
 * (`access: 'public'`), and the caller has no session to show.
 */
export const publicRouteReason = (route: Route): string =>
  `${route.method} ${route.path} (${route.name}) is public by design: access 'public' in shared/api/routes.ts. ` +
  'Its callers have no session to show (sign-in, registration, recovery, public pages) or prove themselves otherwise ' +
  "(a payment provider's signed webhook); per-IP limits, stage throttling and the WAF apply (docs/security.md).";

/**
 * Why a key route (`access: 'key'`, the public API under /api/v1/) has no JWT authorizer: its caller
 * is an API key, which the route's Lambda resolves in one place (functions/http/caller.ts).
 */
export const keyRouteReason = (route: Route): string =>
  `${route.method} ${route.path} (${route.name}) is authenticated by an API key: access 'key' in shared/api/routes.ts. ` +
  'The Lambda resolves "Authorization: Bearer uw_..." by the SHA-256 of the secret before any route code runs, refusing ' +
  'unknown, revoked and expired keys, with a per-key rate limit (docs/api.md "Authentication").';

const areaId = (area: Area): string => `${area.charAt(0).toUpperCase()}${area.slice(1)}Api`;

/**
 * The HTTP API, generated from the route table (shared/api/routes.ts): one Lambda per area, one route
 * per row, and the Cognito JWT authorizer on every `user` and `admin` row (a `key` row's Lambda resolves its API key). The local gateway reads the
 * same table, so a route added there exists in both places. Whether a caller is an admin is checked
 * by the handler (group claim), since API Gateway's JWT authorizer cannot test group membership.
 */
export class ApiStack extends Stack {
  readonly httpApi: HttpApi;
  /** Host name of the API's default endpoint, for CloudFront's `/api/*` origin. */
  readonly apiDomainName: string;
  /**
   * The header value CloudFront adds to every request it sends to the API (web-stack.ts); every area
   * refuses a request without it, so the execute-api endpoint cannot be called around CloudFront
   * with a client IP of the caller's choosing (docs/security.md "Abuse limits").
   */
  readonly originSecret: Secret;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);

    this.httpApi = new HttpApi(this, 'HttpApi', {
      apiName: stageResourceName('upwatch-api', props.stage),
      description: 'Upwatch /api, served to browsers through the CloudFront distribution',
    });
    this.apiDomainName = `${this.httpApi.apiId}.execute-api.${this.region}.${this.urlSuffix}`;
    // Set on the stage the API already has, in place: a second `$default` stage cannot be created.
    const stage = this.httpApi.defaultStage!.node.defaultChild as CfnStage;
    stage.defaultRouteSettings = {
      throttlingRateLimit: API_THROTTLE.rateLimit,
      throttlingBurstLimit: API_THROTTLE.burstLimit,
    };
    // One JSON line per request (who, what, outcome, timings; no headers, so no tokens), kept as long
    // as the functions' own logs. API Gateway writes it through its service-linked role.
    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    stage.accessLogSettings = { destinationArn: accessLogs.logGroupArn, format: JSON.stringify(API_ACCESS_LOG_FORMAT) };

    // Cognito puts no `aud` in access tokens; API Gateway then checks `client_id` against the audience.
    const authorizer = new HttpJwtAuthorizer(
      'CognitoJwt',
      `https://cognito-idp.${this.region}.amazonaws.com/${props.userPool.userPoolId}`,
      { jwtAudience: [props.userPoolClient.userPoolClientId] },
    );

    const environment = {
      TABLE_NAME: props.table.tableName,
      USER_POOL_ID: props.userPool.userPoolId,
      USER_POOL_CLIENT_ID: props.userPoolClient.userPoolClientId,
      APP_URL: props.appUrl,
      MAIL_FROM: props.mailFrom,
      SUPPORT_EMAIL: props.supportEmail,
      ...props.pipeline.environment,
    };

    // Random, made once by CloudFormation; CloudFront sends it, the areas read it once per cold start.
    this.originSecret = new Secret(this, 'OriginSecret', {
      secretName: stageResourceName('upwatch-origin-secret', props.stage),
      description: 'Upwatch: the header CloudFront adds to every API request; the API refuses requests without it',
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
    });
    NagSuppressions.addResourceSuppressions(this.originSecret, [
      {
        id: 'AwsSolutions-SMG4',
        reason:
          "CloudFront's custom origin header is set at deployment, so an automatic rotation would refuse every request until the next deploy; it is changed by redeploying the Api and Web stacks with a new secret (docs/deploy.md).",
      },
    ]);

    const integrations = new Map<Area, HttpLambdaIntegration>();
    for (const area of areasInUse()) {
      const { function: fn } = new ApiFunction(this, areaId(area), {
        area,
        repoRoot: props.repoRoot,
        environment,
        alarmName: `${stageResourceName(`upwatch-api-${area}`, props.stage)} error rate`,
      });
      // Every area checks that a request came through CloudFront (functions/http/edge-origin.ts).
      grantSecretValue(fn, this.originSecret);
      fn.addEnvironment('ORIGIN_SECRET_ID', this.originSecret.secretArn);
      // One policy per area, from what the area declares (api-permissions.ts).
      const allowed = API_AREA_PERMISSIONS[area];
      grantTableAccess(fn, props.table, allowed.table);
      if (allowed.cognito.length) props.userPool.grant(fn, ...allowed.cognito.map((action) => `cognito-idp:${action}`));
      if (allowed.sendsMail) grantSendMail(fn, { mailFrom: props.mailFrom, configurationSetName: sesConfigurationSetName(props.stage) });
      if (allowed.startsChecks) {
        fn.addToRolePolicy(new PolicyStatement({ actions: ['sqs:SendMessage'], resources: props.pipeline.queueArns }));
      } else if (allowed.queuesDeliveries) {
        fn.addToRolePolicy(new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [props.pipeline.channelDeliveriesQueueArn] }));
      }
      if (allowed.queuesSubscriberNotices) {
        fn.addToRolePolicy(new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [props.pipeline.subscriberNoticesQueueArn] }));
      }
      const secretActions = [
        ...(allowed.sealsSecrets ? (['kms:GenerateDataKey'] as const) : []),
        ...(allowed.opensSecrets ? (['kms:Decrypt'] as const) : []),
      ];
      if (secretActions.length && props.secretsKey) {
        if (!allowed.secretsOf) throw new Error(`The ${area} area seals or opens secrets: say whose in secretsOf (api-permissions.ts)`);
        grantSecretsKey(fn, props.secretsKey, { actions: secretActions, owner: allowed.secretsOf });
      }
      if (allowed.publishesSms) grantPublishSms(fn);
      if (allowed.publishesLive) props.live?.grantPublish(fn);
      if (allowed.signsLinks && props.signingSecret) {
        grantSecretValue(fn, props.signingSecret);
        fn.addEnvironment('SIGNING_SECRET_ID', props.signingSecret.secretArn);
      }
      if (area === 'billing' && props.billing) this.wireBilling(fn, props.billing, props.stage);
      // Account erasure (auth: the user's own; admin: an operator's) cancels a live subscription at its provider.
      if ((area === 'auth' || area === 'admin') && props.billing) {
        grantSecretValue(fn, Secret.fromSecretNameV2(this, `${areaId(area)}BillingSecret`, props.billing.secretName));
        fn.addEnvironment('BILLING_SECRET_ID', props.billing.secretName);
      }
      integrations.set(area, new HttpLambdaIntegration(`${areaId(area)}Integration`, fn));
    }

    for (const route of ROUTES) {
      const httpRoute = new HttpRoute(this, `Route-${route.name}`, {
        httpApi: this.httpApi,
        routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
        integration: integrations.get(route.area)!,
        // A key route's caller is an API key, not a Cognito token (docs/api.md "Authentication").
        authorizer: route.access === 'user' || route.access === 'admin' ? authorizer : undefined,
      });
      if (route.access === 'public' || route.access === 'key') {
        const reason = route.access === 'public' ? publicRouteReason(route) : keyRouteReason(route);
        NagSuppressions.addResourceSuppressions(httpRoute, [{ id: 'AwsSolutions-APIG4', reason }]);
      }
    }
    // HTTP API routes match their method exactly: a HEAD that misses CloudFront's cache reaches a
    // GET-only route as a 404. The cached public pages get a HEAD twin, run as the GET without its
    // body by the area's Lambda (shared/api/head-requests.ts, docs/status-pages.md "HEAD requests").
    for (const route of headAnsweredRoutes()) {
      const headRoute = new HttpRoute(this, `Route-${route.name}-head`, {
        httpApi: this.httpApi,
        routeKey: HttpRouteKey.with(route.path, HttpMethod.HEAD),
        integration: integrations.get(route.area)!,
      });
      NagSuppressions.addResourceSuppressions(headRoute, [{ id: 'AwsSolutions-APIG4', reason: publicRouteReason(route) }]);
    }

    new CfnOutput(this, 'ApiEndpoint', { value: this.httpApi.apiEndpoint });
    new CfnOutput(this, 'StripeWebhookUrl', { value: `${props.appUrl}/api/payments/webhooks/stripe` });
    new CfnOutput(this, 'RazorpayWebhookUrl', { value: `${props.appUrl}/api/payments/webhooks/razorpay` });
  }

  /**
   * The billing Lambda: reads the provider secret once per cold start (functions/billing-config.ts),
   * and an alarm fires when a provider's webhook fails on our side (a 5xx: the handler logs
   * "Unhandled error in API handler" with the route), since a failed webhook means a payment or a
   * plan change waits for the provider's retry.
   */
  private wireBilling(fn: NodejsFunction, billing: NonNullable<ApiStackProps['billing']>, stage: string): void {
    grantSecretValue(fn, Secret.fromSecretNameV2(this, 'BillingSecret', billing.secretName));
    fn.addEnvironment('BILLING_SECRET_ID', billing.secretName);
    if (billing.allowedOrigins) fn.addEnvironment('ALLOWED_ORIGINS', billing.allowedOrigins);
    const metric = new MetricFilter(this, 'WebhookFailures', {
      logGroup: fn.logGroup,
      filterPattern: FilterPattern.literal('{ $.level = "error" && $.routeKey = "POST /api/payments/webhooks/*" }'),
      metricNamespace: 'Upwatch',
      metricName: stageResourceName('WebhookFailures', stage),
      metricValue: '1',
    }).metric({ statistic: 'Sum', period: Duration.minutes(5) });
    new Alarm(this, 'WebhookFailuresAlarm', {
      alarmName: `${stageResourceName('upwatch-payment-webhooks', stage)} failing`,
      alarmDescription:
        'A payment provider webhook failed with a 5xx (see the billing Lambda log, "Unhandled error in API handler"). ' +
        'The provider retries it; fix the cause so payments and plan changes are applied.',
      metric,
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
  }
}
