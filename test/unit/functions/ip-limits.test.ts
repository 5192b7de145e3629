import { beforeEach, describe, expect, it, vi } from 'vitest';
import { handler as authArea } from '../../../functions/api/auth/index.js';
import { clientIpOf } from '../../../functions/http/client-address.js';
import { enforceIpLimit, IP_LIMITS } from '../../../functions/http/ip-limits.js';
import { takeRateLimitSlot } from '../../../functions/repositories/rate-limit-repository.js';
import { CLIENT_IP_HEADER } from '../../../shared/api/client-address.js';
import { bodyOf, sampleEvent } from './sample-events.js';

vi.mock('../../../functions/repositories/rate-limit-repository.js', () => ({ takeRateLimitSlot: vi.fn() }));

const withClientIp = (name: string, ip: string | undefined, body?: string) => {
  const event = sampleEvent(name, body === undefined ? {} : { body });
  return { ...event, headers: { ...event.headers, ...(ip === undefined ? {} : { [CLIENT_IP_HEADER]: ip }) } };
};

// A block body: a function returned from beforeEach would run as its teardown.
beforeEach(() => {
  vi.mocked(takeRateLimitSlot).mockReset();
});

describe('per-IP limits in the area entry', () => {
  it('limits the routes that create accounts, send mail or start checks', () => {
    expect(Object.keys(IP_LIMITS).sort()).toEqual([
      'acknowledgeByLink',
      'checkInvitation',
      'checkResetLink',
      'confirmChannel',
      'confirmSubscription',
      'forceCheck',
      'forgotPassword',
      'getAcknowledgement',
      'heartbeatFail',
      'heartbeatFailGet',
      'heartbeatPing',
      'heartbeatPingGet',
      'openStatusPageAccessLink',
      'register',
      'requestStatusPageAccess',
      'resendVerification',
      'submitContact',
      'subscribeToStatusPage',
      'subscribeToStatusPageForm',
      'v1ForceCheck',
    ]);
    // Checking now signed in and with an API key share one counter per IP.
    expect(IP_LIMITS.v1ForceCheck?.scope).toBe(IP_LIMITS.forceCheck?.scope);
    // The four push routes of a heartbeat share one counter per IP.
    expect(new Set(['heartbeatPing', 'heartbeatPingGet', 'heartbeatFail', 'heartbeatFailGet'].map((name) => IP_LIMITS[name as 'heartbeatPing']?.scope))).toEqual(
      new Set(['ip_heartbeat']),
    );
    // Subscribing by JSON and by the page's form share one counter per IP.
    expect(IP_LIMITS.subscribeToStatusPage).toEqual(IP_LIMITS.subscribeToStatusPageForm);
  });

  it('answers 429 to a client IP that has used up register, before the route runs', async () => {
    vi.mocked(takeRateLimitSlot).mockResolvedValue(false);
    const result = await authArea(withClientIp('register', '198.51.100.9'));
    expect(result.statusCode).toBe(429);
    expect(bodyOf(result)).toMatchObject({
      code: 'RATE_LIMITED',
      detail: expect.stringMatching(/^Too many requests from your network\. Please try again in \d+ minutes?\.$/),
    });
    expect(takeRateLimitSlot).toHaveBeenCalledWith(expect.objectContaining({ scope: 'ip_register', subject: '198.51.100.9', limit: 10 }));
  });

  it('lets the route run while the IP has room', async () => {
    vi.mocked(takeRateLimitSlot).mockResolvedValue(true);
    const result = await authArea(withClientIp('forgot-password', '198.51.100.9', '{}'));
    expect(result.statusCode).toBe(400);
  });
});

describe('heartbeat pings are limited per push URL', () => {
  // A fake of the counter items: one count per scope, subject and window, refused over the limit.
  const counts = new Map<string, number>();
  beforeEach(() => {
    counts.clear();
    vi.mocked(takeRateLimitSlot).mockImplementation(async ({ scope, subject, windowStart, limit }) => {
      const key = `${scope}|${subject}|${windowStart.toISOString()}`;
      const used = counts.get(key) ?? 0;
      if (used >= limit) return false;
      counts.set(key, used + 1);
      return true;
    });
  });
  const ping = (token: string) => {
    const event = withClientIp('register', '198.51.100.9');
    return enforceIpLimit('heartbeatPing', { ...event, routeKey: 'POST /api/heartbeat/{token}', pathParameters: { token } }, new Date('2026-11-28T06:00:00Z'));
  };
  const runaway = 'a'.repeat(43);
  const neighbour = 'b'.repeat(43);

  it('stops one runaway job on its own URL while another job behind the same IP keeps pinging', async () => {
    for (let i = 0; i < 120; i += 1) await ping(runaway);
    await expect(ping(runaway)).rejects.toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many pings to this URL\. Please try again in \d+ minutes?\.$/) });
    await expect(ping(neighbour)).resolves.toBeUndefined();
  });

  it('counts the URL by its hash, never the secret itself, and keeps a generous per-IP ceiling', async () => {
    await ping(runaway);
    const subjects = vi.mocked(takeRateLimitSlot).mock.calls.map(([slot]) => `${slot.scope}:${slot.subject}`);
    expect(subjects).toEqual([expect.stringMatching(/^token_heartbeat:[A-Za-z0-9_-]{43}$/), 'ip_heartbeat:198.51.100.9']);
    expect(subjects.join()).not.toContain(runaway);
    expect(IP_LIMITS.heartbeatPing?.limit).toBeGreaterThanOrEqual(6000);
  });
});

describe('clientIpOf', () => {
  it('takes the address CloudFront or the local gateway stamped, else the source API Gateway saw', () => {
    expect(clientIpOf(withClientIp('register', '2001:DB8::1'))).toBe('2001:db8::1');
    expect(clientIpOf(withClientIp('register', undefined))).toBe('203.0.113.10');
  });

  it('never lets a header that is not an address choose the key', () => {
    expect(clientIpOf(withClientIp('register', 'x#WINDOW#2025'))).toBe('203.0.113.10');
  });
});
