import { describe, expect, it } from 'vitest';
import { openHourCounters } from '../../../functions/services/status-pages/load-public-page.js';

/** Today's bar adds the hour still open, under the names closed hours are stored with (docs/status-pages.md "Daily rollups"). */
describe('openHourCounters', () => {
  it('names the open hour counters as stored rollups do, every numeric one, with their day', () => {
    expect(openHourCounters({ hour: '2026-11-27T10', checks: 4, ups: 3, responseTimeSumMs: 600, responseTimeCount: 3, maintenance: 2 })).toEqual({
      day: '2026-11-27',
      counters: { checks: 4, ups: 3, response_time_sum_ms: 600, response_time_count: 3, maintenance: 2 },
    });
  });

  it('is nothing without an open hour', () => {
    expect(openHourCounters(null)).toBeNull();
    expect(openHourCounters({ checks: 1 })).toBeNull();
  });
});
