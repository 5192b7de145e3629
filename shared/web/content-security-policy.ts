/**
 * The Content-Security-Policy of the web app, one definition for CloudFront's response headers
 * policy (infra/stacks/web-stack.ts) and the local gateway (infra/local/gateway.ts): no inline
 * script anywhere (the build emits only external module scripts), nothing from other origins but
 * what the app is configured to load (docs/security.md, "Browser").
 *
 * - Razorpay's checkout script comes from `razorpayCheckoutUrl` (AWS:
 *   https://checkout.razorpay.com/v1/checkout.js; locally the local provider), and opens its frames
 *   from that origin and, on AWS, from api.razorpay.com. Stripe Checkout is a full-page redirect:
 *   no script, frame or connection of ours goes there.
 * - The SPA talks to its own origin (`/api`, `/config.json`) and, through Amplify, may talk to the
 *   Cognito endpoint; it keeps a WebSocket open to the live-status API (`liveSocketUrl`: its own
 *   origin locally, API Gateway's on AWS; docs/live-status.md "Pushes").
 * - One page, the API reference (`API_REFERENCE_PATHS`), also allows inline styles: Scalar, which
 *   renders it, sets style attributes as it lays the page out. Inline script stays refused there
 *   too (docs/security.md "Browser", docs/api.md "The reference page").
 */

/** Razorpay's hosted checkout script on AWS (docs/billing.md). */
export const RAZORPAY_CHECKOUT_URL = 'https://checkout.razorpay.com/v1/checkout.js';

/** Razorpay's checkout opens its frames from these, besides the script's own origin. */
const RAZORPAY_FRAME_ORIGINS = ['https://api.razorpay.com', 'https://checkout.razorpay.com'];

/**
 * The paths served with `inlineStyles` (CloudFront behaviours and the local gateway). The policy
 * belongs to the document, so the app opens the reference with a full page load (`reloadDocument`).
 */
export const API_REFERENCE_PATHS = ['/docs/api', '/docs/api/*'] as const;

/** Whether `pathname` is one of `API_REFERENCE_PATHS`. */
export const isApiReferencePath = (pathname: string): boolean => pathname === '/docs/api' || pathname.startsWith('/docs/api/');

export interface CspSources {
  /** Where the SPA loads Razorpay's checkout script from; none when UPI checkout is not configured. */
  razorpayCheckoutUrl?: string | null;
  /** The Cognito endpoint Amplify may call (e.g. https://cognito-idp.us-east-1.amazonaws.com). */
  cognitoEndpoint?: string | null;
  /** The WebSocket API of live status when it is on another origin (`wss://<api>.execute-api...`); a path is the page's own. */
  liveSocketUrl?: string | null;
  /** Allow inline styles (`style-src 'self' 'unsafe-inline'`): the API reference page only. */
  inlineStyles?: boolean;
}

const originOf = (url: string | null | undefined): string | null => {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

const unique = (values: (string | null)[]): string[] => [...new Set(values.filter((value): value is string => !!value))];

export const contentSecurityPolicy = (sources: CspSources = {}): string => {
  const razorpay = originOf(sources.razorpayCheckoutUrl);
  const hostedRazorpay = razorpay !== null && razorpay === originOf(RAZORPAY_CHECKOUT_URL);
  const frames = unique([razorpay, ...(hostedRazorpay ? RAZORPAY_FRAME_ORIGINS : [])]);
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', unique(["'self'", razorpay])],
    ['style-src', sources.inlineStyles ? ["'self'", "'unsafe-inline'"] : ["'self'"]],
    ['img-src', ["'self'", 'data:']],
    ['font-src', ["'self'"]],
    ['connect-src', unique(["'self'", originOf(sources.cognitoEndpoint), originOf(sources.liveSocketUrl), ...(hostedRazorpay ? RAZORPAY_FRAME_ORIGINS : [razorpay])])],
    ['frame-src', frames.length ? frames : ["'none'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');
};
