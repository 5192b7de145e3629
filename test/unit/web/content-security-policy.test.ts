import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, isApiReferencePath, RAZORPAY_CHECKOUT_URL } from '../../../shared/web/content-security-policy.js';

const directive = (policy: string, name: string): string[] =>
  policy.split('; ').find((part) => part.startsWith(`${name} `))?.split(' ').slice(1) ?? [];

describe('contentSecurityPolicy', () => {
  it('allows no inline script and no script origin but our own without a checkout configured', () => {
    const policy = contentSecurityPolicy();
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).not.toContain('unsafe-eval');
    expect(directive(policy, 'script-src')).toEqual(["'self'"]);
    expect(directive(policy, 'frame-src')).toEqual(["'none'"]);
    expect(directive(policy, 'object-src')).toEqual(["'none'"]);
    expect(directive(policy, 'frame-ancestors')).toEqual(["'none'"]);
  });

  it("allows Razorpay's hosted checkout script and its frames on AWS, nothing more", () => {
    const policy = contentSecurityPolicy({ razorpayCheckoutUrl: RAZORPAY_CHECKOUT_URL, cognitoEndpoint: 'https://cognito-idp.us-east-1.amazonaws.com' });
    expect(directive(policy, 'script-src')).toEqual(["'self'", 'https://checkout.razorpay.com']);
    expect(directive(policy, 'frame-src').sort()).toEqual(['https://api.razorpay.com', 'https://checkout.razorpay.com']);
    expect(directive(policy, 'connect-src')).toContain('https://cognito-idp.us-east-1.amazonaws.com');
  });

  it("allows the local provider's origin for its script and frames, built from the configured URL", () => {
    const policy = contentSecurityPolicy({ razorpayCheckoutUrl: 'http://127.0.0.1:7123/v1/checkout.js' });
    expect(directive(policy, 'script-src')).toEqual(["'self'", 'http://127.0.0.1:7123']);
    expect(directive(policy, 'frame-src')).toEqual(['http://127.0.0.1:7123']);
    expect(policy).not.toContain('razorpay.com');
  });

  it('allows inline styles, and still no inline script, only when asked (the API reference page)', () => {
    const policy = contentSecurityPolicy({ inlineStyles: true });
    expect(directive(policy, 'style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(directive(policy, 'script-src')).toEqual(["'self'"]);
    expect(directive(contentSecurityPolicy(), 'style-src')).toEqual(["'self'"]);
  });

  it('counts /docs/api and the paths under it as the API reference, nothing else', () => {
    expect(['/docs/api', '/docs/api/', '/docs/api/monitors'].map(isApiReferencePath)).toEqual([true, true, true]);
    expect(['/docs/apis', '/docs', '/', '/api/v1/openapi.json'].map(isApiReferencePath)).toEqual([false, false, false, false]);
  });
});
