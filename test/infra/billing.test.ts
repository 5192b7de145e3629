import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { routesOfArea } from '../../shared/api/routes.js';
import { buildTestApp } from './test-app.js';

type Resource = { Properties: Record<string, unknown> };

/** Billing's infrastructure (docs/billing.md): public webhook routes, the billing secret, the webhook alarm, the period-end schedule. */
describe('billing infrastructure', () => {
  const context = { appUrl: 'https://upwatch.example', mailFrom: 'alerts@upwatch.example', stage: 'prod', allowedOrigins: 'https://d1.cloudfront.net' };
  let api: Template;
  let home: Template;
  beforeAll(() => {
    const app = buildTestApp(context);
    api = Template.fromStack(app.api);
    home = Template.fromStack(app.checksHome);
  });

  it('serves the webhooks without the JWT authorizer and every other billing route with it', () => {
    const routes = Object.values(api.findResources('AWS::ApiGatewayV2::Route') as Record<string, Resource>);
    for (const route of routesOfArea('billing')) {
      const found = routes.find((candidate) => candidate.Properties.RouteKey === `${route.method} ${route.path}`);
      expect(found, route.path).toBeDefined();
      if (route.path.startsWith('/api/payments/webhooks/')) {
        expect(found!.Properties.AuthorizationType ?? 'NONE').toBe('NONE');
        expect(found!.Properties.AuthorizerId).toBeUndefined();
      } else {
        expect(found!.Properties.AuthorizationType).toBe('JWT');
      }
    }
  });

  it('gives the billing Lambda the secret name, read rights on it and the extra origins; no keys in the template', () => {
    const billing = api.findResources('AWS::Lambda::Function', {
      Properties: { Description: Match.stringLikeRegexp('billing area') },
    }) as Record<string, Resource>;
    const [fn] = Object.values(billing);
    expect(fn).toBeDefined();
    const variables = (fn!.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(variables).toMatchObject({ BILLING_SECRET_ID: 'upwatch/prod/billing', ALLOWED_ORIGINS: 'https://d1.cloudfront.net' });
    expect(JSON.stringify(api.toJSON())).not.toMatch(/STRIPE_SECRET_KEY|RAZORPAY_KEY_SECRET/);
    const policies = JSON.stringify(api.findResources('AWS::IAM::Policy'));
    expect(policies).toMatch(/secretsmanager:GetSecretValue/);
    expect(policies).toMatch(/secret:upwatch\/prod\/billing/);
  });

  it('gives the auth and admin Lambdas the secret too: an account erasure cancels a live subscription', () => {
    for (const area of ['auth', 'admin']) {
      const found = Object.values(
        api.findResources('AWS::Lambda::Function', { Properties: { Description: Match.stringLikeRegexp(`${area} area`) } }) as Record<string, Resource>,
      );
      expect(found.length).toBeGreaterThan(0);
      const variables = (found[0]!.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(variables).toMatchObject({ BILLING_SECRET_ID: 'upwatch/prod/billing' });
    }
  });

  it('alarms on failed webhooks from a metric of the billing log', () => {
    api.hasResourceProperties('AWS::Logs::MetricFilter', {
      FilterPattern: Match.stringLikeRegexp('/api/payments/webhooks/'),
      MetricTransformations: [Match.objectLike({ MetricNamespace: 'Upwatch', MetricValue: '1' })],
    });
    api.hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmName: Match.stringLikeRegexp('payment-webhooks'),
      Threshold: 1,
      TreatMissingData: 'notBreaching',
      AlarmActions: Match.anyValue(),
    });
  });

  it('runs the period-end backstop every 15 minutes with the secret, mail and the table', () => {
    home.hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: 'rate(15 minutes)',
      Description: Match.stringLikeRegexp('billing-period-end'),
    });
    const fns = home.findResources('AWS::Lambda::Function', {
      Properties: { Description: Match.stringLikeRegexp('billing-period-end') },
    }) as Record<string, Resource>;
    const [fn] = Object.values(fns);
    const variables = (fn!.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(Object.keys(variables)).toEqual(expect.arrayContaining(['BILLING_SECRET_ID', 'TABLE_NAME', 'MAIL_FROM', 'APP_URL']));
  });
});
