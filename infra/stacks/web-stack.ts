import { existsSync } from 'node:fs';
import { Annotations, CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import {
  AllowedMethods,
  CachePolicy,
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
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { BlockPublicAccess, Bucket, BucketEncryption } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { CLIENT_IP_STAMP_CODE } from '../constructs/client-ip-stamp.js';
import { SPA_FALLBACK_CODE } from '../constructs/spa-fallback.js';
import { contentSecurityPolicy, RAZORPAY_CHECKOUT_URL } from '../../shared/web/content-security-policy.js';

export interface WebStackProps extends StackProps {
  /** Host name of the HTTP API's endpoint; CloudFront forwards `/api/*` there. */
  readonly apiDomainName: string;
  readonly userPool: IUserPool;
  readonly userPoolClient: IUserPoolClient;
  /** The Vite build (frontend/dist); uploaded only if it exists when the app is synthesised. */
  readonly webDistDirectory: string;
  /** Shown on the contact page. */
  readonly supportEmail: string;
}

export const FRONTEND_DIST_MISSING = 'frontend/dist missing: run npm run build:web before deploy';

/**
 * The browser's one origin: CloudFront serves the SPA from a private bucket (reachable only through
 * Origin Access Control) and passes `/api/*` to the HTTP API, so the SPA calls the API same-origin
 * with no CORS. The SPA's runtime settings (docs/contracts.md, `/config.json`) are written into the
 * bucket next to the build.
 */
export class WebStack extends Stack {
  readonly bucket: Bucket;
  readonly distribution: Distribution;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);

    this.bucket = new Bucket(this, 'SiteBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      // Only build output lives here; `npm run build:web` recreates all of it.
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });

    const spaFallback = new CloudFrontFunction(this, 'SpaFallback', {
      code: FunctionCode.fromInline(SPA_FALLBACK_CODE),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Serves index.html for client-side routes',
    });

    const clientIpStamp = new CloudFrontFunction(this, 'ClientIpStamp', {
      code: FunctionCode.fromInline(CLIENT_IP_STAMP_CODE),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Tells the API the viewer IP (per-IP abuse limits)',
    });

    // AWS's SECURITY_HEADERS policy plus the app's Content-Security-Policy (docs/security.md).
    const securityHeaders = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Upwatch: strict CSP, no inline script; HSTS, nosniff, no framing',
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          contentSecurityPolicy: contentSecurityPolicy({
            razorpayCheckoutUrl: RAZORPAY_CHECKOUT_URL,
            cognitoEndpoint: `https://cognito-idp.${this.region}.amazonaws.com`,
          }),
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
        strictTransportSecurity: { accessControlMaxAge: Duration.days(365), includeSubdomains: true, override: true },
        xssProtection: { protection: true, modeBlock: true, override: true },
      },
    });

    this.distribution = new Distribution(this, 'Distribution', {
      comment: `${this.stackName}: SPA and /api`,
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        functionAssociations: [{ function: spaFallback, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: new HttpOrigin(props.apiDomainName, { protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY }),
          // A redirect would turn a POST into a GET; API calls must simply use https.
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          // Everything the API needs (Authorization, query, body) but Host, which must stay the API's own.
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
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
    });
    const hasBuild = existsSync(props.webDistDirectory);
    if (!hasBuild) Annotations.of(this).addWarningV2('upwatch:frontend-dist-missing', FRONTEND_DIST_MISSING);

    new BucketDeployment(this, 'SiteDeployment', {
      destinationBucket: this.bucket,
      sources: hasBuild ? [Source.asset(props.webDistDirectory), runtimeConfig] : [runtimeConfig],
      // Without a build, upload only config.json and leave whatever site is already there.
      prune: hasBuild,
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
    });

    new CfnOutput(this, 'WebUrl', { value: `https://${this.distribution.distributionDomainName}` });
    new CfnOutput(this, 'SiteBucketName', { value: this.bucket.bucketName });
    new CfnOutput(this, 'DistributionId', { value: this.distribution.distributionId });
  }
}
