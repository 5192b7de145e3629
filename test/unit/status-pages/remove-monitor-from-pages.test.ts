import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoredStatusPage } from '../../../functions/repositories/status-page-repository.js';

/** A deleted monitor leaves every page of its owner that shows it (docs/status-pages.md "Pages and components"). */
const pages = new Map<string, StoredStatusPage>();
const replaceStatusPage = vi.fn(async (previous: StoredStatusPage, next: StoredStatusPage) => {
  const stored = pages.get(previous.id);
  if (!stored || stored.updatedAt !== previous.updatedAt) return 'changed' as const;
  pages.set(next.id, next);
  return 'saved' as const;
});
vi.mock('../../../functions/repositories/status-page-repository.js', () => ({
  listStatusPages: vi.fn(async () => [...pages.values()].map((page) => structuredClone(page))),
  replaceStatusPage,
}));

const { removeMonitorFromStatusPages } = await import('../../../functions/services/status-pages/remove-monitor-from-pages.js');

const page = (id: string, monitorIds: string[]): StoredStatusPage => ({
  id,
  userId: 'u1',
  name: id,
  slug: id.toLowerCase(),
  description: null,
  logoUrl: null,
  accentColor: null,
  components: monitorIds.map((monitorId) => ({ id: `C-${monitorId}`, monitor_id: monitorId, display_name: monitorId, group: null })),
  showAutomaticIncidents: true,
  access: { visibility: 'public', passwordHash: null, allowedEmailDomains: [], version: 0 },
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
});

describe('removeMonitorFromStatusPages', () => {
  beforeEach(() => {
    pages.clear();
    replaceStatusPage.mockClear();
  });

  it('drops the component from the pages that show the monitor and leaves the others alone', async () => {
    pages.set('A', page('A', ['M1', 'M2']));
    pages.set('B', page('B', ['M2']));
    pages.set('C', page('C', ['M1']));
    await removeMonitorFromStatusPages('u1', 'M1');
    expect(pages.get('A')!.components.map((component) => component.id)).toEqual(['C-M2']);
    expect(pages.get('B')!.components.map((component) => component.id)).toEqual(['C-M2']);
    expect(pages.get('C')!.components).toEqual([]);
    expect(replaceStatusPage).toHaveBeenCalledTimes(2);
  });

  it('reads a page edited at the same time again, and keeps that edit', async () => {
    pages.set('A', page('A', ['M1', 'M2']));
    // The owner renames the page between the read and the write.
    replaceStatusPage.mockImplementationOnce(async (previous) => {
      pages.set('A', { ...previous, name: 'Renamed', updatedAt: '2026-11-02T00:00:00.000Z' });
      return 'changed';
    });
    await removeMonitorFromStatusPages('u1', 'M1');
    expect(pages.get('A')).toMatchObject({ name: 'Renamed', components: [expect.objectContaining({ monitor_id: 'M2' })] });
  });
});
