import { existsSync } from 'node:fs';
import { Annotations, CfnOutput, Duration, RemovalPolicy, Stack, type CfnElement, type StackProps } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  type BehaviorOptions,
  CacheCookieBehavior,
  CacheHeaderBehavior,
  CachePolicy,
  CacheQueryStringBehavior,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { NagSuppressions } from 'cdk-nag';
import type { Construct } from 'constructs';
import { EdgeFirewall } from '../constructs/edge-firewall.js';
import { ownLogStreamsArn } from '../constructs/node-lambda.js';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { CLIENT_IP_STAMP_CODE } from '../constructs/client-ip-stamp.js';
import { ORIGIN_SECRET_HEADER } from '../../shared/api/client-address.js';
import { prerenderedPagesOf, spaFallbackCode } from '../constructs/spa-fallback.js';
import { API_REFERENCE_PATHS, contentSecurityPolicy, RAZORPAY_CHECKOUT_URL } from '../../shared/web/content-security-policy.js';
import { API_SECURITY_HEADERS } from '../../shared/web/api-security-headers.js';

export interface WebStackProps extends StackProps {
  /** Host name of the HTTP API's endpoint; CloudFront forwards `/api/*` there. */
  readonly apiDomainName: string;
  /** The API's origin secret (api-stack.ts), sent as a custom origin header on every request to it. */
  readonly originSecret: ISecret;
  readonly userPool: IUserPool;
  readonly userPoolClient: IUserPoolClient;
  /** The Vite build (frontend/dist); uploaded only if it exists when the app is synthesised. */
  readonly webDistDirectory: string;
  /** Shown on the contact page. */
  readonly supportEmail: string;
  /** The live-status WebSocket API's URL (live-stack.ts), for /config.json (docs/live-status.md "Pushes"). */
  readonly liveSocketUrl?: string;
  /**
   * The app's public origin (the `appUrl` setting), when known: the build's canonical links and
   * sitemap.xml must point there (synth warns when the build was made for another origin).
   */
  readonly siteOrigin?: string;
  /** The app's own domain and its ACM certificate (us-east-1); absent: CloudFront's own domain. */
  readonly customDomain?: { domainName: string; certificateArn: string };
  /**
   * The WAF web ACL in front of CloudFront: built in this stack (it is in us-east-1) under this
   * name, another stack's (an EdgeStack's, when the home region is elsewhere), or none.
   */
  readonly firewall: { build: string } | { webAclArn: string } | 'off';
}

/**
 * The status page's routes that are one visitor's own (shared/api/routes.ts): a private page's
 * sign-in (its form and the mailed link, docs/status-pages.md "Private pages") and the subscriber
 * routes (subscribe, confirm, unsubscribe, "The subscriber pages"). Forms post to them and their
 * answers carry one visitor's token or access cookie, so they go to the API uncached, ahead of
 * `/status/*` (whose policy keys by path only and would share them).
 */
export const UNCACHED_STATUS_PATH_PATTERNS = [
  '/status/*/access',
  '/status/*/subscribe',
  '/status/*/subscription/confirm',
  '/status/*/unsubscribe',
] as const;

/**
 * How long CloudFront keeps a public status page (HTML and JSON) when its answer says nothing, and at
 * most: the page says `max-age=25, stale-while-revalidate=60` itself (docs/status-pages.md "Caching").
 */
export const STATUS_PAGE_CACHE_TTL = { defaultSeconds: 25, maxSeconds: 25 } as const;

/**
 * How long CloudFront keeps a monitor's badge: the badge says `max-age=60,
 * stale-while-revalidate=300` itself (docs/status-pages.md "Badges"); a README host's image proxy
 * and every visitor's browser then read the edge copy, not the Lambda.
 */
export const BADGE_CACHE_TTL = { defaultSeconds: 60, maxSeconds: 300 } as const;
/** The badge's query parameters that change the picture: the owner's label, and the app's `seen` that skips a stale copy. */
export const BADGE_CACHE_QUERY = ['label', 'seen'] as const;

/** Access logs of CloudFront and the site bucket are kept this long, then expire. */
export const ACCESS_LOG_RETENTION_DAYS = 90;

export const FRONTEND_DIST_MISSING = 'frontend/dist missing: run npm run build:web before deploy';

/**
 * The browser's one origin: CloudFront serves the SPA from a private bucket (reachable only through
 * Origin Access Control) and passes `/api/*` to the HTTP API, so the SPA calls the API same-origin
 * with no CORS. The SPA's runtime settings (docs/contracts.md, `/config.json`) are written into the
 * bucket next to the build.
 */
export class WebStack extends Stack {
  readonly bucket: Bucket;
  readonly logBucket: Bucket;
  readonly distribution: Distribution;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);

    // CloudFront's standard logs and the site bucket's server access logs. CloudFront delivers its
    // logs through an ACL grant, so the bucket keeps ACLs (its owner still owns every object).
    // Kept when the stack is deleted: logs outlive what they record (docs/deploy.md).
    this.logBucket = new Bucket(this, 'AccessLogs', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(ACCESS_LOG_RETENTION_DAYS) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.bucket = new Bucket(this, 'SiteBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      serverAccessLogsBucket: this.logBucket,
      serverAccessLogsPrefix: 's3/site/',
      // Only build output lives here; `npm run build:web` recreates all of it.
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });

    const prerendered = prerenderedPagesOf(props.webDistDirectory);
    if (props.siteOrigin && prerendered.origin && new URL(props.siteOrigin).origin !== prerendered.origin) {
      Annotations.of(this).addWarningV2(
        'upwatch:site-origin-mismatch',
        `frontend/dist was built for ${prerendered.origin}: its canonical links and sitemap.xml point there. Build with UPWATCH_APP_URL=${props.siteOrigin} npm run build:web.`,
      );
    }
    const spaFallback = new CloudFrontFunction(this, 'SpaFallback', {
      code: FunctionCode.fromInline(spaFallbackCode(prerendered.pages)),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Serves prerendered pages and the SPA shell for client-side routes',
    });

    const clientIpStamp = new CloudFrontFunction(this, 'ClientIpStamp', {
      code: FunctionCode.fromInline(CLIENT_IP_STAMP_CODE),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Tells the API the viewer IP (per-IP abuse limits)',
    });

    // AWS's SECURITY_HEADERS policy plus the app's Content-Security-Policy (docs/security.md "Browser").
    const siteHeaders = (id: string, comment: string, inlineStyles: boolean) =>
      new ResponseHeadersPolicy(this, id, {
        comment,
        securityHeadersBehavior: {
          contentSecurityPolicy: {
            contentSecurityPolicy: contentSecurityPolicy({
              razorpayCheckoutUrl: RAZORPAY_CHECKOUT_URL,
              cognitoEndpoint: `https://cognito-idp.${this.region}.amazonaws.com`,
              // The socket's API id is a deploy-time token; the region's execute-api hosts stand for it.
              ...(props.liveSocketUrl ? { liveSocketUrl: `wss://*.execute-api.${this.region}.amazonaws.com` } : {}),
              inlineStyles,
            }),
            override: true,
          },
          contentTypeOptions: { override: true },
          frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
          referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
          strictTransportSecurity: { accessControlMaxAge: Duration.days(365), includeSubdomains: true, override: true },
        },
      });
    const securityHeaders = siteHeaders('SecurityHeaders', 'Upwatch: strict CSP, no inline script; HSTS, nosniff, no framing', false);
    const apiReferenceHeaders = siteHeaders('ApiReferenceHeaders', 'Upwatch API reference: the site CSP plus inline styles (Scalar)', true);

    // /api/*: HSTS and the API's own headers (shared/web/api-security-headers.ts) on every answer,
    // the gateway's own refusals too; an answer that sets its own (a badge's CSP) keeps it.
    const apiHeaders = new ResponseHeadersPolicy(this, 'ApiHeaders', {
      comment: 'Upwatch API: HSTS, nosniff, no referrer, nothing runs or frames a JSON answer',
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: API_SECURITY_HEADERS['content-security-policy'], override: false },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.NO_REFERRER, override: false },
        strictTransportSecurity: { accessControlMaxAge: Duration.days(365), includeSubdomains: true, override: true },
      },
    });

    const webAclArn =
      props.firewall === 'off'
        ? undefined
        : 'build' in props.firewall
          ? new EdgeFirewall(this, 'Firewall', { name: props.firewall.build }).webAclArn
          : props.firewall.webAclArn;

    // The origin secret replaces any header of that name a viewer sent (docs/security.md "Abuse limits").
    const apiOrigin = new HttpOrigin(props.apiDomainName, {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      customHeaders: { [ORIGIN_SECRET_HEADER]: props.originSecret.secretValue.unsafeUnwrap() },
    });
    const statusPages = this.statusPageBehavior(apiOrigin, clientIpStamp);
    const badgeCache = new CachePolicy(this, 'BadgeCache', {
      comment: 'Upwatch monitor badges: as the origin says, up to 5 min; path, label and seen',
      defaultTtl: Duration.seconds(BADGE_CACHE_TTL.defaultSeconds),
      maxTtl: Duration.seconds(BADGE_CACHE_TTL.maxSeconds),
      minTtl: Duration.seconds(0),
      headerBehavior: CacheHeaderBehavior.none(),
      queryStringBehavior: CacheQueryStringBehavior.allowList(...BADGE_CACHE_QUERY),
      cookieBehavior: CacheCookieBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });

    const siteBehavior: BehaviorOptions = {
      origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      cachePolicy: CachePolicy.CACHING_OPTIMIZED,
      responseHeadersPolicy: securityHeaders,
      functionAssociations: [{ function: spaFallback, eventType: FunctionEventType.VIEWER_REQUEST }],
    };
    this.distribution = new Distribution(this, 'Distribution', {
      comment: `${this.stackName}: SPA and /api`,
      defaultRootObject: 'index.html',
      enableLogging: true,
      logBucket: this.logBucket,
      logFilePrefix: 'cloudfront/',
      webAclId: webAclArn,
      ...(props.customDomain
        ? {
            domainNames: [props.customDomain.domainName],
            certificate: Certificate.fromCertificateArn(this, 'Certificate', props.customDomain.certificateArn),
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      defaultBehavior: siteBehavior,
      additionalBehaviors: {
        // The API reference: the site, with its own Content-Security-Policy (shared/web/content-security-policy.ts).
        ...Object.fromEntries(API_REFERENCE_PATHS.map((pattern) => [pattern, { ...siteBehavior, responseHeadersPolicy: apiReferenceHeaders }])),
        // A visitor's own routes under a page (sign-in, subscribing): never cached, and before '/status/*', which would match them.
        ...Object.fromEntries(
          UNCACHED_STATUS_PATH_PATTERNS.map((pattern) => [
            pattern,
            { ...statusPages, cachePolicy: CachePolicy.CACHING_DISABLED, viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS, allowedMethods: AllowedMethods.ALLOW_ALL },
          ]),
        ),
        // The public status pages, read hardest during an outage: cached at the edge (docs/status-pages.md "Caching").
        '/status/*': { ...statusPages, viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS, allowedMethods: AllowedMethods.ALLOW_GET_HEAD },
        // Every method, as /api/* (a page's POST routes live under it too; CloudFront never caches those); https only, as /api/*.
        '/api/public/status/*': { ...statusPages, viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY, allowedMethods: AllowedMethods.ALLOW_ALL },
        // Monitors' badges, fetched by every README view: cached at the edge like the pages, keyed by the query that changes them.
        '/api/public/badges/*': {
          ...statusPages,
          cachePolicy: badgeCache,
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
        },
        '/api/*': {
          origin: apiOrigin,
          // A redirect would turn a POST into a GET; API calls must simply use https.
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          // Everything the API needs (Authorization, query, body) but Host, which must stay the API's own.
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: apiHeaders,
          functionAssociations: [{ function: clientIpStamp, eventType: FunctionEventType.VIEWER_REQUEST }],
        },
      },
    });

    const runtimeConfig = Source.jsonData('config.json', {
      apiUrl: '',
      region: this.region,
      userPoolId: props.userPool.userPoolId,
      userPoolClientId: props.userPoolClient.userPoolClientId,
      userPoolEndpoint: null,
      supportEmail: props.supportEmail,
      razorpayCheckoutUrl: 'https://checkout.razorpay.com/v1/checkout.js',
      ...(props.liveSocketUrl ? { liveSocketUrl: props.liveSocketUrl } : {}),
    });
    const hasBuild = existsSync(props.webDistDirectory);
    if (!hasBuild) Annotations.of(this).addWarningV2('upwatch:frontend-dist-missing', FRONTEND_DIST_MISSING);

    const upload = this.uploadRole();
    const deployment = new BucketDeployment(this, 'SiteDeployment', {
      destinationBucket: this.bucket,
      role: upload.role,
      logGroup: upload.logGroup,
      sources: hasBuild ? [Source.asset(props.webDistDirectory), runtimeConfig] : [runtimeConfig],
      // Without a build, upload only config.json and leave whatever site is already there.
      prune: hasBuild,
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
    });

    this.suppressFindings(deployment, upload.logGroup, props);

    new CfnOutput(this, 'WebUrl', { value: `https://${props.customDomain?.domainName ?? this.distribution.distributionDomainName}` });
    new CfnOutput(this, 'SiteBucketName', { value: this.bucket.bucketName });
    new CfnOutput(this, 'DistributionId', { value: this.distribution.distributionId });
  }

  /**
   * The public status pages' behaviour: the API renders them (not the SPA, so no fallback function),
   * CloudFront keeps each for the 30 s its answer allows, path only in the cache key, and a crowd
   * costs one origin request per page per 30 s. The page sends its own Content-Security-Policy (its
   * inline blocks by hash); the other security headers are added here as on the rest of the site.
   */
  private statusPageBehavior(origin: HttpOrigin, clientIpStamp: CloudFrontFunction): Omit<BehaviorOptions, 'viewerProtocolPolicy' | 'allowedMethods'> {
    const cachePolicy = new CachePolicy(this, 'StatusPageCache', {
      comment: 'Upwatch public status pages: up to 30 s, as the origin says; path only',
      defaultTtl: Duration.seconds(STATUS_PAGE_CACHE_TTL.defaultSeconds),
      maxTtl: Duration.seconds(STATUS_PAGE_CACHE_TTL.maxSeconds),
      minTtl: Duration.seconds(0),
      headerBehavior: CacheHeaderBehavior.none(),
      queryStringBehavior: CacheQueryStringBehavior.none(),
      cookieBehavior: CacheCookieBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    const headers = new ResponseHeadersPolicy(this, 'StatusPageHeaders', {
      comment: 'Upwatch status pages: their own CSP from the origin; HSTS, nosniff, no framing',
      securityHeadersBehavior: {
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
        strictTransportSecurity: { accessControlMaxAge: Duration.days(365), includeSubdomains: true, override: true },
      },
    });
    return {
      origin,
      cachePolicy,
      originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: headers,
      functionAssociations: [{ function: clientIpStamp, eventType: FunctionEventType.VIEWER_REQUEST }],
    };
  }

  /**
   * The site upload's Lambda (CDK's BucketDeployment) gets a log group and an execution role of its
   * own, like ours (node-lambda.ts): it may write log streams of that log group only.
   */
  private uploadRole(): { role: Role; logGroup: LogGroup } {
    const logGroup = new LogGroup(this, 'SiteDeploymentLogs', { retention: RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.DESTROY });
    const role = new Role(this, 'SiteDeploymentRole', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: 'Execution role of the SPA upload (CDK BucketDeployment)',
    });
    role.addToPolicy(new PolicyStatement({ actions: ['logs:CreateLogStream', 'logs:PutLogEvents'], resources: [ownLogStreamsArn(logGroup)] }));
    return { role, logGroup };
  }

  /** cdk-nag findings this stack answers with a reason instead of a change (docs/security.md). */
  private suppressFindings(deployment: BucketDeployment, uploadLogs: LogGroup, props: WebStackProps): void {
    const logGroupId = this.getLogicalId(uploadLogs.node.defaultChild as CfnElement);
    NagSuppressions.addResourceSuppressions(
      deployment.handlerRole,
      [
        {
          id: 'AwsSolutions-IAM5',
          reason:
            "CDK's BucketDeployment grants its upload Lambda these action groups on the site bucket and on this build's asset objects in the CDK bootstrap bucket (read the build, replace and prune the site), and CloudFront invalidation on `*` (the distribution is created after the grant); the Lambda runs only during a deployment.",
          appliesTo: [
            'Action::s3:GetObject*',
            'Action::s3:GetBucket*',
            'Action::s3:List*',
            'Action::s3:DeleteObject*',
            'Action::s3:Abort*',
            { regex: '/^Resource::<SiteBucket[0-9A-F]{8}\\.Arn>\\/\\*$/' },
            { regex: '/^Resource::arn:<AWS::Partition>:s3:::cdk-[a-z0-9]+-assets-[^/]+\\/\\*$/' },
            'Resource::*',
          ],
        },
        {
          id: 'AwsSolutions-IAM5',
          reason: 'Lambda names a log stream per execution environment at run time; the grant stops at the streams of the upload\'s own log group.',
          appliesTo: [{ regex: `/^Resource::arn:<AWS::Partition>:logs:[^:]+:[^:]+:log-group:<${logGroupId}>:\\*$/` }],
        },
      ],
      true,
    );
    // The upload Lambda itself is CDK's (a singleton at the stack's root), on the runtime CDK picks.
    const uploadFunction = this.node.children.find((child) => child.node.id.startsWith('Custom::CDKBucketDeployment'));
    if (uploadFunction) {
      NagSuppressions.addResourceSuppressions(uploadFunction, [
        {
          id: 'AwsSolutions-L1',
          reason: "The site upload is CDK's own Lambda (BucketDeployment); its runtime is chosen by aws-cdk-lib and moves with its upgrades.",
        },
      ]);
    }
    NagSuppressions.addResourceSuppressions(this.distribution, [
      {
        id: 'AwsSolutions-CFR1',
        reason: 'Upwatch serves site owners in every country (the product has no regional market); no geo restriction on purpose.',
      },
      ...(props.customDomain
        ? []
        : [
            {
              id: 'AwsSolutions-CFR4',
              reason:
                'Without webDomainName/webCertificateArn the distribution uses the *.cloudfront.net certificate, for which CloudFront fixes the minimum protocol itself; with a domain of your own viewers need TLSv1.2_2021 (docs/deploy.md).',
            },
          ]),
      ...(props.firewall === 'off'
        ? [
            {
              id: 'AwsSolutions-CFR2',
              reason: 'The WAF web ACL is switched off for this stage (webFirewall=off, docs/deploy.md); the API keeps its own per-IP limits and stage throttling.',
            },
          ]
        : []),
    ]);
  }
}
