import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';

/**
 * Per-IP request ceilings at the edge, per 5 minutes, above the API's own limits (docs/security.md
 * "Abuse limits"): a flood is dropped by CloudFront before it reaches a function.
 * - `sensitive`: sign-in, registration, recovery, contact and force check (SENSITIVE_PATHS);
 * - `all`: every request of one viewer, the SPA's files included;
 * - `statusPages`: the public status pages, HTML and JSON (STATUS_PAGE_PATHS): CloudFront answers a
 *   crowd from its cache, but the rule counts before the cache, so one viewer cannot hammer them;
 *   600 per 5 minutes leaves room for many open tabs behind one office address, each refreshing
 *   every 30 s (docs/status-pages.md "Caching").
 */
export const EDGE_RATE_LIMITS = { sensitive: 300, all: 3000, statusPages: 600 } as const;

/** Paths (prefixes) whose requests count against `EDGE_RATE_LIMITS.statusPages`. */
export const STATUS_PAGE_PATHS = ['/status/', '/api/public/status/'] as const;

/** Paths (prefixes) whose requests count against `EDGE_RATE_LIMITS.sensitive`. */
export const SENSITIVE_PATHS = ['/api/auth/', '/api/admin/login', '/api/contact', '/api/monitors/force-check'] as const;

/**
 * Rules of AWSManagedRulesCommonRuleSet that only count, because they would refuse what the
 * product accepts on purpose:
 * - SizeRestrictions_BODY: bodies over 8 KB (monitor CSV uploads; provider webhooks);
 * - GenericRFI_BODY, EC2MetaDataSSRF_BODY: a URL in a body (every monitor's target is one); private
 *   and metadata targets are refused by the API itself with the product's message (docs/security.md "SSRF").
 */
export const COUNTED_COMMON_RULES = ['SizeRestrictions_BODY', 'GenericRFI_BODY', 'EC2MetaDataSSRF_BODY'] as const;

/** Provider webhooks: their bodies are the provider's, checked by signature; the common rules skip them. */
const WEBHOOK_PREFIX = '/api/payments/webhooks/';

const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  sampledRequestsEnabled: true,
  metricName,
});

const pathStartsWith = (prefix: string): CfnWebACL.StatementProperty => ({
  byteMatchStatement: {
    fieldToMatch: { uriPath: {} },
    positionalConstraint: 'STARTS_WITH',
    searchString: prefix,
    textTransformations: [{ priority: 0, type: 'LOWERCASE' }],
  },
});

/**
 * The WAF web ACL in front of the CloudFront distribution (scope CLOUDFRONT, so it must be created
 * in us-east-1): per-IP rate rules and AWS's common rule set. Requests over a rate are answered
 * 403 by CloudFront until the viewer's rate falls under the limit again.
 */
export class EdgeFirewall extends Construct {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: { name: string }) {
    super(scope, id);
    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      name: props.name,
      description: 'Upwatch: per-IP rate limits and AWS common rules in front of CloudFront',
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(props.name),
      rules: [
        {
          name: 'sensitive-rate',
          priority: 0,
          action: { block: {} },
          visibilityConfig: visibility(`${props.name}-sensitive-rate`),
          statement: {
            rateBasedStatement: {
              limit: EDGE_RATE_LIMITS.sensitive,
              aggregateKeyType: 'IP',
              scopeDownStatement: { orStatement: { statements: SENSITIVE_PATHS.map(pathStartsWith) } },
            },
          },
        },
        {
          name: 'all-rate',
          priority: 1,
          action: { block: {} },
          visibilityConfig: visibility(`${props.name}-all-rate`),
          statement: { rateBasedStatement: { limit: EDGE_RATE_LIMITS.all, aggregateKeyType: 'IP' } },
        },
        {
          name: 'aws-common',
          priority: 2,
          overrideAction: { none: {} },
          visibilityConfig: visibility(`${props.name}-aws-common`),
          statement: {
            managedRuleGroupStatement: {
              vendorName: 'AWS',
              name: 'AWSManagedRulesCommonRuleSet',
              ruleActionOverrides: COUNTED_COMMON_RULES.map((name) => ({ name, actionToUse: { count: {} } })),
              scopeDownStatement: { notStatement: { statement: pathStartsWith(WEBHOOK_PREFIX) } },
            },
          },
        },
        {
          name: 'status-page-rate',
          priority: 3,
          action: { block: {} },
          visibilityConfig: visibility(`${props.name}-status-page-rate`),
          statement: {
            rateBasedStatement: {
              limit: EDGE_RATE_LIMITS.statusPages,
              aggregateKeyType: 'IP',
              scopeDownStatement: { orStatement: { statements: STATUS_PAGE_PATHS.map(pathStartsWith) } },
            },
          },
        },
      ],
    });
  }

  get webAclArn(): string {
    return this.webAcl.attrArn;
  }
}
