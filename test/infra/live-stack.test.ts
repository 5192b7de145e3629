import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { LIVE_THROTTLE } from '../../infra/stacks/live-stack.js';
import { buildTestApp } from './test-app.js';

type Resource = { Properties: Record<string, unknown> };

/**
 * Live status on AWS (docs/live-status.md "Pushes"): a WebSocket API whose $connect is authorized
 * with the access token from the query string, the connection handler behind $connect and
 * $disconnect, one throttled and logged stage, and the endpoint handed to exactly the publishers.
 */
describe('LiveStack', () => {
  let app: ReturnType<typeof buildTestApp>;
  let live: Template;
  beforeAll(() => {
    app = buildTestApp();
    live = Template.fromStack(app.live);
  });

  it('is a WebSocket API with $connect behind the token authorizer and $disconnect, on one stage', () => {
    live.hasResourceProperties('AWS::ApiGatewayV2::Api', { ProtocolType: 'WEBSOCKET' });
    live.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'REQUEST',
      IdentitySource: ['route.request.querystring.token'],
    });
    const routes = Object.values(live.findResources('AWS::ApiGatewayV2::Route') as Record<string, Resource>).map((route) => route.Properties);
    expect(routes.map((route) => route.RouteKey).sort()).toEqual(['$connect', '$disconnect']);
    expect(routes.find((route) => route.RouteKey === '$connect')).toMatchObject({ AuthorizationType: 'CUSTOM' });
    live.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: 'live',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: LIVE_THROTTLE.rateLimit, ThrottlingBurstLimit: LIVE_THROTTLE.burstLimit },
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('connectionId') },
    });
  });

  it('runs the authorizer with the user pool and its client, and the connection handler with the table', () => {
    live.hasResourceProperties('AWS::Lambda::Function', {
      Description: Match.stringLikeRegexp('verifies the user pool'),
      Environment: { Variables: Match.objectLike({ USER_POOL_ID: Match.anyValue(), USER_POOL_CLIENT_ID: Match.anyValue() }) },
    });
    live.hasResourceProperties('AWS::Lambda::Function', {
      Description: Match.stringLikeRegexp('records and forgets'),
      Environment: { Variables: Match.objectLike({ TABLE_NAME: Match.anyValue() }) },
    });
  });

  it('gives the management endpoint to the publishers only: processor, period end, and the API areas that push', () => {
    const withEndpoint = (template: Template) =>
      Object.values(template.findResources('AWS::Lambda::Function') as Record<string, Resource>)
        .filter((fn) => (fn.Properties.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables?.LIVE_CONNECTIONS_ENDPOINT)
        .map((fn) => String(fn.Properties.Description));
    expect(withEndpoint(Template.fromStack(app.checksHome)).join('\n')).toMatch(/result|processor/i);
    expect(withEndpoint(Template.fromStack(app.checksHome))).toHaveLength(2);
    const areas = withEndpoint(Template.fromStack(app.api));
    expect(areas).toHaveLength(5);
    // The public API's monitor writes push to open screens as the SPA's do (docs/api.md).
    for (const area of ['public', 'monitors', 'insights', 'billing', 'v1']) expect(areas.join('\n')).toContain(area);
  });

  it('tells the SPA where the socket is, and lets it connect there', () => {
    const web = Template.fromStack(app.web).toJSON() as { Resources: Record<string, { Type: string; Properties: Record<string, unknown> }> };
    // config.json's values that are only known at deploy time travel as markers of the upload.
    const upload = Object.values(web.Resources).find((resource) => resource.Type === 'Custom::CDKBucketDeployment')!;
    expect(JSON.stringify(upload.Properties.SourceMarkers)).toMatch(/-Live:ExportsOutputRefSocketApi/);
    const headers = Object.values(web.Resources).find((resource) => resource.Type === 'AWS::CloudFront::ResponseHeadersPolicy')!;
    expect(JSON.stringify(headers.Properties)).toMatch(/connect-src [^;]*wss:\/\/\*\.execute-api\.[\w-]+\.amazonaws\.com/);
  });
});
