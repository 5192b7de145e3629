import { describe, expect, it } from 'vitest';
import { stampEdgeHeaders } from '../../../infra/local/gateway.js';
import { CLIENT_IP_HEADER, ORIGIN_SECRET_HEADER } from '../../../shared/api/client-address.js';

// docs/security.md "Abuse limits": locally the gateway does what CloudFront does on AWS.
describe('the local gateway plays CloudFront', () => {
  const request = (headers: Record<string, string>) => ({ headers: { ...headers } as Record<string, string | string[] | undefined>, socket: { remoteAddress: '::ffff:127.0.0.1' } });

  it('takes the last X-Forwarded-For entry (the one the trusted proxy appended), never the first', () => {
    const forged = request({ 'x-forwarded-for': '192.0.2.55, 198.51.100.20', [CLIENT_IP_HEADER]: '192.0.2.66' });
    stampEdgeHeaders(forged as never, { trustForwardedFor: true, originSecret: 's' });
    expect(forged.headers[CLIENT_IP_HEADER]).toBe('198.51.100.20');
    expect(forged.headers[ORIGIN_SECRET_HEADER]).toBe('s');
  });

  it('without a trusted proxy, uses the connection and ignores the header entirely', () => {
    const direct = request({ 'x-forwarded-for': '192.0.2.55', [ORIGIN_SECRET_HEADER]: 'sent by the client' });
    stampEdgeHeaders(direct as never, { trustForwardedFor: false });
    expect(direct.headers[CLIENT_IP_HEADER]).toBe('127.0.0.1');
    expect(direct.headers[ORIGIN_SECRET_HEADER]).toBeUndefined();
  });
});
