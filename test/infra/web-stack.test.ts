import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { CachePolicy, OriginRequestPolicy } from 'aws-cdk-lib/aws-cloudfront';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_IP_STAMP_CODE } from '../../infra/constructs/client-ip-stamp.js';
import { ORIGIN_SECRET_HEADER } from '../../shared/api/client-address.js';
import { spaFallbackCode } from '../../infra/constructs/spa-fallback.js';
import { BADGE_CACHE_QUERY, BADGE_CACHE_TTL, FRONTEND_DIST_MISSING, STATUS_PAGE_CACHE_TTL, UNCACHED_STATUS_PATH_PATTERNS } from '../../infra/stacks/web-stack.js';
import { ROUTES } from '../../shared/api/routes.js';
import { API_REFERENCE_PATHS, contentSecurityPolicy, RAZORPAY_CHECKOUT_URL } from '../../shared/web/content-security-policy.js';
import { API_SECURITY_HEADERS } from '../../shared/web/api-security-headers.js';
import { buildTestApp, scratchDir } from './test-app.js';

type Behavior = Record<string, unknown> & { PathPattern?: string };

// A build as frontend/build/build-web.ts leaves it: the landing page, one more prerendered page, the shell and the page list.
const fakeBuild = (): string => {
  const dir = scratchDir('dist-');
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"><h1>Landing</h1></div>');
  writeFileSync(path.join(dir, 'spa.html'), '<!doctype html><div id="root"></div>');
  mkdirSync(path.join(dir, 'pricing'));
  writeFileSync(path.join(dir, 'pricing', 'index.html'), '<!doctype html><div id="root"><h1>Pricing</h1></div>');
  writeFileSync(path.join(dir, 'prerendered-pages.json'), JSON.stringify({ origin: 'https://upwatch.example', pages: ['/', '/pricing'] }));
  return dir;
};

type ViewerRequest = (event: { request: { uri: string } }) => { uri: string };
const handlerOf = (code: string): ViewerRequest => new Function(`${code}; return handler;`)() as ViewerRequest;

describe('WebStack', () => {
  let template: Template;
  let config: { DefaultCacheBehavior: Behavior; CacheBehaviors: Behavior[]; [key: string]: unknown };
  beforeAll(() => {
    template = Template.fromStack(buildTestApp({}, { webDistDirectory: fakeBuild() }).web);
    const distribution = Object.values(template.findResources('AWS::CloudFront::Distribution'))[0];
    config = distribution?.Properties.DistributionConfig;
  });

  it('keeps the site bucket private and refuses plain http', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
    });
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  it('reads the bucket through Origin Access Control, serving index.html at the root', () => {
    template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultRootObject: 'index.html',
        Origins: Match.arrayWith([
          Match.objectLike({
            OriginAccessControlId: { 'Fn::GetAtt': [Match.anyValue(), 'Id'] },
            S3OriginConfig: { OriginAccessIdentity: '' },
          }),
        ]),
      }),
    });
  });

  it('serves index.html for client routes on the site behaviour only, never for API errors', () => {
    expect(config.DefaultCacheBehavior.FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [expect.stringMatching(/^SpaFallback/), 'FunctionARN'] } },
    ]);
    const api = config.CacheBehaviors.find((behavior) => behavior.PathPattern === '/api/*');
    expect(JSON.stringify(api?.FunctionAssociations)).not.toContain('SpaFallback');
    // Distribution-wide error responses would also rewrite the API's own 403 and 404 answers.
    expect(config.CustomErrorResponses).toBeUndefined();
  });

  it("stamps the viewer's IP on every /api/* request, over whatever the client sent", () => {
    const api = config.CacheBehaviors.find((behavior) => behavior.PathPattern === '/api/*');
    expect(api?.FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [expect.stringMatching(/^ClientIpStamp/), 'FunctionARN'] } },
    ]);
    const stamp = new Function(`${CLIENT_IP_STAMP_CODE}; return handler;`)() as (event: unknown) => { headers: Record<string, { value: string }> };
    const request = stamp({ viewer: { ip: '198.51.100.4' }, request: { headers: { 'x-upwatch-client-ip': { value: '10.0.0.1' } } } });
    expect(request.headers['x-upwatch-client-ip']).toEqual({ value: '198.51.100.4' });
  });

  it("adds the API's origin secret to every request CloudFront sends to the API, read from Secrets Manager at deploy", () => {
    const origins = config.Origins as { Id: string; DomainName: unknown; OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[] }[];
    const apiOrigins = origins.filter((origin) => JSON.stringify(origin.DomainName).includes('.execute-api.'));
    expect(apiOrigins.length).toBeGreaterThan(0);
    // Every behaviour that reaches the API (/api/*, status pages, badges) uses an origin with the header.
    const apiBehaviours = config.CacheBehaviors.filter((behavior) => apiOrigins.some((origin) => origin.Id === behavior.TargetOriginId));
    expect(apiBehaviours.map((behavior) => behavior.PathPattern)).toContain('/api/*');
    for (const origin of apiOrigins) {
      const header = origin.OriginCustomHeaders?.find((custom) => custom.HeaderName === ORIGIN_SECRET_HEADER);
      const value = JSON.stringify(header?.HeaderValue);
      expect(value).toContain('{{resolve:secretsmanager:');
      expect(value).toContain('OriginSecret');
    }
  });

  it('sends the strict Content-Security-Policy with every site response: no inline script, only the checkout origin and the live socket', () => {
    // The status pages have a policy of their own (below): they send their own CSP.
    const policies = Object.entries(template.findResources('AWS::CloudFront::ResponseHeadersPolicy')).filter(([id]) => id.startsWith('SecurityHeaders'));
    expect(policies).toHaveLength(1);
    const headers = policies[0]![1].Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    const csp = headers.ContentSecurityPolicy.ContentSecurityPolicy as string;
    expect(csp).toBe(
      contentSecurityPolicy({
        razorpayCheckoutUrl: RAZORPAY_CHECKOUT_URL,
        cognitoEndpoint: 'https://cognito-idp.us-east-1.amazonaws.com',
        liveSocketUrl: 'wss://*.execute-api.us-east-1.amazonaws.com',
      }),
    );
    expect(csp).not.toContain('unsafe-inline');
    expect(headers.StrictTransportSecurity).toMatchObject({ AccessControlMaxAgeSec: 31536000, IncludeSubdomains: true });
    expect(config.DefaultCacheBehavior.ResponseHeadersPolicyId).toEqual({ Ref: expect.stringMatching(/^SecurityHeaders/) });
  });

  it('serves the API reference as the site, with inline styles allowed there only (Scalar), inline script still refused', () => {
    const references = Object.entries(template.findResources('AWS::CloudFront::ResponseHeadersPolicy')).filter(([id]) => id.startsWith('ApiReferenceHeaders'));
    expect(references).toHaveLength(1);
    const csp = references[0]![1].Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy as string;
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("script-src 'self' https://checkout.razorpay.com;");
    for (const pattern of API_REFERENCE_PATHS) {
      const behavior = (config.CacheBehaviors as { PathPattern: string; ResponseHeadersPolicyId: unknown; FunctionAssociations: unknown; TargetOriginId: string }[]).find(
        (candidate) => candidate.PathPattern === pattern,
      );
      expect(behavior?.ResponseHeadersPolicyId).toEqual({ Ref: expect.stringMatching(/^ApiReferenceHeaders/) });
      expect(behavior?.TargetOriginId).toBe(config.DefaultCacheBehavior.TargetOriginId);
      expect(behavior?.FunctionAssociations).toEqual(config.DefaultCacheBehavior.FunctionAssociations);
    }
  });

  it('sends no X-XSS-Protection anywhere, and HSTS plus the API headers on every /api/* answer', () => {
    const policies = Object.values(template.findResources('AWS::CloudFront::ResponseHeadersPolicy'));
    expect(policies.length).toBeGreaterThan(0);
    for (const policy of policies) expect(policy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.XSSProtection).toBeUndefined();
    const api = config.CacheBehaviors.find((behavior) => behavior.PathPattern === '/api/*');
    expect(api?.ResponseHeadersPolicyId).toEqual({ Ref: expect.stringMatching(/^ApiHeaders/) });
    const apiPolicy = Object.entries(template.findResources('AWS::CloudFront::ResponseHeadersPolicy')).find(([id]) => id.startsWith('ApiHeaders'));
    expect(apiPolicy?.[1].Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig).toEqual({
      // An answer that sets its own policy or referrer rule keeps it; HSTS, nosniff and DENY always.
      ContentSecurityPolicy: { ContentSecurityPolicy: API_SECURITY_HEADERS['content-security-policy'], Override: false },
      ContentTypeOptions: { Override: true },
      FrameOptions: { FrameOption: 'DENY', Override: true },
      ReferrerPolicy: { ReferrerPolicy: 'no-referrer', Override: false },
      StrictTransportSecurity: { AccessControlMaxAgeSec: 31536000, IncludeSubdomains: true, Override: true },
    });
  });

  it("answers the build's prerendered pages from their own HTML, client routes from the shell, and leaves files alone", () => {
    const functions = Object.values(template.findResources('AWS::CloudFront::Function'));
    const code = functions.map((resource) => resource.Properties.FunctionCode as string).find((text) => text.includes('PAGES'));
    const uriFor = (uri: string) => handlerOf(code!)({ request: { uri } }).uri;
    expect(uriFor('/')).toBe('/index.html');
    expect(uriFor('/pricing')).toBe('/pricing/index.html');
    expect(uriFor('/pricing/')).toBe('/pricing/index.html');
    expect(uriFor('/app/monitors/01J0000000000000000000000')).toBe('/spa.html');
    expect(uriFor('/verify-email')).toBe('/spa.html');
    expect(uriFor('/login')).toBe('/spa.html');
    expect(uriFor('/assets/index-3f2a.js')).toBe('/assets/index-3f2a.js');
    expect(uriFor('/config.json')).toBe('/config.json');
    // Search engines get the files themselves, not the SPA (no error response turns their absence into HTML either).
    expect(uriFor('/robots.txt')).toBe('/robots.txt');
    expect(uriFor('/sitemap.xml')).toBe('/sitemap.xml');
  });

  it('answers every client route with index.html for a build without prerendered pages', () => {
    const uriFor = (uri: string) => handlerOf(spaFallbackCode([]))({ request: { uri } }).uri;
    expect(uriFor('/')).toBe('/index.html');
    expect(uriFor('/pricing')).toBe('/index.html');
    expect(uriFor('/monitors/01J0000000000000000000000')).toBe('/index.html');
    expect(uriFor('/assets/index-3f2a.js')).toBe('/assets/index-3f2a.js');
  });

  it('passes /api/* to the HTTP API uncached, with every method and every viewer header but Host', () => {
    const api = config.CacheBehaviors.find((behavior) => behavior.PathPattern === '/api/*');
    expect(api).toMatchObject({
      CachePolicyId: CachePolicy.CACHING_DISABLED.cachePolicyId,
      OriginRequestPolicyId: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId,
      AllowedMethods: expect.arrayContaining(['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE']),
      ViewerProtocolPolicy: 'https-only',
    });
    const origins = config.Origins as { Id: string; DomainName: unknown }[];
    const apiOrigin = origins.find((origin) => origin.Id === api?.TargetOriginId);
    expect(JSON.stringify(apiOrigin?.DomainName)).toContain('.execute-api.us-east-1.');
  });

  it('sends the public status pages, HTML and JSON, to the API and caches them as briefly as they say', () => {
    const api = config.CacheBehaviors.find((behavior) => behavior.PathPattern === '/api/*');
    const html = config.CacheBehaviors.find((behavior) => behavior.PathPattern === '/status/*');
    const json = config.CacheBehaviors.find((behavior) => behavior.PathPattern === '/api/public/status/*');
    // The more specific pattern must come before /api/*: CloudFront takes the first that matches.
    const patterns = config.CacheBehaviors.map((behavior) => behavior.PathPattern);
    expect(patterns.indexOf('/api/public/status/*')).toBeLessThan(patterns.indexOf('/api/*'));
    for (const behavior of [html, json]) {
      expect(behavior?.TargetOriginId).toBe(api?.TargetOriginId);
      expect(JSON.stringify(behavior?.FunctionAssociations)).not.toContain('SpaFallback');
      expect(behavior?.CachePolicyId).toEqual({ Ref: expect.stringMatching(/^StatusPageCache/) });
      expect(behavior?.ResponseHeadersPolicyId).toEqual({ Ref: expect.stringMatching(/^StatusPageHeaders/) });
    }
    expect(html).toMatchObject({ ViewerProtocolPolicy: 'redirect-to-https', AllowedMethods: ['GET', 'HEAD'] });
    expect(json).toMatchObject({ ViewerProtocolPolicy: 'https-only' });
    template.hasResourceProperties('AWS::CloudFront::CachePolicy', {
      CachePolicyConfig: Match.objectLike({
        DefaultTTL: STATUS_PAGE_CACHE_TTL.defaultSeconds,
        MaxTTL: STATUS_PAGE_CACHE_TTL.maxSeconds,
        MinTTL: 0,
        ParametersInCacheKeyAndForwardedToOrigin: Match.objectLike({
          HeadersConfig: { HeaderBehavior: 'none' },
          QueryStringsConfig: { QueryStringBehavior: 'none' },
          CookiesConfig: { CookieBehavior: 'none' },
          EnableAcceptEncodingGzip: true,
        }),
      }),
    });
    // The page sends its own Content-Security-Policy (its inline blocks by hash): the edge must not replace it.
    const statusHeaders = Object.entries(template.findResources('AWS::CloudFront::ResponseHeadersPolicy')).find(([id]) => id.startsWith('StatusPageHeaders'));
    expect(statusHeaders?.[1].Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy).toBeUndefined();
    expect(statusHeaders?.[1].Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.StrictTransportSecurity).toBeDefined();
  });

  it("forwards a private page's access cookie to the API without putting it in the cache key, and never caches its sign-in", () => {
    const patterns = config.CacheBehaviors.map((behavior) => behavior.PathPattern);
    for (const pattern of ['/status/*', '/api/public/status/*', '/status/*/access']) {
      const behavior = config.CacheBehaviors.find((candidate) => candidate.PathPattern === pattern);
      // Every viewer cookie goes to the origin (API Gateway hands them to the function as event.cookies).
      expect(behavior?.OriginRequestPolicyId).toBe(OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId);
    }
    // The pages' cache key has no cookie (the cache policy's CookieBehavior 'none' is checked above).
    expect(patterns).toContain('/status/*/access');
  });

  it("sends a visitor's own routes under a page (sign-in, subscribing) to the API uncached, before /status/*, with every method", () => {
    const api = config.CacheBehaviors.find((behavior) => behavior.PathPattern === '/api/*');
    const patterns = config.CacheBehaviors.map((behavior) => behavior.PathPattern);
    const routes = ROUTES.filter((route) => route.area === 'status' && route.path.startsWith('/status/{slug}/') && !route.path.includes('/feed.'));
    expect(routes.length).toBeGreaterThan(0);
    for (const route of routes) {
      const pattern = UNCACHED_STATUS_PATH_PATTERNS.find((candidate) => new RegExp(`^${candidate.replace(/\*/g, '[^/]+')}$`).test(route.path.replace('{slug}', 'acme')));
      expect(pattern, route.path).toBeDefined();
      const behavior = config.CacheBehaviors.find((candidate) => candidate.PathPattern === pattern);
      expect(behavior?.TargetOriginId).toBe(api?.TargetOriginId);
      expect(behavior?.CachePolicyId).toBe(CachePolicy.CACHING_DISABLED.cachePolicyId);
      expect(behavior?.AllowedMethods).toEqual(expect.arrayContaining(['GET', 'POST']));
      expect(patterns.indexOf(pattern!)).toBeLessThan(patterns.indexOf('/status/*'));
    }
  });

  it('caches monitor badges at the edge, keyed by the query parameters that change the picture', () => {
    const api = config.CacheBehaviors.find((behavior) => behavior.PathPattern === '/api/*');
    const badges = config.CacheBehaviors.find((behavior) => behavior.PathPattern === '/api/public/badges/*');
    const patterns = config.CacheBehaviors.map((behavior) => behavior.PathPattern);
    expect(patterns.indexOf('/api/public/badges/*')).toBeLessThan(patterns.indexOf('/api/*'));
    expect(badges?.TargetOriginId).toBe(api?.TargetOriginId);
    expect(badges?.CachePolicyId).toEqual({ Ref: expect.stringMatching(/^BadgeCache/) });
    expect(badges).toMatchObject({ AllowedMethods: ['GET', 'HEAD'] });
    template.hasResourceProperties('AWS::CloudFront::CachePolicy', {
      CachePolicyConfig: Match.objectLike({
        DefaultTTL: BADGE_CACHE_TTL.defaultSeconds,
        MaxTTL: BADGE_CACHE_TTL.maxSeconds,
        ParametersInCacheKeyAndForwardedToOrigin: Match.objectLike({
          QueryStringsConfig: { QueryStringBehavior: 'whitelist', QueryStrings: [...BADGE_CACHE_QUERY] },
          CookiesConfig: { CookieBehavior: 'none' },
        }),
      }),
    });
  });

  it('uploads the SPA build together with config.json and invalidates the cache', () => {
    template.hasResourceProperties('Custom::CDKBucketDeployment', {
      SourceObjectKeys: Match.arrayEquals([Match.anyValue(), Match.anyValue()]),
      Prune: true,
      DistributionPaths: ['/*'],
    });
  });

  it('writes config.json from the user pool and its web client', () => {
    const deployment = Object.values(template.findResources('Custom::CDKBucketDeployment'))[0];
    const markers = JSON.stringify(deployment?.Properties.SourceMarkers);
    expect(markers).toMatch(/UserPool/);
    expect(markers).toMatch(/WebClient/);
  });

  it('without a build, warns and uploads only config.json, keeping the site already there', () => {
    const web = buildTestApp({}, { webDistDirectory: path.join(scratchDir('no-build-'), 'dist') }).web;
    Annotations.fromStack(web).hasWarning('*', Match.stringLikeRegexp(FRONTEND_DIST_MISSING));
    Template.fromStack(web).hasResourceProperties('Custom::CDKBucketDeployment', {
      SourceObjectKeys: Match.arrayEquals([Match.anyValue()]),
      Prune: false,
    });
  });

  it('warns when the build was made for another origin than appUrl (its canonical links and sitemap would point there)', () => {
    const other = buildTestApp({}, { webDistDirectory: fakeBuild(), appUrl: 'https://status.example.org' }).web;
    Annotations.fromStack(other).hasWarning('*', Match.stringLikeRegexp('built for https://upwatch.example'));
    const same = buildTestApp({}, { webDistDirectory: fakeBuild(), appUrl: 'https://upwatch.example' }).web;
    expect(Annotations.fromStack(same).findWarning('*', Match.stringLikeRegexp('built for'))).toEqual([]);
  });
});
