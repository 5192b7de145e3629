import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { areasInUse, ROUTES, routeKey } from '../../shared/api/routes.js';
import { headAnsweredRoutes, headRouteKey } from '../../shared/api/head-requests.js';
import { API_GATEWAY_TIMEOUT_SECONDS, FORCE_CHECK_WAIT_MS } from '../../shared/api/time-limits.js';
import { API_THROTTLE } from '../../infra/stacks/api-stack.js';
import { buildTestApp } from './test-app.js';
import { LAMBDA_RUNTIME } from '../../infra/constructs/node-lambda.js';

type Resource = { Properties: Record<string, unknown> };

describe('ApiStack', () => {
  const appUrl = 'https://upwatch.example';
  const mailFrom = 'alerts@upwatch.example';
  let template: Template;
  let routes: Record<string, Resource>;
  let functions: Record<string, Resource>;
  beforeAll(() => {
    template = Template.fromStack(buildTestApp({ appUrl, mailFrom }).api);
    routes = template.findResources('AWS::ApiGatewayV2::Route') as Record<string, Resource>;
    functions = template.findResources('AWS::Lambda::Function', {
      Properties: { Description: Match.stringLikeRegexp('^Upwatch API') },
    }) as Record<string, Resource>;
  });

  const routeFor = (key: string) => Object.values(routes).find((route) => route.Properties.RouteKey === key);

  it('makes one Lambda per area in use: the one runtime (LAMBDA_RUNTIME) on ARM64', () => {
    expect(Object.keys(functions)).toHaveLength(areasInUse().length);
    for (const fn of Object.values(functions)) {
      expect(fn.Properties).toMatchObject({ Runtime: LAMBDA_RUNTIME.name, Architectures: ['arm64'], Handler: 'index.handler' });
    }
  });

  it('gives every area the origin secret to check (a generated Secrets Manager secret) and lets it read that secret only', () => {
    const secrets = template.findResources('AWS::SecretsManager::Secret');
    const [secretId, secret] = Object.entries(secrets).find(([id]) => id.startsWith('OriginSecret')) ?? [];
    expect(secret?.Properties.GenerateSecretString).toMatchObject({ ExcludePunctuation: true, PasswordLength: 48 });
    for (const fn of Object.values(functions)) {
      expect((fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables.ORIGIN_SECRET_ID).toEqual({ Ref: secretId });
      const roleId = (fn.Properties.Role as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0];
      const policies = Object.values(template.findResources('AWS::IAM::Policy') as Record<string, Resource>).filter((policy) =>
        (policy.Properties.Roles as { Ref: string }[]).some((role) => role.Ref === roleId),
      );
      const reads = policies
        .flatMap((policy) => (policy.Properties.PolicyDocument as { Statement: unknown }).Statement as { Action: string | string[]; Resource: unknown }[])
        .filter((statement) => [statement.Action].flat().includes('secretsmanager:GetSecretValue'));
      expect(reads.map((statement) => statement.Resource)).toContainEqual({ Ref: secretId });
    }
  });

  it('throttles the whole stage, so no client mix can take more than the ceiling', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      DefaultRouteSettings: { ThrottlingRateLimit: API_THROTTLE.rateLimit, ThrottlingBurstLimit: API_THROTTLE.burstLimit },
    });
  });

  it("gives every API function time to finish force check's wait, and gives up before API Gateway does", () => {
    for (const fn of Object.values(functions)) {
      const timeout = fn.Properties.Timeout as number;
      // A Lambda killed mid-wait would keep the force-check lock for minutes.
      expect(timeout).toBeGreaterThanOrEqual(FORCE_CHECK_WAIT_MS / 1000 + 3);
      expect(timeout).toBeLessThan(API_GATEWAY_TIMEOUT_SECONDS);
    }
    for (const integration of Object.values(template.findResources('AWS::ApiGatewayV2::Integration'))) {
      const ms = (integration.Properties.TimeoutInMillis as number | undefined) ?? API_GATEWAY_TIMEOUT_SECONDS * 1000;
      expect(ms).toBe(API_GATEWAY_TIMEOUT_SECONDS * 1000);
    }
  });

  it('lets the API start check rounds (force check): pipeline queue URLs and SendMessage on them', () => {
    const app = buildTestApp({ appUrl, mailFrom });
    for (const fn of Object.values(functions)) {
      const variables = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(Object.keys(variables)).toEqual(expect.arrayContaining(['CHECK_QUEUE_URLS', 'RESULTS_QUEUE_URL', 'ALERTS_QUEUE_URL']));
      expect(Object.keys(JSON.parse(String(variables.CHECK_QUEUE_URLS)))).toEqual(app.checkers.map((stack) => stack.region));
    }
    const policies = template.findResources('AWS::IAM::Policy');
    const sendsToCheckQueues = Object.values(policies).some((policy) =>
      JSON.stringify(policy).match(/"sqs:SendMessage".*upwatch-checks-eu-west-1/),
    );
    expect(sendsToCheckQueues).toBe(true);
  });

  it('makes exactly one HTTP route per row of ROUTES, with its route key, and a HEAD twin of each cached public page', () => {
    const heads = headAnsweredRoutes();
    expect(heads.map((route) => route.name)).toEqual(expect.arrayContaining(['renderStatusPage', 'getPublicStatusPage', 'getStatusFeedAtom', 'getStatusBadge']));
    expect(heads.map((route) => route.name)).not.toContain('heartbeatPingGet');
    expect(Object.keys(routes)).toHaveLength(ROUTES.length + heads.length);
    expect(Object.values(routes).map((route) => route.Properties.RouteKey).sort()).toEqual(
      [...ROUTES.map(routeKey), ...heads.map(headRouteKey)].sort(),
    );
    for (const route of heads) {
      expect(routeFor(headRouteKey(route))?.Properties.AuthorizationType ?? 'NONE').toBe('NONE');
      expect(JSON.stringify(routeFor(headRouteKey(route))?.Properties.Target)).toBe(JSON.stringify(routeFor(routeKey(route))?.Properties.Target));
    }
  });

  it('puts the JWT authorizer on every user and admin route and none on public or API-key routes', () => {
    expect(ROUTES.some((route) => route.access === 'key')).toBe(true);
    for (const route of ROUTES) {
      const properties = routeFor(routeKey(route))?.Properties;
      if (route.access === 'public' || route.access === 'key') {
        expect(properties?.AuthorizationType ?? 'NONE', routeKey(route)).toBe('NONE');
        expect(properties?.AuthorizerId, routeKey(route)).toBeUndefined();
      } else {
        expect(properties?.AuthorizationType, routeKey(route)).toBe('JWT');
        expect(properties?.AuthorizerId, routeKey(route)).toBeDefined();
      }
    }
  });

  it('sends each route to the Lambda of its area', () => {
    const integrations = template.findResources('AWS::ApiGatewayV2::Integration') as Record<string, Resource>;
    for (const route of ROUTES) {
      const target = JSON.stringify(routeFor(routeKey(route))?.Properties.Target);
      const integrationId = Object.keys(integrations).find((id) => target.includes(`"${id}"`));
      const uri = JSON.stringify(integrations[integrationId ?? '']?.Properties.IntegrationUri);
      const functionId = Object.keys(functions).find((id) => uri.includes(`"${id}"`));
      expect(functions[functionId ?? '']?.Properties.Description, routeKey(route)).toContain(` ${route.area} area`);
    }
  });

  it('trusts tokens issued by the user pool for the web client', () => {
    const authorizer = Object.values(template.findResources('AWS::ApiGatewayV2::Authorizer'))[0];
    expect(authorizer?.Properties).toMatchObject({
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
    });
    const jwt = JSON.stringify(authorizer?.Properties.JwtConfiguration);
    expect(jwt).toContain('https://cognito-idp.us-east-1.amazonaws.com/');
    expect(jwt).toMatch(/ExportsOutputRefUserPool[0-9A-F]+"/);
    expect(jwt).toMatch(/ExportsOutputRefUserPoolWebClient[0-9A-F]+"/);
  });

  it('gives every API Lambda the environment of docs/contracts.md', () => {
    for (const fn of Object.values(functions)) {
      const variables = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(Object.keys(variables)).toEqual(
        expect.arrayContaining(['TABLE_NAME', 'USER_POOL_ID', 'USER_POOL_CLIENT_ID', 'APP_URL', 'MAIL_FROM']),
      );
      expect(variables.APP_URL).toBe(appUrl);
      expect(variables.MAIL_FROM).toBe(mailFrom);
      // Unset: a support mailbox of its own, never the alert sender (docs/deploy.md).
      expect(variables.SUPPORT_EMAIL).toBe('support@example.com');
      expect(variables.SUPPORT_EMAIL).not.toBe(mailFrom);
    }
  });

  it('passes supportEmail to every API Lambda as SUPPORT_EMAIL when it is set', () => {
    const supportEmail = 'help@upwatch.example';
    const withSupport = Template.fromStack(buildTestApp({ appUrl, mailFrom, supportEmail }).api);
    const fns = Object.values(
      withSupport.findResources('AWS::Lambda::Function', { Properties: { Description: Match.stringLikeRegexp('^Upwatch API') } }),
    ) as Resource[];
    expect(fns).toHaveLength(areasInUse().length);
    for (const fn of fns) {
      expect((fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables.SUPPORT_EMAIL).toBe(supportEmail);
    }
  });

  it('lets the Lambdas use the table, administer the pool and send mail only as mailFrom', () => {
    const statements = JSON.stringify(template.findResources('AWS::IAM::Policy'));
    expect(statements).toContain('dynamodb:PutItem');
    expect(statements).toContain('dynamodb:Query');
    expect(statements).toContain('cognito-idp:AdminCreateUser');
    template.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: 'ses:SendEmail',
            Condition: { StringEquals: { 'ses:FromAddress': mailFrom } },
          }),
        ]),
      },
    });
  });

  it('lets only the areas that sign links read the signing secret, named by SIGNING_SECRET_ID', () => {
    const signing = Object.entries(functions).filter(([, fn]) => 'SIGNING_SECRET_ID' in (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables);
    expect(signing.map(([id]) => id.replace(/Function.*$/, ''))).toEqual([expect.stringMatching(/status/i)]);
    const policies = Object.values(template.findResources('AWS::IAM::Policy')) as Resource[];
    const reading = policies.filter((policy) => JSON.stringify(policy.Properties.PolicyDocument).includes('secretsmanager:GetSecretValue') && JSON.stringify(policy.Properties.PolicyDocument).includes('SigningSecret'));
    expect(reading).toHaveLength(1);
    expect(JSON.stringify(reading[0]!.Properties.Roles)).toMatch(/status/i);
  });

  it('warns at synth when appUrl is missing, since e-mail links would point at a placeholder', () => {
    const api = buildTestApp().api;
    Annotations.fromStack(api).hasWarning('*', Match.stringLikeRegexp('appUrl not set'));
  });
});
