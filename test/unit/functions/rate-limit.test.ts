import { beforeEach, describe, expect, it, vi } from 'vitest';
import { takeRateLimitSlot } from '../../../functions/repositories/rate-limit-repository.js';
import { enforceRateLimit, fixedWindow, minutesUntil } from '../../../functions/services/rate-limit.js';

vi.mock('../../../functions/repositories/rate-limit-repository.js', () => ({ takeRateLimitSlot: vi.fn() }));

beforeEach(() => vi.mocked(takeRateLimitSlot).mockReset());

describe('fixedWindow', () => {
  it('aligns windows to the epoch, so every request in one window shares its counter', () => {
    expect(fixedWindow(new Date('2025-03-01T10:47:12Z'), 600)).toEqual({
      start: new Date('2025-03-01T10:40:00Z'),
      end: new Date('2025-03-01T10:50:00Z'),
    });
    expect(fixedWindow(new Date('2025-03-01T10:00:00Z'), 3600).start).toEqual(new Date('2025-03-01T10:00:00Z'));
  });
});

describe('minutesUntil', () => {
  it('rounds the wait up to whole minutes, never below one', () => {
    const now = new Date('2025-03-01T10:47:12Z');
    expect(minutesUntil(now, new Date('2025-03-01T10:50:00Z'))).toBe('3 minutes');
    expect(minutesUntil(now, new Date('2025-03-01T10:47:30Z'))).toBe('1 minute');
    expect(minutesUntil(now, now)).toBe('1 minute');
  });
});

describe('enforceRateLimit', () => {
  const rule = { scope: 'contact', limit: 3, windowSeconds: 3600 };
  const now = new Date('2025-03-01T10:48:00Z');

  it('counts a use in the current window and lets it through', async () => {
    vi.mocked(takeRateLimitSlot).mockResolvedValue(true);
    await expect(enforceRateLimit(rule, 'ada@example.com', now, () => 'no')).resolves.toBeUndefined();
    expect(takeRateLimitSlot).toHaveBeenCalledWith({
      scope: 'contact',
      subject: 'ada@example.com',
      windowStart: new Date('2025-03-01T10:00:00Z'),
      windowEnd: new Date('2025-03-01T11:00:00Z'),
      limit: 3,
    });
  });

  it('answers 429 with the caller-worded detail and the wait when the window is full', async () => {
    vi.mocked(takeRateLimitSlot).mockResolvedValue(false);
    await expect(enforceRateLimit(rule, 'ada@example.com', now, (wait) => `Slow down; try again in ${wait}.`)).rejects.toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      detail: 'Slow down; try again in 12 minutes.',
    });
  });
});
