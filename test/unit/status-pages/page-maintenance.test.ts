import { describe, expect, it } from 'vitest';
import { pageMaintenance, type PageWindow, type WindowOccurrence } from '../../../shared/status-pages/page-maintenance.js';
import type { StatusPageComponent } from '../../../shared/status-pages/schemas.js';

/** docs/status-pages.md "Maintenance on the page": the windows covering a page's components, now and next. */
const NOW = new Date('2026-11-27T10:00:00.000Z');
const components: StatusPageComponent[] = [
  { id: 'C-WEB', monitor_id: 'M-WEB', display_name: 'Website', group: null },
  { id: 'C-DB', monitor_id: 'M-DB', display_name: 'Database', group: null },
];
const window = (over: Partial<PageWindow> & { id: string }): PageWindow => ({ title: `Window ${over.id}`, description: null, monitor_ids: [], status_page_id: null, ...over });

/** A daily run from `hour`:`minute` UTC, one hour long, over the range. */
const daily = (hour: number, minute = 0) => (w: PageWindow, from: Date, to: Date): WindowOccurrence[] => {
  const runs: WindowOccurrence[] = [];
  for (let day = Date.UTC(2026, 10, 27, hour, minute) - 86_400_000; day < to.getTime(); day += 86_400_000) {
    if (day + 3_600_000 > from.getTime()) runs.push({ window_id: w.id, starts_at: new Date(day).toISOString(), ends_at: new Date(day + 3_600_000).toISOString() });
  }
  return runs;
};

describe('pageMaintenance', () => {
  it('shows a run going on now as active and each window once, with its next run, as upcoming', () => {
    const result = pageMaintenance({
      pageId: 'PAGE',
      components,
      windows: [window({ id: 'NOW', monitor_ids: ['M-DB'] }), window({ id: 'LATER', monitor_ids: ['M-WEB', 'M-OTHER'] })],
      occurrencesBetween: (w, from, to) => (w.id === 'NOW' ? daily(9, 30)(w, from, to) : daily(12)(w, from, to)),
      now: NOW,
    });
    expect(result.active).toEqual([
      { id: 'NOW', title: 'Window NOW', description: null, starts_at: '2026-11-27T09:30:00.000Z', ends_at: '2026-11-27T10:30:00.000Z', component_ids: ['C-DB'] },
    ]);
    expect(result.upcoming.map((run) => [run.id, run.starts_at, run.component_ids])).toEqual([
      ['LATER', '2026-11-27T12:00:00.000Z', ['C-WEB']],
      ['NOW', '2026-11-28T09:30:00.000Z', ['C-DB']],
    ]);
  });

  it('covers every component for a window on the whole page, and none for a window elsewhere', () => {
    const result = pageMaintenance({
      pageId: 'PAGE',
      components,
      windows: [window({ id: 'PAGE-WIDE', status_page_id: 'PAGE' }), window({ id: 'ELSEWHERE', monitor_ids: ['M-OTHER'] }), window({ id: 'OTHER-PAGE', status_page_id: 'OTHER' })],
      occurrencesBetween: daily(12),
      now: NOW,
    });
    expect(result.active).toEqual([]);
    expect(result.upcoming).toEqual([expect.objectContaining({ id: 'PAGE-WIDE', component_ids: ['C-WEB', 'C-DB'] })]);
  });
});
