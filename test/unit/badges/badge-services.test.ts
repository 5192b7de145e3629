import { caller } from '../functions/profile-fixture.js';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createBadgeLinks, getBadgeLinks } from '../../../functions/services/badges/badge-links.js';
import { serveBadge } from '../../../functions/services/badges/serve-badge.js';
import { deleteBadgeLookup, findBadgeMonitor, getBadgeToken, replaceBadgeToken } from '../../../functions/repositories/badge-repository.js';
import { getUserMonitor } from '../../../functions/repositories/monitor-read-repository.js';
import { thirtyDayUptime } from '../../../functions/services/insights/thirty-day-uptime.js';
import type { Monitor } from '../../../shared/monitors/schemas.js';

vi.mock('../../../functions/repositories/badge-repository.js', () => ({
  getBadgeToken: vi.fn(),
  replaceBadgeToken: vi.fn(),
  findBadgeMonitor: vi.fn(),
  deleteBadgeLookup: vi.fn(),
}));
vi.mock('../../../functions/repositories/monitor-read-repository.js', () => ({ getUserMonitor: vi.fn() }));
vi.mock('../../../functions/services/insights/thirty-day-uptime.js', () => ({ thirtyDayUptime: vi.fn() }));
vi.mock('../../../functions/config.js', () => ({ config: () => ({ appUrl: 'https://upwatch.example' }) }));

const ctx = caller();
const MONITOR_ID = '01JABCDEFGHJKMNPQRSTVWXYZ0';
const TOKEN = 'k'.repeat(43);

beforeEach(() => {
  vi.resetAllMocks();
});

describe("the owner's badge links", () => {
  it("answers another account's monitor (or none) with a 404, for reading and for creating", async () => {
    vi.mocked(getBadgeToken).mockResolvedValue(null);
    await expect(getBadgeLinks({ ctx, monitorId: MONITOR_ID })).rejects.toMatchObject({ status: 404, detail: 'Monitor not found' });
    await expect(createBadgeLinks({ ctx, monitorId: MONITOR_ID })).rejects.toMatchObject({ status: 404 });
    expect(replaceBadgeToken).not.toHaveBeenCalled();
  });

  it('builds both links on the app origin from the stored token, and null before there is one', async () => {
    vi.mocked(getBadgeToken).mockResolvedValueOnce(TOKEN).mockResolvedValueOnce(undefined);
    expect(await getBadgeLinks({ ctx, monitorId: MONITOR_ID })).toEqual({
      links: {
        status_url: `https://upwatch.example/api/public/badges/${TOKEN}/status.svg`,
        uptime_url: `https://upwatch.example/api/public/badges/${TOKEN}/uptime.svg`,
      },
    });
    expect(await getBadgeLinks({ ctx, monitorId: MONITOR_ID })).toEqual({ links: null });
  });

  it('replaces the token it read with a fresh one, and reads again when another request changed it first', async () => {
    vi.mocked(getBadgeToken).mockResolvedValueOnce(undefined).mockResolvedValueOnce(TOKEN);
    vi.mocked(replaceBadgeToken).mockResolvedValueOnce('changed').mockResolvedValueOnce('set');
    const { links } = await createBadgeLinks({ ctx, monitorId: MONITOR_ID });
    const calls = vi.mocked(replaceBadgeToken).mock.calls.map(([opts]) => opts);
    expect(calls.map((opts) => opts.current)).toEqual([undefined, TOKEN]);
    const next = calls[1]!.next;
    expect(next).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(next).not.toBe(calls[0]!.next);
    expect(links?.status_url).toBe(`https://upwatch.example/api/public/badges/${next}/status.svg`);
  });

  it('gives up with a 409 when the token keeps changing, and a 404 when the monitor went meanwhile', async () => {
    vi.mocked(getBadgeToken).mockResolvedValue(TOKEN);
    vi.mocked(replaceBadgeToken).mockResolvedValue('changed');
    await expect(createBadgeLinks({ ctx, monitorId: MONITOR_ID })).rejects.toMatchObject({ status: 409 });
    vi.mocked(replaceBadgeToken).mockResolvedValue('gone');
    await expect(createBadgeLinks({ ctx, monitorId: MONITOR_ID })).rejects.toMatchObject({ status: 404 });
  });
});

describe('serving a badge', () => {
  const monitor = { name: 'Shop', status: 'active', is_up: false, response_time: null, slow_threshold: 5 } as unknown as Monitor;

  it('answers a malformed token "not found" without reading the table', async () => {
    const served = await serveBadge({ token: 'short', kind: 'status' });
    expect(served.found).toBe(false);
    expect(served.svg).toContain('<title>badge: not found</title>');
    expect(findBadgeMonitor).not.toHaveBeenCalled();
  });

  it("shows the monitor's state under its name, or the label asked for", async () => {
    vi.mocked(findBadgeMonitor).mockResolvedValue({ userId: 'user-1', monitorId: MONITOR_ID });
    vi.mocked(getUserMonitor).mockResolvedValue(monitor);
    expect((await serveBadge({ token: TOKEN, kind: 'status' })).svg).toContain('<title>Shop: down</title>');
    expect((await serveBadge({ token: TOKEN, kind: 'status', label: 'api' })).svg).toContain('<title>api: down</title>');
    expect(getUserMonitor).toHaveBeenCalledWith('user-1', MONITOR_ID);
  });

  it('shows the 30-day uptime the monitor page computes', async () => {
    vi.mocked(findBadgeMonitor).mockResolvedValue({ userId: 'user-1', monitorId: MONITOR_ID });
    vi.mocked(thirtyDayUptime).mockResolvedValue({ percent: 99.5 });
    const now = new Date('2026-11-27T12:00:00.000Z');
    expect((await serveBadge({ token: TOKEN, kind: 'uptime', now })).svg).toContain('<title>uptime 30d: 99.5%</title>');
    expect(thirtyDayUptime).toHaveBeenCalledWith('user-1', MONITOR_ID, now);
  });

  it('removes a lookup whose monitor is gone and answers "not found"', async () => {
    vi.mocked(findBadgeMonitor).mockResolvedValue({ userId: 'user-1', monitorId: MONITOR_ID });
    vi.mocked(getUserMonitor).mockResolvedValue(null);
    vi.mocked(thirtyDayUptime).mockResolvedValue(null);
    for (const kind of ['status', 'uptime'] as const) {
      expect((await serveBadge({ token: TOKEN, kind })).found).toBe(false);
    }
    expect(deleteBadgeLookup).toHaveBeenCalledTimes(2);
    expect(deleteBadgeLookup).toHaveBeenCalledWith(TOKEN);
  });
});
