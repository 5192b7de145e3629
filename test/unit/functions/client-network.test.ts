import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handler as authArea } from '../../../functions/api/auth/index.js';
import { clientIpOf } from '../../../functions/http/client-address.js';
import { takeRateLimitSlot } from '../../../functions/repositories/rate-limit-repository.js';
import { resetOriginSecretForTests } from '../../../functions/secrets/origin-secret.js';
import { CLIENT_IP_HEADER, ORIGIN_SECRET_HEADER, clientNetworkOf } from '../../../shared/api/client-address.js';
import { bodyOf, sampleEvent } from './sample-events.js';

vi.mock('../../../functions/repositories/rate-limit-repository.js', () => ({ takeRateLimitSlot: vi.fn() }));

// docs/security.md "Abuse limits": who a per-IP limit counts, and which requests may say who they are.

const withHeaders = (name: string, headers: Record<string, string>) => {
  const event = sampleEvent(name);
  return { ...event, headers: { ...event.headers, ...headers } };
};

describe('clientNetworkOf', () => {
  it.each([
    ['198.51.100.7', '198.51.100.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:DB8:1:2::99', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::ffff:198.51.100.7', '198.51.100.7'],
    ['::FFFF:c633:6407', '198.51.100.7'],
    ['2001:db8:1:2::/64', '2001:db8:1:2::/64'],
    ['unknown', 'unknown'],
  ])('counts %s as %s', (ip, network) => {
    expect(clientNetworkOf(ip)).toBe(network);
  });

  it('gives every address of one /64 the same key, and the next /64 another', () => {
    const keys = new Set(['2001:db8:a:b::1', '2001:db8:a:b:ffff::2', '2001:db8:a:b:1234:5678:9abc:def0'].map(clientNetworkOf));
    expect(keys).toEqual(new Set(['2001:db8:a:b::/64']));
    expect(clientNetworkOf('2001:db8:a:c::1')).not.toBe('2001:db8:a:b::/64');
  });
});

describe('clientIpOf', () => {
  it('reads an IPv4 address wrapped in IPv6 as the IPv4 address, and keeps a full IPv6 address for people to read', () => {
    expect(clientIpOf(withHeaders('register', { [CLIENT_IP_HEADER]: '::ffff:198.51.100.7' }))).toBe('198.51.100.7');
    expect(clientIpOf(withHeaders('register', { [CLIENT_IP_HEADER]: '2001:db8:1:2::99' }))).toBe('2001:db8:1:2::99');
  });

  it('never reads X-Forwarded-For, whatever its first entry says', () => {
    expect(clientIpOf(withHeaders('register', { 'x-forwarded-for': '192.0.2.1, 198.51.100.7', [CLIENT_IP_HEADER]: '198.51.100.8' }))).toBe('198.51.100.8');
    expect(clientIpOf(withHeaders('register', { 'x-forwarded-for': '192.0.2.1' }))).toBe('203.0.113.10');
  });
});

describe('per-IP limits count an IPv6 client by its /64', () => {
  beforeEach(() => vi.mocked(takeRateLimitSlot).mockReset().mockResolvedValue(false));

  it('takes the slot of the /64, not of the address', async () => {
    for (const ip of ['2001:db8:7:7::1', '2001:db8:7:7:dead:beef::2']) {
      const result = await authArea(withHeaders('register', { [CLIENT_IP_HEADER]: ip }));
      expect(result.statusCode).toBe(429);
    }
    expect(vi.mocked(takeRateLimitSlot).mock.calls.map(([slot]) => slot.subject)).toEqual(['2001:db8:7:7::/64', '2001:db8:7:7::/64']);
  });
});

describe('only requests that came through CloudFront are served', () => {
  const secret = 'the-origin-secret-of-this-test';
  beforeEach(() => {
    vi.mocked(takeRateLimitSlot).mockReset().mockResolvedValue(true);
    process.env.LOCAL_ORIGIN_SECRET = secret;
    resetOriginSecretForTests();
  });
  afterEach(() => {
    delete process.env.LOCAL_ORIGIN_SECRET;
    resetOriginSecretForTests();
  });

  it('answers 403 with a detail to a request without the origin secret or with a wrong one, before any limit or route runs', async () => {
    const attempts: Record<string, string>[] = [{}, { [ORIGIN_SECRET_HEADER]: 'guessed' }, { [ORIGIN_SECRET_HEADER]: `${secret}x` }];
    for (const headers of attempts) {
      const result = await authArea(withHeaders('register', { [CLIENT_IP_HEADER]: '198.51.100.9', ...headers }));
      expect(result.statusCode).toBe(403);
      expect(bodyOf(result)).toEqual({
        code: 'NOT_THROUGH_EDGE',
        detail: "Upwatch's API answers only at the app's own address; call it there, not at the API Gateway endpoint.",
      });
    }
    expect(takeRateLimitSlot).not.toHaveBeenCalled();
  });

  it('serves a request that carries it', async () => {
    const result = await authArea(withHeaders('forgot-password', { [ORIGIN_SECRET_HEADER]: secret }));
    expect(result.statusCode).not.toBe(403);
  });
});
