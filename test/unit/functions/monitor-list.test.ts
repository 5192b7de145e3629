import { describe, expect, it } from 'vitest';
import { checkOptionsView } from '../../../shared/monitors/check-options.js';
import { monitorTypeView } from '../../../shared/monitors/monitor-types.js';
import { ListMonitorsQuery, type Monitor } from '../../../shared/monitors/schemas.js';
import { matchesStatusFilter, selectMonitorPage } from '../../../functions/services/monitors/monitor-list.js';

let seq = 0;
const monitor = (fields: Partial<Monitor>): Monitor => {
  seq += 1;
  return {
    id: `01JD${String(seq).padStart(22, '0')}`,
    name: `Monitor ${seq}`,
    url: `https://site-${seq}.example.com`,
    status: 'active',
    is_up: true,
    response_time: 0.2,
    check_interval: 300,
    timeout: 30,
    slow_threshold: 5,
    last_checked: null,
    latest_incident: null,
    created_at: new Date(Date.UTC(2025, 0, 1, 0, seq)).toISOString(),
    ...checkOptionsView(undefined),
    ...monitorTypeView(undefined, { appUrl: '' }),
    ssl: null,
    channel_ids: null,
    alert_rules: null,
    ...fields,
  };
};

const query = (raw: Record<string, string> = {}) => ListMonitorsQuery.parse(raw);

describe('matchesStatusFilter', () => {
  const up = monitor({ is_up: true });
  const down = monitor({ is_up: false });
  const paused = monitor({ status: 'paused', is_up: true });
  const pending = monitor({ is_up: null });

  it('online means active and up', () => {
    expect([up, down, paused, pending].map((m) => matchesStatusFilter(m, 'online'))).toEqual([true, false, false, false]);
  });

  it('offline means active and down; paused and pending match neither', () => {
    expect([up, down, paused, pending].map((m) => matchesStatusFilter(m, 'offline'))).toEqual([false, true, false, false]);
  });

  it('no filter matches everything', () => {
    expect([up, down, paused, pending].every((m) => matchesStatusFilter(m, undefined))).toBe(true);
  });
});

describe('selectMonitorPage', () => {
  it('orders newest first', () => {
    const older = monitor({ name: 'older' });
    const newer = monitor({ name: 'newer' });
    expect(selectMonitorPage([older, newer], query()).monitors.map((m) => m.name)).toEqual(['newer', 'older']);
  });

  it('searches name or URL case-insensitively', () => {
    const shop = monitor({ name: 'Shop Front', url: 'https://a.example.com' });
    const blog = monitor({ name: 'Blog', url: 'https://SHOP.example.org/blog' });
    const other = monitor({ name: 'Docs', url: 'https://docs.example.net' });
    const page = selectMonitorPage([shop, blog, other], query({ search: 'shop' }));
    expect(page.monitors.map((m) => m.name).sort()).toEqual(['Blog', 'Shop Front']);
    expect(page.total).toBe(2);
  });

  it('combines the status filter and the search', () => {
    const upShop = monitor({ name: 'shop up', is_up: true });
    const downShop = monitor({ name: 'shop down', is_up: false });
    const page = selectMonitorPage([upShop, downShop], query({ search: 'SHOP', status_filter: 'offline' }));
    expect(page.monitors.map((m) => m.name)).toEqual(['shop down']);
  });

  it('slices the requested page and counts pages as ceil(total / limit)', () => {
    const all = Array.from({ length: 25 }, () => monitor({}));
    const second = selectMonitorPage(all, query({ page: '2', limit: '12' }));
    expect(second).toMatchObject({ total: 25, pages: 3, page: 2 });
    expect(second.monitors).toHaveLength(12);
    const third = selectMonitorPage(all, query({ page: '3', limit: '12' }));
    expect(third.monitors).toHaveLength(1);
  });

  it('reports 0 pages and an empty list when nothing matches', () => {
    expect(selectMonitorPage([], query())).toEqual({ monitors: [], total: 0, pages: 0, page: 1 });
  });

  it('returns an empty page, not an error, past the last page', () => {
    const page = selectMonitorPage([monitor({})], query({ page: '5' }));
    expect(page).toMatchObject({ monitors: [], total: 1, pages: 1, page: 5 });
  });
});
