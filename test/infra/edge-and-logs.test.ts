import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { COUNTED_COMMON_RULES, EDGE_RATE_LIMITS, SENSITIVE_PATHS, STATUS_PAGE_PATHS } from '../../infra/constructs/edge-firewall.js';
import { ACCESS_LOG_RETENTION_DAYS } from '../../infra/stacks/web-stack.js';
import { buildTestApp, emptyTestApp } from './test-app.js';
import { readAppSettings } from '../../infra/bin/app-settings.js';

const CERTIFICATE = 'arn:aws:acm:us-east-1:111111111111:certificate/0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0';

const distributionConfig = (template: Template) =>
  Object.values(template.findResources('AWS::CloudFront::Distribution'))[0]!.Properties.DistributionConfig as Record<string, unknown>;

describe('access logs', () => {
  const app = buildTestApp();
  const web = Template.fromStack(app.web);

  it('keep CloudFront and site-bucket logs in a TLS-only bucket for a limited time', () => {
    const [logBucketId] = Object.keys(web.findResources('AWS::S3::Bucket', { Properties: { LifecycleConfiguration: Match.anyValue() } }));
    expect(logBucketId).toBeDefined();
    web.hasResourceProperties('AWS::S3::Bucket', {
      LifecycleConfiguration: { Rules: [{ ExpirationInDays: ACCESS_LOG_RETENTION_DAYS, Status: 'Enabled' }] },
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
    });
    web.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: logBucketId },
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) },
    });
    expect(distributionConfig(web).Logging).toEqual({ Bucket: { 'Fn::GetAtt': [logBucketId, 'RegionalDomainName'] }, Prefix: 'cloudfront/' });
    web.hasResourceProperties('AWS::S3::Bucket', { LoggingConfiguration: { DestinationBucketName: { Ref: logBucketId }, LogFilePrefix: 's3/site/' } });
  });

  it('log every API request as one JSON line', () => {
    const stage = Object.values(Template.fromStack(app.api).findResources('AWS::ApiGatewayV2::Stage'))[0]!.Properties;
    expect(JSON.parse(stage.AccessLogSettings.Format)).toMatchObject({ requestId: '$context.requestId', status: '$context.status' });
    expect(stage.AccessLogSettings.DestinationArn).toEqual({ 'Fn::GetAtt': [expect.stringMatching(/^AccessLogs/), 'Arn'] });
  });

  it("names each request by its route key, never the raw path a heartbeat's push secret is in", () => {
    const stage = Object.values(Template.fromStack(app.api).findResources('AWS::ApiGatewayV2::Stage'))[0]!.Properties;
    const format = stage.AccessLogSettings.Format as string;
    expect(JSON.parse(format)).toMatchObject({ routeKey: '$context.routeKey' });
    // $context.path and $context.resourcePath are the path as requested, secrets and all.
    expect(format).not.toMatch(/\$context\.(path|resourcePath)\b/);
  });
});

describe('the WAF in front of CloudFront', () => {
  it('is built in the web stack when the home region is us-east-1, with the rate rules and the common rules', () => {
    const { web, edge } = buildTestApp();
    expect(edge).toBeUndefined();
    const template = Template.fromStack(web);
    const [aclId, acl] = Object.entries(template.findResources('AWS::WAFv2::WebACL'))[0]!;
    expect(acl.Properties.Scope).toBe('CLOUDFRONT');
    const rules = acl.Properties.Rules as { Name: string; Statement: Record<string, Record<string, unknown>> }[];
    expect(rules.map((rule) => rule.Name)).toEqual(['sensitive-rate', 'all-rate', 'aws-common', 'status-page-rate']);
    expect(rules[0]!.Statement.RateBasedStatement).toMatchObject({ Limit: EDGE_RATE_LIMITS.sensitive, AggregateKeyType: 'IP' });
    expect(JSON.stringify(rules[0]!.Statement)).toContain(SENSITIVE_PATHS[0]);
    expect(rules[1]!.Statement.RateBasedStatement).toMatchObject({ Limit: EDGE_RATE_LIMITS.all });
    expect(rules[2]!.Statement.ManagedRuleGroupStatement).toMatchObject({
      Name: 'AWSManagedRulesCommonRuleSet',
      RuleActionOverrides: COUNTED_COMMON_RULES.map((name) => ({ Name: name, ActionToUse: { Count: {} } })),
    });
    expect(rules[3]!.Statement.RateBasedStatement).toMatchObject({ Limit: EDGE_RATE_LIMITS.statusPages, AggregateKeyType: 'IP' });
    for (const prefix of STATUS_PAGE_PATHS) expect(JSON.stringify(rules[3]!.Statement)).toContain(prefix);
    expect(distributionConfig(template).WebACLId).toEqual({ 'Fn::GetAtt': [aclId, 'Arn'] });
  });

  it('lives in an Edge stack in us-east-1 when the home region is elsewhere', () => {
    const { web, edge } = buildTestApp({ homeRegion: 'eu-west-1' });
    expect(edge?.region).toBe('us-east-1');
    Template.fromStack(edge!).resourceCountIs('AWS::WAFv2::WebACL', 1);
    const template = Template.fromStack(web);
    template.resourceCountIs('AWS::WAFv2::WebACL', 0);
    expect(JSON.stringify(distributionConfig(template).WebACLId)).toContain('FirewallWebAcl');
  });

  it('is left out with webFirewall=off', () => {
    const { web, edge } = buildTestApp({ webFirewall: 'off', homeRegion: 'eu-west-1' });
    expect(edge).toBeUndefined();
    Template.fromStack(web).resourceCountIs('AWS::WAFv2::WebACL', 0);
    expect(distributionConfig(Template.fromStack(web)).WebACLId).toBeUndefined();
  });
});

describe('viewer TLS', () => {
  it('needs TLS 1.2 (TLSv1.2_2021) on a domain of our own', () => {
    const { web } = buildTestApp({ webDomainName: 'upwatch.example', webCertificateArn: CERTIFICATE });
    const config = distributionConfig(Template.fromStack(web));
    expect(config.Aliases).toEqual(['upwatch.example']);
    expect(config.ViewerCertificate).toEqual({ AcmCertificateArn: CERTIFICATE, MinimumProtocolVersion: 'TLSv1.2_2021', SslSupportMethod: 'sni-only' });
  });

  it('refuses a domain without its certificate, or a certificate outside us-east-1', () => {
    expect(() => readAppSettings(emptyTestApp({ webDomainName: 'upwatch.example' }).node, {})).toThrow(/webDomainName and webCertificateArn go together/);
    expect(() =>
      readAppSettings(emptyTestApp({ webDomainName: 'upwatch.example', webCertificateArn: CERTIFICATE.replace('us-east-1', 'eu-west-1') }).node, {}),
    ).toThrow(/webCertificateArn: must be the ARN of an ACM certificate in us-east-1/);
  });
});

describe('Cognito threat protection', () => {
  const poolOf = (threatProtection?: string) =>
    Object.values(Template.fromStack(buildTestApp(threatProtection ? { threatProtection } : {}).auth).findResources('AWS::Cognito::UserPool'))[0]!
      .Properties;

  it('audits by default, on the Plus plan', () => {
    expect(poolOf()).toMatchObject({ UserPoolTier: 'PLUS', UserPoolAddOns: { AdvancedSecurityMode: 'AUDIT' } });
  });

  it('enforces, or stays on Essentials when off', () => {
    expect(poolOf('enforced')).toMatchObject({ UserPoolTier: 'PLUS', UserPoolAddOns: { AdvancedSecurityMode: 'ENFORCED' } });
    const off = poolOf('off');
    expect(off.UserPoolTier).toBe('ESSENTIALS');
    expect(off.UserPoolAddOns).toBeUndefined();
  });
});
